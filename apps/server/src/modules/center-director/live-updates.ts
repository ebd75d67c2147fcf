import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import { LIVE_UPDATES_KEPT, type LiveUpdate } from "@sprout/shared/schemas/center-director";
import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { budgetRequests } from "../../db/schema/budget.ts";
import { students } from "../../db/schema/children.ts";
import { parentFeedback } from "../../db/schema/communication.ts";
import { emergencyAlerts } from "../../db/schema/emergency.ts";
import { incidents } from "../../db/schema/incidents.ts";
import { intlFor } from "../../i18n/intl.ts";

/**
 * Spec 2: the Live Updates card keeps the latest 5 events (and shows 3). They are read from the
 * records themselves (today's check-ins, incidents, feedback, decided budget requests and
 * emergency alerts), so a reload shows what a socket would have shown.
 */
export async function liveUpdates(
  db: Database,
  centerId: string,
  today: string,
  language: Language = "en",
): Promise<LiveUpdate[]> {
  const intl = intlFor(language);
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
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
      title: say("centerDirector.server.liveCheckIn", { name: `${row.first} ${row.last}`.trim() }),
      at: row.at.toISOString(),
    })),
    ...reported.map((row) => ({
      id: row.id,
      kind: "incident" as const,
      title: say("centerDirector.server.liveIncident", {
        type: say("centerDirector.server.incidentType", { type: row.type }),
        severity: say("incidents.severityLower", { severity: row.severity }),
      }),
      at: row.at.toISOString(),
    })),
    ...feedback.map((row) => ({
      id: row.id,
      kind: "feedback" as const,
      title: say("centerDirector.server.liveFeedback", {
        category: say("centerDirector.server.feedbackCategory", { category: row.category }),
        rating: String(row.rating),
      }),
      at: row.at.toISOString(),
    })),
    ...decided.map((row) => ({
      id: row.id,
      kind: "approval" as const,
      title: say("centerDirector.server.liveBudget", { status: row.status, description: row.description }),
      at: row.at!.toISOString(),
    })),
    ...alerts.map((row) => ({
      id: row.id,
      kind: "alert" as const,
      title: say("centerDirector.server.liveAlert", { type: say("emergency.alertType", { type: row.type }) }),
      at: row.at.toISOString(),
    })),
  ];
  return all.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id)).slice(0, n);
}
