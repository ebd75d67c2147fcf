import { english } from "@sprout/shared/i18n/english";
import type {
  FeedbackInput,
  FeedbackList,
  FeedbackStatus,
  FeedbackSummary,
} from "@sprout/shared/schemas/communication";
import { COMMUNICATION_MESSAGES, cursorOf, FEEDBACK_DIALOG_LINK } from "@sprout/shared/schemas/communication";
import { and, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { parentFeedback } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { assertCentreInScope } from "../children/service.ts";
import { olderThan } from "./keyset.ts";
import type { LeadershipOf } from "./leadership.ts";
import { excerpt, type NotificationsService } from "./notifications.ts";
import { answersFeedback, givesFeedback } from "./policy.ts";
import { toFeedback } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  notifications: NotificationsService;
  leadershipOf: LeadershipOf;
}

const author = alias(users, "feedback_parent");
const responder = alias(users, "feedback_responder");

/** Parents' feedback about their centre; the director (or owner) answers it. */
export function createFeedbackService({ db, clock, realtime, notifications, leadershipOf }: Deps) {
  /** A parent sees their own feedback; leadership sees their centres' (or the one asked for). */
  async function visible(caller: Caller, centerId?: string): Promise<SQL> {
    const scope = await caller.scope();
    assertCentreInScope(scope, centerId);
    if (givesFeedback(caller)) {
      return and(
        eq(parentFeedback.parentId, caller.userId),
        centerId ? eq(parentFeedback.centerId, centerId) : undefined,
      )!;
    }
    if (!answersFeedback(caller)) throw forbidden();
    const centres = centerId ? [centerId] : scope.centerIds;
    return centres.length > 0 ? inArray(parentFeedback.centerId, centres) : sql`false`;
  }

  const selectFeedback = () =>
    db
      .select({
        id: parentFeedback.id,
        centerId: parentFeedback.centerId,
        childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
        parentName: author.fullName,
        category: parentFeedback.category,
        rating: parentFeedback.rating,
        comment: parentFeedback.comment,
        status: parentFeedback.status,
        response: parentFeedback.response,
        respondedByName: responder.fullName,
        respondedAt: parentFeedback.respondedAt,
        createdAt: parentFeedback.createdAt,
      })
      .from(parentFeedback)
      .innerJoin(students, eq(students.id, parentFeedback.childId))
      .innerJoin(author, eq(author.id, parentFeedback.parentId))
      .leftJoin(responder, eq(responder.id, parentFeedback.respondedBy));

  async function one(id: string) {
    const [row] = await selectFeedback().where(eq(parentFeedback.id, id));
    return toFeedback(row!);
  }

  return {
    async send(caller: Caller, input: FeedbackInput) {
      const scope = await caller.scope();
      if (!givesFeedback(caller) || !scope.childIds?.includes(input.child_id)) throw notFound("Child");
      const [child] = await db
        .select({ centerId: students.centerId })
        .from(students)
        .where(and(eq(students.id, input.child_id), ne(students.status, "left")));
      if (!child) throw notFound("Child");
      const [row] = await db
        .insert(parentFeedback)
        .values({
          centerId: child.centerId,
          parentId: caller.userId,
          childId: input.child_id,
          category: input.category,
          rating: input.rating,
          comment: input.comment,
          createdAt: clock.now(),
        })
        .returning({ id: parentFeedback.id });
      // Only those who answer feedback hear of it: the staff room would tell every teacher too.
      realtime.toUsers(await leadershipOf(child.centerId, "feedback.respond"), "new-feedback", { id: row!.id });
      return one(row!.id);
    },

    /**
     * One page, newest first, from the previous page's cursor. Keyset paging: answering an item
     * while the Pending filter is shown, or new feedback arriving, moves no other item across a
     * page boundary; and no count is taken per page (the summary has the figures).
     */
    async list(
      caller: Caller,
      query: { cursor?: string; limit: number; status?: FeedbackStatus; center_id?: string },
    ): Promise<FeedbackList> {
      const rows = await selectFeedback()
        .where(
          and(
            await visible(caller, query.center_id),
            query.status ? eq(parentFeedback.status, query.status) : undefined,
            olderThan(parentFeedback.createdAt, parentFeedback.id, query.cursor),
          ),
        )
        .orderBy(desc(parentFeedback.createdAt), desc(parentFeedback.id))
        .limit(query.limit + 1);
      const feedback = rows.slice(0, query.limit).map(toFeedback);
      const last = feedback.at(-1);
      return { feedback, next_cursor: rows.length > query.limit && last ? cursorOf(last.created_at, last.id) : null };
    },

    /** Answers pending feedback once: one statement moves it from pending to responded. */
    async respond(caller: Caller, id: string, response: string) {
      const where = await visible(caller);
      const [updated] = await db
        .update(parentFeedback)
        .set({ status: "responded", response, respondedBy: caller.userId, respondedAt: clock.now() })
        .where(and(eq(parentFeedback.id, id), eq(parentFeedback.status, "pending"), where))
        .returning({ parentId: parentFeedback.parentId });
      if (!updated) {
        const [existing] = await db
          .select({ id: parentFeedback.id })
          .from(parentFeedback)
          .where(and(eq(parentFeedback.id, id), where));
        if (!existing) throw notFound("Feedback");
        throw conflict(COMMUNICATION_MESSAGES.alreadyResponded);
      }
      await notifications.notify([updated.parentId], {
        kind: "feedback_response",
        title: english("bell.feedbackAnswered"),
        body: excerpt(response),
        // The answer is shown in the parent's Feedback dialog, which this link opens.
        link: FEEDBACK_DIALOG_LINK,
      });
      realtime.toUsers([updated.parentId], "feedback-response", { id });
      return one(id);
    },

    /** spec 2: total_feedback, pending_feedback, avg_rating (the director dashboard's figures). */
    async summary(caller: Caller, centerId?: string): Promise<FeedbackSummary> {
      const [row] = await db
        .select({
          total: count(),
          pending: sql<number>`count(*) filter (where ${parentFeedback.status} = 'pending')`.mapWith(Number),
          average: sql<string | null>`round(avg(${parentFeedback.rating}), 1)`,
        })
        .from(parentFeedback)
        .where(await visible(caller, centerId));
      return {
        total_feedback: row?.total ?? 0,
        pending_feedback: row?.pending ?? 0,
        avg_rating: row?.average == null ? null : Number(row.average),
      };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
