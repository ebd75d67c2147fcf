import { LINK_MESSAGES, LINK_REQUESTS_MAX, type LinkRequest } from "@sprout/shared/schemas/link-requests";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { guardians, students } from "../../db/schema/children.ts";
import { guardianLinkRequests } from "../../db/schema/link-requests.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { mayAnswerLinkRequest } from "./policy.ts";
import { toLinkRequest } from "./presenter.ts";

/**
 * Pending requests to link a newly admitted child to an existing parent's sign-in. Accepting sets
 * the guardian record's user, which is what puts the child in the parent's scope; declining
 * leaves the child without that sign-in.
 */
export function createLinkRequestsService({ db, clock }: { db: Database; clock: Clock }) {
  async function pending(caller: Caller, id: string) {
    const [row] = await db
      .select({
        id: guardianLinkRequests.id,
        userId: guardianLinkRequests.userId,
        guardianId: guardianLinkRequests.guardianId,
        studentId: guardianLinkRequests.studentId,
        firstName: students.firstName,
        lastName: students.lastName,
      })
      .from(guardianLinkRequests)
      .innerJoin(students, eq(students.id, guardianLinkRequests.studentId))
      .where(and(eq(guardianLinkRequests.id, id), eq(guardianLinkRequests.status, "pending")));
    if (!row || !mayAnswerLinkRequest(caller, row)) throw notFound("Link request");
    return row;
  }

  /** Marks the request decided, once: a second answer (or a concurrent one) finds it decided. */
  async function decide(tx: Database, caller: Caller, id: string, status: "accepted" | "declined") {
    const [decided] = await tx
      .update(guardianLinkRequests)
      .set({ status, decidedAt: clock.now() })
      .where(
        and(
          eq(guardianLinkRequests.id, id),
          eq(guardianLinkRequests.userId, caller.userId),
          eq(guardianLinkRequests.status, "pending"),
        ),
      )
      .returning({ id: guardianLinkRequests.id });
    if (!decided) throw notFound("Link request");
  }

  return {
    async list(caller: Caller): Promise<LinkRequest[]> {
      const rows = await db
        .select({
          id: guardianLinkRequests.id,
          firstName: students.firstName,
          lastName: students.lastName,
          centerName: centers.name,
          createdAt: guardianLinkRequests.createdAt,
        })
        .from(guardianLinkRequests)
        .innerJoin(students, eq(students.id, guardianLinkRequests.studentId))
        .innerJoin(centers, eq(centers.id, students.centerId))
        .where(and(eq(guardianLinkRequests.userId, caller.userId), eq(guardianLinkRequests.status, "pending")))
        .orderBy(desc(guardianLinkRequests.createdAt), desc(guardianLinkRequests.id))
        .limit(LINK_REQUESTS_MAX);
      return rows.map(toLinkRequest);
    },

    async accept(caller: Caller, id: string): Promise<{ message: string }> {
      const request = await pending(caller, id);
      await db.transaction(async (tx) => {
        await decide(tx, caller, id, "accepted");
        await tx
          .update(guardians)
          .set({ userId: caller.userId })
          .where(and(eq(guardians.id, request.guardianId), isNull(guardians.userId)));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "guardian_link.accept",
          entity: "student",
          entityId: request.studentId,
          after: { guardian_id: request.guardianId, user_id: caller.userId },
        });
      });
      return { message: LINK_MESSAGES.accepted(`${request.firstName} ${request.lastName}`.trim()) };
    },

    async decline(caller: Caller, id: string): Promise<{ message: string }> {
      const request = await pending(caller, id);
      await db.transaction(async (tx) => {
        await decide(tx, caller, id, "declined");
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "guardian_link.decline",
          entity: "student",
          entityId: request.studentId,
          after: { guardian_id: request.guardianId },
        });
      });
      return { message: LINK_MESSAGES.declined };
    },
  };
}
export type LinkRequestsService = ReturnType<typeof createLinkRequestsService>;
