import type { ExitRecord } from "@sprout/shared/schemas/fees";
import type { exitRecords } from "../../db/schema/exits.ts";

export type ExitRow = Pick<
  typeof exitRecords.$inferSelect,
  "id" | "personName" | "personType" | "jobTitle" | "exitDate" | "exitReason" | "recordedAt"
> & { centerName: string | null; recordedByName: string | null };

/** An exit record as the Exit Records tab lists it (every role that reads exits sees the same). */
export const toExitRecord = (row: ExitRow): ExitRecord => ({
  id: row.id,
  person_name: row.personName,
  person_type: row.personType,
  job_title: row.jobTitle,
  exit_date: row.exitDate,
  exit_reason: row.exitReason,
  center_name: row.centerName,
  recorded_by_name: row.recordedByName,
  recorded_at: row.recordedAt.toISOString(),
});
