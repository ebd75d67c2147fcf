import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians } from "../../db/schema/children.ts";
import { incidentChildren, incidents } from "../../db/schema/incidents.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";

/**
 * Sharing a report with the families, one way whether a manager marks it after review or the
 * centre sends reports as they are filed: the report is marked once (a second mark changes
 * nothing) with its audit entry, in the caller's transaction; the parents' pages are told after
 * the commit.
 */
export async function markParentsNotified(
  tx: Database,
  entry: { organisationId: string; actorId: string; incidentId: string; at: Date; onReporting?: boolean },
): Promise<boolean> {
  const updated = await tx
    .update(incidents)
    .set({ parentsNotifiedAt: entry.at, parentsNotifiedBy: entry.actorId, updatedAt: entry.at })
    .where(and(eq(incidents.id, entry.incidentId), isNull(incidents.parentsNotifiedAt)))
    .returning({ id: incidents.id });
  if (updated.length === 0) return false;
  await writeAudit(tx, {
    organisationId: entry.organisationId,
    actorId: entry.actorId,
    action: "incident.parents_notified",
    entity: "incident",
    entityId: entry.incidentId,
    // Without review the reporter's filing is what sent it; the history says so.
    ...(entry.onReporting && { after: { sent_on_reporting: true } }),
  });
  return true;
}

/**
 * Tells the open pages of the involved children's parents that a report is there for them, and
 * the centre's staff lists that it has been shared.
 */
export async function tellFamilies(
  db: Database,
  realtime: RealtimePublisher,
  report: { id: string; centerId: string },
) {
  const incidentId = report.id;
  const parents = await db
    .selectDistinct({ userId: guardians.userId })
    .from(incidentChildren)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, incidentChildren.studentId))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(incidentChildren.incidentId, incidentId), isNotNull(guardians.userId)));
  realtime.toUsers(
    parents.map((parent) => parent.userId!),
    "incident-report",
    { id: incidentId },
  );
  realtime.toCentreStaff(report.centerId, "incident-update", { id: incidentId });
}
