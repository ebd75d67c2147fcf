import { and, asc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { incidentAcknowledgements, incidentChildren, incidentPhotos, incidents } from "../../db/schema/incidents.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { AcknowledgementRef, ChildRef, IncidentRow } from "./presenter.ts";

const reporter = alias(users, "reporter");
const resolver = alias(users, "resolver");

/** Reads shared by the incident use cases: reports with names, and what hangs off them. */
export function incidentQueries(db: Database) {
  const selectReports = () =>
    db
      .select({
        incident: incidents,
        centerName: centers.name,
        reportedByName: reporter.fullName,
        resolvedByName: resolver.fullName,
      })
      .from(incidents)
      .innerJoin(centers, eq(centers.id, incidents.centerId))
      .leftJoin(reporter, eq(reporter.id, incidents.reportedBy))
      .leftJoin(resolver, eq(resolver.id, incidents.resolvedBy));
  type Selected = Awaited<ReturnType<ReturnType<typeof selectReports>["execute"]>>[number];
  const toRow = (row: Selected): IncidentRow => ({
    ...row.incident,
    centerName: row.centerName,
    reportedByName: row.reportedByName,
    resolvedByName: row.resolvedByName,
  });

  return {
    selectReports,
    toRow,

    async childrenOf(incidentIds: string[]): Promise<Map<string, ChildRef[]>> {
      const byIncident = new Map<string, ChildRef[]>();
      if (incidentIds.length === 0) return byIncident;
      const rows = await db
        .select({
          incidentId: incidentChildren.incidentId,
          id: students.id,
          name: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
          classroomName: classrooms.name,
        })
        .from(incidentChildren)
        .innerJoin(students, eq(students.id, incidentChildren.studentId))
        .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
        .where(inArray(incidentChildren.incidentId, incidentIds))
        .orderBy(asc(students.firstName), asc(students.lastName));
      for (const row of rows) {
        const list = byIncident.get(row.incidentId) ?? [];
        list.push({ id: row.id, name: row.name, classroom_name: row.classroomName });
        byIncident.set(row.incidentId, list);
      }
      return byIncident;
    },

    async photosOf(
      incidentIds: string[],
    ): Promise<Map<string, { id: string; storedName: string; mimeType: string; size: number }[]>> {
      const byIncident = new Map<string, { id: string; storedName: string; mimeType: string; size: number }[]>();
      if (incidentIds.length === 0) return byIncident;
      const rows = await db
        .select()
        .from(incidentPhotos)
        .where(inArray(incidentPhotos.incidentId, incidentIds))
        .orderBy(asc(incidentPhotos.uploadedAt), asc(incidentPhotos.id));
      for (const row of rows) {
        const list = byIncident.get(row.incidentId) ?? [];
        list.push({ id: row.id, storedName: row.storedName, mimeType: row.mimeType, size: row.sizeBytes });
        byIncident.set(row.incidentId, list);
      }
      return byIncident;
    },

    /**
     * Who acknowledged each report, first first. Given a family's children, only acknowledgements
     * by those children's guardians: a parent never learns which other families read a report.
     */
    async acknowledgementsOf(incidentIds: string[], familyOf?: string[]): Promise<Map<string, AcknowledgementRef[]>> {
      const byIncident = new Map<string, AcknowledgementRef[]>();
      if (incidentIds.length === 0 || familyOf?.length === 0) return byIncident;
      const conditions: SQL[] = [inArray(incidentAcknowledgements.incidentId, incidentIds)];
      if (familyOf)
        conditions.push(
          inArray(
            incidentAcknowledgements.userId,
            db
              .select({ id: guardians.userId })
              .from(studentGuardians)
              .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
              .where(and(inArray(studentGuardians.studentId, familyOf), isNotNull(guardians.userId))),
          ),
        );
      const rows = await db
        .select({
          incidentId: incidentAcknowledgements.incidentId,
          userId: incidentAcknowledgements.userId,
          name: users.fullName,
          at: incidentAcknowledgements.acknowledgedAt,
        })
        .from(incidentAcknowledgements)
        .innerJoin(users, eq(users.id, incidentAcknowledgements.userId))
        .where(and(...conditions))
        .orderBy(asc(incidentAcknowledgements.acknowledgedAt), asc(incidentAcknowledgements.userId));
      for (const { incidentId, ...ack } of rows)
        byIncident.set(incidentId, [...(byIncident.get(incidentId) ?? []), ack]);
      return byIncident;
    },

    /** The report's history, from its audit entries: reported, corrected, photos, notified, resolved. */
    async historyOf(incidentId: string) {
      const rows = await db
        .select({ action: auditLog.action, by: users.fullName, at: auditLog.at, after: auditLog.after })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(and(eq(auditLog.entity, "incident"), eq(auditLog.entityId, incidentId)))
        .orderBy(asc(auditLog.at));
      return rows.map((row) => ({
        action: row.action.replace(/^incident\./, ""),
        by: row.by,
        at: row.at.toISOString(),
        note: noteOf(row.after),
      }));
    },
  };
}
export type IncidentQueries = ReturnType<typeof incidentQueries>;

function noteOf(after: unknown): string | null {
  if (after && typeof after === "object") {
    const record = after as Record<string, unknown>;
    if (record.sent_on_reporting === true) return "sent as reported: this centre does not review reports first";
    for (const key of ["correction_reason", "resolution_notes"]) {
      if (typeof record[key] === "string") return record[key];
    }
  }
  return null;
}
