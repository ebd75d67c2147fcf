import { type ExitsPage, type ExitsQuery, exitsQuery } from "@sprout/shared/schemas/fees";
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { paginationOf } from "../../lib/paging.ts";
import { toExitRecord } from "./presenter.ts";

/**
 * Exit records: children recorded as left (written by the enrolment service) and staff who
 * leave. Read-only here; newest first, a page at a time.
 */
export function createExitsService({ db }: { db: Database }) {
  const recorder = alias(users, "recorder");
  return {
    async list(caller: Caller, raw: ExitsQuery): Promise<ExitsPage> {
      const query = exitsQuery.parse(raw);
      const scope = await caller.scope();
      const centreCondition = scope.centerIds.length > 0 ? inArray(exitRecords.centerId, scope.centerIds) : undefined;
      // Those who look after the whole organisation also see exits recorded without a centre.
      const visible = may(caller, "exits.readUnplaced")
        ? or(centreCondition, isNull(exitRecords.centerId))
        : centreCondition;
      if (!visible) return { records: [], pagination: paginationOf(query, 0) };
      const where: SQL[] = [eq(exitRecords.organisationId, scope.organisationId), visible];
      if (query.type) where.push(eq(exitRecords.personType, query.type));
      if (query.startDate) where.push(gte(exitRecords.exitDate, query.startDate));
      if (query.endDate) where.push(lte(exitRecords.exitDate, query.endDate));
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: exitRecords.id,
            personName: exitRecords.personName,
            personType: exitRecords.personType,
            jobTitle: exitRecords.jobTitle,
            exitDate: exitRecords.exitDate,
            exitReason: exitRecords.exitReason,
            centerName: centers.name,
            recordedByName: recorder.fullName,
            recordedAt: exitRecords.recordedAt,
          })
          .from(exitRecords)
          .leftJoin(centers, eq(centers.id, exitRecords.centerId))
          .leftJoin(recorder, eq(recorder.id, exitRecords.recordedBy))
          .where(and(...where))
          // The id breaks ties, so a row never shows on two pages.
          .orderBy(desc(exitRecords.exitDate), desc(exitRecords.recordedAt), desc(exitRecords.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(exitRecords)
          .where(and(...where)),
      ]);
      return { records: rows.map(toExitRecord), pagination: paginationOf(query, counted?.total ?? 0) };
    },
  };
}
export type ExitsService = ReturnType<typeof createExitsService>;
