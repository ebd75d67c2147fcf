import type { DailyActivities, ObservationLog } from "@sprout/shared/schemas/child-day";
import type { CompetencyTag } from "@sprout/shared/schemas/development/frameworks-api";
import type {
  foodEntries,
  healthNotes,
  medicationDoses,
  observationAttachments,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";

type Food = typeof foodEntries.$inferSelect;
type Sleep = typeof sleepEntries.$inferSelect;
type Potty = typeof pottyEntries.$inferSelect;
type Star = typeof stars.$inferSelect & { awardedBy: string | null };
type Health = typeof healthNotes.$inferSelect & { recordedByName: string | null };

/** Minutes between two HH:MM times of one day. */
export function minutesBetween(start: string, end: string): number {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return toMinutes(end) - toMinutes(start);
}

export const toFood = (row: Food): DailyActivities["food"][number] => ({
  id: row.id,
  meal_type: row.mealType,
  food_consumed: row.foodConsumed,
  notes: row.notes,
  created_at: row.createdAt.toISOString(),
});

export const toSleep = (row: Sleep): DailyActivities["sleep"][number] => ({
  id: row.id,
  start_time: row.startTime,
  end_time: row.endTime,
  duration_hours: row.endTime ? Math.round((minutesBetween(row.startTime, row.endTime) / 60) * 100) / 100 : null,
  notes: row.notes,
});

export const toPotty = (row: Potty): DailyActivities["potty"][number] => ({
  id: row.id,
  type: row.type,
  diaper_status: row.diaperStatus,
  notes: row.notes,
  created_at: row.createdAt.toISOString(),
});

export const toStar = (row: Star): DailyActivities["stars"][number] => ({
  id: row.id,
  date: row.day,
  reason: row.reason,
  awarded_by: row.awardedBy ?? "",
});

export const toHealth = (row: Health): DailyActivities["health"][number] => ({
  id: row.id,
  date: row.day,
  kind: row.kind,
  details: row.details,
  dose: row.dose,
  given_time: row.givenTime,
  temperature_c: row.temperatureC,
  recorded_by: row.recordedByName ?? "",
});

export const toDose = (
  row: typeof medicationDoses.$inferSelect & { medication: string; givenBy: string | null },
): DailyActivities["doses"][number] => ({
  id: row.id,
  medication: row.medication,
  dose: row.dose,
  given_time: row.givenTime,
  given_by: row.givenBy ?? "",
  notes: row.notes,
});

export function toObservation(
  row: typeof observationLogs.$inferSelect & { childName: string; createdByName: string | null },
  files: (typeof observationAttachments.$inferSelect)[],
  canEdit: boolean,
  competencies: CompetencyTag[],
): ObservationLog {
  return {
    id: row.id,
    child_id: row.studentId,
    child_name: row.childName,
    center_id: row.centerId,
    date: row.day,
    milestone: row.milestone,
    milestone_source: row.milestoneSource,
    notes: row.notes,
    attachments: files.map((file) => ({
      id: file.id,
      name: file.originalName,
      mime_type: file.mimeType,
      url: `/api/observation-logs/${row.id}/attachments/${file.id}`,
    })),
    created_by: row.createdByName ?? "",
    can_edit: canEdit,
    competencies,
  };
}
