import { LIVE_UPDATES_KEPT, type LiveUpdate } from "@sprout/shared/schemas/center-director";
import { ALERT_TYPE_LABELS } from "@sprout/shared/schemas/emergency";
import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { budgetRequests } from "../../db/schema/budget.ts";
import { students } from "../../db/schema/children.ts";
import { parentFeedback } from "../../db/schema/communication.ts";
import { emergencyAlerts } from "../../db/schema/emergency.ts";
import { incidents } from "../../db/schema/incidents.ts";

const label = (value: string) => value.replaceAll("_", " ").replace(/^./, (first) => first.toUpperCase());

/**
 * Spec 2: the Live Updates card keeps the latest 5 events (and shows 3). They are read from the
 * records themselves (today's check-ins, incidents, feedback, decided budget requests and
 * emergency alerts), so a reload shows what a socket would have shown.
 */
export async function liveUpdates(db: Database, centerId: string, today: string): Promise<LiveUpdate[]> {
  const n = LIVE_UPDATES_KEPT;
  const [checkIns, reported, feedback, decided, alerts] = await Promise.all([
    db
      .select({
        id: attendanceStays.id,
        at: attendanceStays.checkInAt,
        first: students.firstName,
        last: students.lastName,
      })
      .from(attendanceStays)
      .innerJoin(students, eq(students.id, attendanceStays.studentId))
      .where(and(eq(attendanceStays.centerId, centerId), eq(attendanceStays.day, today)))
      .orderBy(desc(attendanceStays.checkInAt))
      .limit(n),
    db
      .select({ id: incidents.id, at: incidents.createdAt, type: incidents.incidentType, severity: incidents.severity })
      .from(incidents)
      .where(eq(incidents.centerId, centerId))
      .orderBy(desc(incidents.occurredAt), desc(incidents.id))
      .limit(n),
    db
      .select({
        id: parentFeedback.id,
        at: parentFeedback.createdAt,
        category: parentFeedback.category,
        rating: parentFeedback.rating,
      })
      .from(parentFeedback)
      .where(eq(parentFeedback.centerId, centerId))
      .orderBy(desc(parentFeedback.createdAt), parentFeedback.id)
      .limit(n),
    db
      .select({
        id: budgetRequests.id,
        at: budgetRequests.decidedAt,
        status: budgetRequests.status,
        description: budgetRequests.description,
      })
      .from(budgetRequests)
      .where(
        and(
          eq(budgetRequests.centerId, centerId),
          ne(budgetRequests.status, "pending"),
          isNotNull(budgetRequests.decidedAt),
        ),
      )
      .orderBy(desc(budgetRequests.decidedAt))
      .limit(n),
    db
      .select({ id: emergencyAlerts.id, at: emergencyAlerts.triggeredAt, type: emergencyAlerts.alertType })
      .from(emergencyAlerts)
      .where(eq(emergencyAlerts.centerId, centerId))
      .orderBy(desc(emergencyAlerts.triggeredAt), emergencyAlerts.id)
      .limit(n),
  ]);
  const all: LiveUpdate[] = [
    ...checkIns.map((row) => ({
      id: row.id,
      kind: "check_in" as const,
      title: `${`${row.first} ${row.last}`.trim()} checked in`,
      at: row.at.toISOString(),
    })),
    ...reported.map((row) => ({
      id: row.id,
      kind: "incident" as const,
      title: `Incident reported: ${label(row.type)} (${row.severity})`,
      at: row.at.toISOString(),
    })),
    ...feedback.map((row) => ({
      id: row.id,
      kind: "feedback" as const,
      title: `New parent feedback: ${label(row.category)}, rated ${row.rating} of 5`,
      at: row.at.toISOString(),
    })),
    ...decided.map((row) => ({
      id: row.id,
      kind: "approval" as const,
      title: `Budget request ${row.status}: ${row.description}`,
      at: row.at!.toISOString(),
    })),
    ...alerts.map((row) => ({
      id: row.id,
      kind: "alert" as const,
      title: `Emergency alert: ${ALERT_TYPE_LABELS[row.type]}`,
      at: row.at.toISOString(),
    })),
  ];
  return all.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, n);
}
