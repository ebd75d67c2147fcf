import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { incidentAcknowledgements, incidentChildren, incidentPhotos, incidents } from "../../db/schema/incidents.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { ChildRef, IncidentRow } from "./presenter.ts";

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

    async acknowledgementsOf(incidentId: string) {
      return db
        .select({
          userId: incidentAcknowledgements.userId,
          name: users.fullName,
          at: incidentAcknowledgements.acknowledgedAt,
        })
        .from(incidentAcknowledgements)
        .innerJoin(users, eq(users.id, incidentAcknowledgements.userId))
        .where(eq(incidentAcknowledgements.incidentId, incidentId))
        .orderBy(asc(incidentAcknowledgements.acknowledgedAt));
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
    for (const key of ["correction_reason", "resolution_notes"]) {
      if (typeof record[key] === "string") return record[key];
    }
  }
  return null;
}
