import { addDays, todayIn } from "@sprout/shared/schemas/children";
import {
  type AnswerInput,
  DATA_MESSAGES,
  type DataRequestInput,
  type dataRequestsQuery,
  type ErasureInput,
  REQUEST_DUE_DAYS,
} from "@sprout/shared/schemas/data-requests";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { childErasures, dataRequests } from "../../db/schema/data-requests.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { paginationOf } from "../../lib/paging.ts";
import { eraseChild } from "./erasure.ts";
import { assertCentre, assertOwnChild } from "./policy.ts";
import { fullName, toDeskRequest, toParentRequest } from "./presenter.ts";

type Query = z.output<typeof dataRequestsQuery>;
const answeredBy = alias(users, "answered_by_user");

/** Correction and erasure requests: parents ask, the centre's desk answers (and runs erasures). */
export function createRequestsService({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  const deskSelect = {
    request: dataRequests,
    firstName: students.firstName,
    lastName: students.lastName,
    childStatus: students.status,
    erasedAt: childErasures.erasedAt,
    requestedByName: users.fullName,
    answeredByName: answeredBy.fullName,
  };
  const deskRows = (where: SQL | undefined) =>
    db
      .select(deskSelect)
      .from(dataRequests)
      .innerJoin(students, eq(students.id, dataRequests.studentId))
      .innerJoin(users, eq(users.id, dataRequests.requestedBy))
      .leftJoin(answeredBy, eq(answeredBy.id, dataRequests.answeredBy))
      .leftJoin(childErasures, eq(childErasures.studentId, dataRequests.studentId))
      .where(where);
  type DeskRow = Awaited<ReturnType<typeof deskRows>>[number];
  const toDesk = (row: DeskRow) =>
    toDeskRequest(row.request, {
      childName: fullName(row.firstName, row.lastName),
      childStatus: row.childStatus,
      childErased: row.erasedAt !== null,
      requestedByName: row.requestedByName,
      answeredByName: row.answeredByName,
    });

  /** The request as the desk sees it, if it is in the caller's centres. */
  async function forDesk(caller: Caller, id: string) {
    const [row] = await deskRows(eq(dataRequests.id, id));
    if (!row) throw notFound("Request");
    assertCentre(await caller.scope(), row.request.centerId, "Request");
    return row;
  }

  return {
    async create(caller: Caller, input: DataRequestInput & { kind: "correction" | "erasure"; details: string }) {
      const scope = await caller.scope();
      assertOwnChild(scope, input.student_id);
      const [child] = await db
        .select({
          centerId: students.centerId,
          firstName: students.firstName,
          lastName: students.lastName,
          timeZone: centers.timeZone,
        })
        .from(students)
        .innerJoin(centers, eq(centers.id, students.centerId))
        .where(eq(students.id, input.student_id));
      if (!child) throw notFound("Child");
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(dataRequests)
          .values({
            organisationId: caller.organisationId,
            centerId: child.centerId,
            studentId: input.student_id,
            requestedBy: caller.userId,
            kind: input.kind,
            details: input.details,
            correction: input.kind === "correction" ? (input.correction ?? null) : null,
            dueDate: addDays(todayIn(child.timeZone, now), REQUEST_DUE_DAYS),
            createdAt: now,
          })
          .returning();
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: `data_request.${input.kind}.create`,
          entity: "data_request",
          entityId: row!.id,
          after: { student_id: input.student_id, kind: input.kind, due_date: row!.dueDate },
        });
        return toParentRequest(row!, fullName(child.firstName, child.lastName));
      });
    },

    /** A parent's own requests, newest first. */
    async listOwn(caller: Caller, query: Query) {
      const offset = (query.page - 1) * query.limit;
      const where = and(
        eq(dataRequests.requestedBy, caller.userId),
        query.status ? eq(dataRequests.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ request: dataRequests, firstName: students.firstName, lastName: students.lastName })
          .from(dataRequests)
          .innerJoin(students, eq(students.id, dataRequests.studentId))
          .where(where)
          .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id))
          .limit(query.limit)
          .offset(offset),
        db.select({ total: count() }).from(dataRequests).where(where),
      ]);
      return {
        requests: rows.map((row) => toParentRequest(row.request, fullName(row.firstName, row.lastName))),
        pagination: paginationOf(query, total?.total ?? 0),
      };
    },

    /** The desk: the caller's centres' requests, open ones first, soonest due at the top. */
    async listDesk(caller: Caller, query: Query) {
      const offset = (query.page - 1) * query.limit;
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) return { requests: [], pagination: paginationOf(query, 0) };
      const where = and(
        inArray(dataRequests.centerId, scope.centerIds),
        query.status ? eq(dataRequests.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        deskRows(where)
          // Open requests first, the soonest due at the top.
          .orderBy(sql`${dataRequests.status} <> 'open'`, asc(dataRequests.dueDate), asc(dataRequests.id))
          .limit(query.limit)
          .offset(offset),
        db.select({ total: count() }).from(dataRequests).where(where),
      ]);
      return { requests: rows.map(toDesk), pagination: paginationOf(query, total?.total ?? 0) };
    },

    /**
     * Answers a request. A correction is made in the child's record through its own screens first;
     * this closes the request with what was done (or why not). Erasures are done by `erase`.
     */
    async answer(caller: Caller, id: string, input: AnswerInput & { status: "done" | "refused"; answer: string }) {
      const row = await forDesk(caller, id);
      if (row.request.status !== "open") throw conflict(DATA_MESSAGES.alreadyAnswered);
      if (row.request.kind === "erasure" && input.status === "done") {
        throw badRequest(DATA_MESSAGES.erasureNeedsRun, { status: DATA_MESSAGES.erasureNeedsRun });
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(dataRequests)
          .set({ status: input.status, answer: input.answer, answeredBy: caller.userId, answeredAt: now })
          .where(and(eq(dataRequests.id, id), eq(dataRequests.status, "open")))
          .returning({ id: dataRequests.id });
        if (updated.length === 0) throw conflict(DATA_MESSAGES.alreadyAnswered);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: `data_request.${row.request.kind}.${input.status}`,
          entity: "data_request",
          entityId: id,
          before: { status: "open" },
          after: { status: input.status, answer: input.answer },
        });
      });
      return toDesk(await forDesk(caller, id));
    },

    /**
     * Runs an erasure request: only for a child who has left (the exit is recorded first, so that
     * the books close). Rows go in one transaction; files after it commits (a file left by a crash
     * in between is no longer named by any row, and the orphan sweep removes it).
     */
    async erase(caller: Caller, id: string, input: ErasureInput & { answer: string }) {
      const row = await forDesk(caller, id);
      if (row.request.kind !== "erasure") throw badRequest(DATA_MESSAGES.notErasure);
      if (row.request.status !== "open") throw conflict(DATA_MESSAGES.alreadyAnswered);
      if (row.erasedAt !== null) throw conflict(DATA_MESSAGES.alreadyErased);
      if (row.childStatus !== "left") throw conflict(DATA_MESSAGES.stillEnrolled);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(dataRequests)
          .set({ status: "done", answer: input.answer, answeredBy: caller.userId, answeredAt: now })
          .where(and(eq(dataRequests.id, id), eq(dataRequests.status, "open")))
          .returning({ id: dataRequests.id });
        if (claimed.length === 0) throw conflict(DATA_MESSAGES.alreadyAnswered);
        const result = await eraseChild(tx, {
          studentId: row.request.studentId,
          centerId: row.request.centerId,
          actorId: caller.userId,
          reason: "request",
          at: now,
        });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "child.erase",
          entity: "student",
          entityId: row.request.studentId,
          after: { request_id: id, removed: result.removed, files: result.files.length },
        });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "data_request.erasure.done",
          entity: "data_request",
          entityId: id,
          before: { status: "open" },
          after: { status: "done", answer: input.answer },
        });
        return result;
      });
      for (const name of outcome.files) await files.remove(name);
      return {
        request: toDesk(await forDesk(caller, id)),
        removed: outcome.removed,
        files_removed: outcome.files.length,
      };
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
