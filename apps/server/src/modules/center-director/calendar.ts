import type { IntlShape } from "@formatjs/intl";
import type { Language } from "@sprout/shared/i18n/languages";
import { REQUEST_WAIT_DAYS } from "@sprout/shared/schemas/budget";
import {
  type CalendarEventInput,
  DIRECTOR_MESSAGES,
  TASK_PRIORITIES,
  TASK_SOURCES,
  type TaskSource,
  type TasksPage,
  type UpcomingTask,
} from "@sprout/shared/schemas/center-director";
import { and, asc, count, eq, gte } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { centreCalendarEvents } from "../../db/schema/center-director.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { resolveCentre } from "./centres.ts";
import { assert, mayManageOperations, mayViewDashboard } from "./policy.ts";
import { paginationOf, toCalendarEvent } from "./presenter.ts";
import { sqlTasks } from "./tasks-sql.ts";

/** Days a parent's feedback may wait for an answer before it shows as due. */
export const FEEDBACK_ANSWER_DAYS = 2;
/** Enquiry follow-ups due within this many days are upcoming tasks. */
export const FOLLOW_UP_WINDOW_DAYS = 7;

const TASK_LINKS: Record<UpcomingTask["source"], string> = {
  budget_request: "/budget",
  feedback: "/parent-communication",
  enquiry_follow_up: "/enquiries",
  calendar: "/center-director/tasks",
};

/** The centre calendar the director edits, and the upcoming tasks it joins with real work waiting. */
/** A task's title in the reader's words; a calendar event's title is as the director typed it. */
function taskTitle(intl: IntlShape, source: TaskSource, about: string, extra: string | null): string {
  if (source === "budget_request")
    return intl.formatMessage({ id: "centerDirector.server.taskBudget" }, { description: about });
  if (source === "feedback")
    return intl.formatMessage(
      { id: "centerDirector.server.taskFeedback" },
      {
        category: intl.formatMessage({ id: "centerDirector.server.feedbackCategoryLower" }, { category: about }),
        rating: extra ?? "",
      },
    );
  if (source === "enquiry_follow_up")
    return intl.formatMessage({ id: "centerDirector.server.taskFollowUp" }, { child: about, parent: extra ?? "" });
  return about;
}

export function createCalendarService({ db, clock }: { db: Database; clock: Clock }) {
  async function centreFor(caller: Caller, requested: string | undefined) {
    const centre = await resolveCentre(db, caller, requested);
    return { centre, today: centreDay(centre.timeZone, clock.now()) };
  }

  async function findEvent(caller: Caller, id: string) {
    const [row] = await db.select().from(centreCalendarEvents).where(eq(centreCalendarEvents.id, id));
    const scope = await caller.scope();
    if (!row || !scope.centerIds.includes(row.centerId)) throw notFound("Calendar event");
    return row;
  }

  /** Budget requests waiting, feedback to answer, follow-ups due and calendar events, soonest first. */
  async function tasks(
    centerId: string,
    timeZone: string,
    today: string,
    page: number,
    limit: number,
    language: Language = "en",
  ) {
    const intl = intlFor(language);
    const result = rowsOf<{
      id: string;
      source: string;
      title: string;
      extra: string | null;
      due_date: string | Date;
      priority: string;
      total: number | string;
    }>(
      await db.execute(
        sqlTasks({
          centerId,
          timeZone,
          today,
          requestWaitDays: REQUEST_WAIT_DAYS,
          feedbackDays: FEEDBACK_ANSWER_DAYS,
          followUpDays: FOLLOW_UP_WINDOW_DAYS,
          limit,
          offset: (page - 1) * limit,
        }),
      ),
    );
    const items: UpcomingTask[] = result.map((row) => {
      const source = TASK_SOURCES.find((value) => value === row.source)!;
      return {
        id: row.id,
        source,
        title: taskTitle(intl, source, row.title, row.extra),
        due_date:
          typeof row.due_date === "string" ? row.due_date.slice(0, 10) : row.due_date.toISOString().slice(0, 10),
        priority: TASK_PRIORITIES.find((value) => value === row.priority) ?? "Medium",
        link: TASK_LINKS[source],
      };
    });
    return { items, total: Number(result[0]?.total ?? 0) };
  }

  return {
    tasks,

    async taskPage(
      caller: Caller,
      query: { center_id?: string; page: number; limit: number },
      language: Language = "en",
    ): Promise<TasksPage> {
      assert(mayViewDashboard(caller));
      const { centre, today } = await centreFor(caller, query.center_id);
      const found = await tasks(centre.id, centre.timeZone, today, query.page, query.limit, language);
      return { tasks: found.items, pagination: paginationOf(query.page, query.limit, found.total) };
    },

    async list(caller: Caller, query: { center_id?: string; page: number; limit: number }) {
      assert(mayViewDashboard(caller));
      const { centre, today } = await centreFor(caller, query.center_id);
      const where = and(eq(centreCalendarEvents.centerId, centre.id), gte(centreCalendarEvents.eventDate, today));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(centreCalendarEvents)
          .where(where)
          .orderBy(asc(centreCalendarEvents.eventDate), asc(centreCalendarEvents.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(centreCalendarEvents).where(where),
      ]);
      return { events: rows.map(toCalendarEvent), pagination: paginationOf(query.page, query.limit, total?.n ?? 0) };
    },

    async create(caller: Caller, input: CalendarEventInput) {
      assert(mayManageOperations(caller));
      const { centre, today } = await centreFor(caller, input.center_id);
      if (input.event_date < today)
        throw badRequest(DIRECTOR_MESSAGES.eventInPast, { event_date: DIRECTOR_MESSAGES.eventInPast });
      const now = clock.now();
      const [row] = await db
        .insert(centreCalendarEvents)
        .values({
          centerId: centre.id,
          title: input.title,
          eventDate: input.event_date,
          kind: input.kind,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toCalendarEvent(row!);
    },

    async update(caller: Caller, id: string, input: CalendarEventInput) {
      assert(mayManageOperations(caller));
      const event = await findEvent(caller, id);
      const { today } = await centreFor(caller, event.centerId);
      if (input.event_date < today)
        throw badRequest(DIRECTOR_MESSAGES.eventInPast, { event_date: DIRECTOR_MESSAGES.eventInPast });
      const [row] = await db
        .update(centreCalendarEvents)
        .set({ title: input.title, eventDate: input.event_date, kind: input.kind, updatedAt: clock.now() })
        .where(eq(centreCalendarEvents.id, id))
        .returning();
      return toCalendarEvent(row!);
    },

    async remove(caller: Caller, id: string) {
      assert(mayManageOperations(caller));
      await findEvent(caller, id);
      await db.delete(centreCalendarEvents).where(eq(centreCalendarEvents.id, id));
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
