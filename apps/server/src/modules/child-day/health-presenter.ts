import type { HealthRecord, Medication, StandingKind } from "@sprout/shared/schemas/child-health";
import type { healthNotes, immunisations, medications } from "../../db/schema/child-day.ts";

type MedicationRow = typeof medications.$inferSelect;

/** Consent stands and `day` is within the medication's dates. */
export const isActive = (row: MedicationRow, day: string) =>
  row.withdrawnAt === null && row.startDate <= day && day <= row.endDate;

export const toStanding = (
  row: typeof healthNotes.$inferSelect,
  by: string | null,
): HealthRecord["allergies"][number] => ({
  id: row.id,
  kind: row.kind as StandingKind,
  details: row.details,
  date: row.day,
  recorded_by: by ?? "",
});

export const toMedication = (row: MedicationRow, consentBy: string | null, day: string): Medication => ({
  id: row.id,
  name: row.name,
  dose: row.dose,
  schedule: row.schedule,
  start_date: row.startDate,
  end_date: row.endDate,
  notes: row.notes,
  consent_by: consentBy ?? "",
  consent_at: row.consentAt.toISOString(),
  withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  active: isActive(row, day),
});

export const toImmunisation = (
  row: typeof immunisations.$inferSelect,
  by: string | null,
): HealthRecord["immunisations"][number] => ({
  id: row.id,
  vaccine: row.vaccine,
  date_given: row.dateGiven,
  next_due: row.nextDue,
  notes: row.notes,
  recorded_by: by ?? "",
});
