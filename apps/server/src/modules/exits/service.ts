import type { Role } from "@sprout/shared/roles";
import { type ExitRecord, type ExitsQuery, exitsQuery } from "@sprout/shared/schemas/fees";
import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";

/** Roles that look after the whole organisation also see exits recorded without a centre. */
const ORGANISATION_WIDE: readonly Role[] = ["super_admin", "owner", "financial_manager"];

/**
 * Exit records: children recorded as left (written by the enrolment service) and staff who
 * leave. Read-only here; newest first.
 */
export function createExitsService({ db }: { db: Database }) {
  const recorder = alias(users, "recorder");
  return {
    async list(scope: Scope, role: Role, raw: ExitsQuery): Promise<ExitRecord[]> {
      const query = exitsQuery.parse(raw);
      const where: SQL[] = [eq(exitRecords.organisationId, scope.organisationId)];
      const centreCondition = scope.centerIds.length > 0 ? inArray(exitRecords.centerId, scope.centerIds) : undefined;
      const visible = ORGANISATION_WIDE.includes(role)
        ? or(centreCondition, isNull(exitRecords.centerId))
        : centreCondition;
      if (!visible) return [];
      where.push(visible);
      if (query.type) where.push(eq(exitRecords.personType, query.type));
      if (query.startDate) where.push(gte(exitRecords.exitDate, query.startDate));
      if (query.endDate) where.push(lte(exitRecords.exitDate, query.endDate));
      const rows = await db
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
        .orderBy(desc(exitRecords.exitDate), desc(exitRecords.recordedAt))
        .limit(1000);
      return rows.map((row) => ({
        id: row.id,
        person_name: row.personName,
        person_type: row.personType,
        job_title: row.jobTitle,
        exit_date: row.exitDate,
        exit_reason: row.exitReason,
        center_name: row.centerName,
        recorded_by_name: row.recordedByName,
        recorded_at: row.recordedAt.toISOString(),
      }));
    },
  };
}
export type ExitsService = ReturnType<typeof createExitsService>;
