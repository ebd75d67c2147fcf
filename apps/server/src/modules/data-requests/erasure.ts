import type { ErasureCounts } from "@sprout/shared/schemas/data-requests";
import { and, eq, inArray, isNotNull, notExists, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { assignmentSubmissions, submissionFiles } from "../../db/schema/assignments.ts";
import { absenceNotices, attendanceAbsences, attendanceStays, pickupPeople } from "../../db/schema/attendance.ts";
import {
  foodEntries,
  healthNotes,
  immunisations,
  medicationDoses,
  medications,
  observationAttachments,
  observationLogs,
  pottyEntries,
  sleepEntries,
  stars,
} from "../../db/schema/child-day.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { messageThreads, noticeRecipients, parentFeedback } from "../../db/schema/communication.ts";
import { childErasures, dataExports, dataRequests } from "../../db/schema/data-requests.ts";
import {
  assessmentHistory,
  assessmentLevels,
  assessmentNarratives,
  assessmentPhotos,
  childAssessments,
  progressCardAcknowledgements,
  progressCardParentPages,
} from "../../db/schema/development.ts";
import { portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { studentMoves, studentPauses } from "../../db/schema/enrollment.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { guardianLinkRequests } from "../../db/schema/link-requests.ts";
import { childConsents, childRecordViews } from "../../db/schema/privacy.ts";
import { renameInBooksAudit, scrubChildAudit } from "./audit-scrub.ts";

const ERASED = "Erased with the child's records";

/**
 * One kind of record an erasure removes: how it is found for a child (the same condition counts
 * it for the retention dry run and deletes it in the erasure, so the two cannot disagree).
 */
interface Part {
  kind: string;
  table: PgTable;
  where: (studentId: string) => SQL | undefined;
}

const childOnly = (studentId: string) => sql`${studentId}::uuid`;
const logsOf = (studentId: string) =>
  sql`(select ${observationLogs.id} from ${observationLogs} where ${observationLogs.studentId} = ${childOnly(studentId)})`;
const assessmentsOf = (studentId: string) =>
  sql`(select ${childAssessments.id} from ${childAssessments} where ${childAssessments.studentId} = ${childOnly(studentId)})`;
/** A part of the child's assessments: its rows name the assessment, not the child. */
function assessmentPart(
  kind: string,
  table:
    | typeof progressCardAcknowledgements
    | typeof progressCardParentPages
    | typeof assessmentHistory
    | typeof assessmentPhotos
    | typeof assessmentLevels
    | typeof assessmentNarratives,
): Part {
  return { kind, table, where: (id) => inArray(table.assessmentId, assessmentsOf(id)) };
}
const submissionsOf = (studentId: string) =>
  sql`(select ${assignmentSubmissions.id} from ${assignmentSubmissions} where ${assignmentSubmissions.studentId} = ${childOnly(studentId)})`;
/** A guardian of this child and of no other: their contact details go with the child's. */
const onlyThisChild = (studentId: string) =>
  and(
    inArray(
      guardians.id,
      sql`(select ${studentGuardians.guardianId} from ${studentGuardians} where ${studentGuardians.studentId} = ${childOnly(studentId)})`,
    ),
    notExists(
      sql`(select 1 from ${studentGuardians} where ${studentGuardians.guardianId} = ${guardians.id} and ${studentGuardians.studentId} <> ${childOnly(studentId)})`,
    ),
  );

/**
 * In deletion order (children of a row before the row: attachments before logs, stays before the
 * pick-up people they name, guardians' links before the guardians).
 */
const PARTS: readonly Part[] = [
  // The child's term assessments and progress cards (issue 36), their parts before them.
  assessmentPart("progress_card_acknowledgements", progressCardAcknowledgements),
  assessmentPart("progress_card_parent_pages", progressCardParentPages),
  assessmentPart("assessment_history", assessmentHistory),
  assessmentPart("assessment_photos", assessmentPhotos),
  assessmentPart("assessment_levels", assessmentLevels),
  assessmentPart("assessment_narratives", assessmentNarratives),
  { kind: "assessments", table: childAssessments, where: (id) => eq(childAssessments.studentId, id) },
  { kind: "food_entries", table: foodEntries, where: (id) => eq(foodEntries.studentId, id) },
  { kind: "sleep_entries", table: sleepEntries, where: (id) => eq(sleepEntries.studentId, id) },
  { kind: "potty_entries", table: pottyEntries, where: (id) => eq(pottyEntries.studentId, id) },
  { kind: "stars", table: stars, where: (id) => eq(stars.studentId, id) },
  { kind: "health_notes", table: healthNotes, where: (id) => eq(healthNotes.studentId, id) },
  { kind: "medication_doses", table: medicationDoses, where: (id) => eq(medicationDoses.studentId, id) },
  { kind: "medications", table: medications, where: (id) => eq(medications.studentId, id) },
  { kind: "immunisations", table: immunisations, where: (id) => eq(immunisations.studentId, id) },
  {
    kind: "observation_attachments",
    table: observationAttachments,
    where: (id) => inArray(observationAttachments.logId, logsOf(id)),
  },
  { kind: "observations", table: observationLogs, where: (id) => eq(observationLogs.studentId, id) },
  {
    kind: "portfolio_tags",
    table: portfolioItemChildren,
    where: (id) => eq(portfolioItemChildren.studentId, id),
  },
  { kind: "portfolio_items", table: portfolioItems, where: (id) => eq(portfolioItems.studentId, id) },
  { kind: "consents", table: childConsents, where: (id) => eq(childConsents.studentId, id) },
  { kind: "access_log", table: childRecordViews, where: (id) => eq(childRecordViews.studentId, id) },
  {
    kind: "submission_files",
    table: submissionFiles,
    where: (id) => inArray(submissionFiles.submissionId, submissionsOf(id)),
  },
  {
    kind: "assignment_submissions",
    table: assignmentSubmissions,
    where: (id) => eq(assignmentSubmissions.studentId, id),
  },
  { kind: "message_threads", table: messageThreads, where: (id) => eq(messageThreads.childId, id) },
  { kind: "notice_receipts", table: noticeRecipients, where: (id) => eq(noticeRecipients.childId, id) },
  { kind: "feedback", table: parentFeedback, where: (id) => eq(parentFeedback.childId, id) },
  { kind: "attendance_stays", table: attendanceStays, where: (id) => eq(attendanceStays.studentId, id) },
  { kind: "absences", table: attendanceAbsences, where: (id) => eq(attendanceAbsences.studentId, id) },
  { kind: "absence_notices", table: absenceNotices, where: (id) => eq(absenceNotices.studentId, id) },
  { kind: "pickup_people", table: pickupPeople, where: (id) => eq(pickupPeople.studentId, id) },
  { kind: "pauses", table: studentPauses, where: (id) => eq(studentPauses.studentId, id) },
  { kind: "moves", table: studentMoves, where: (id) => eq(studentMoves.studentId, id) },
  { kind: "exports", table: dataExports, where: (id) => eq(dataExports.studentId, id) },
  {
    kind: "guardian_link_requests",
    table: guardianLinkRequests,
    where: (id) =>
      sql`(${guardianLinkRequests.studentId} = ${childOnly(id)} or ${guardianLinkRequests.guardianId} in (select ${guardians.id} from ${guardians} where ${onlyThisChild(id)}))`,
  },
  // Guardians are counted before their links go (afterwards "only this child" no longer finds them).
  { kind: "guardians", table: guardians, where: onlyThisChild },
  { kind: "guardian_links", table: studentGuardians, where: (id) => eq(studentGuardians.studentId, id) },
];

async function countWhere(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.count ?? 0;
}

/** How many records of each kind an erasure of this child would remove (kinds with none left out). */
export async function countChildRecords(db: Database, studentId: string): Promise<ErasureCounts> {
  const counts: ErasureCounts = {};
  for (const part of PARTS) {
    const count = await countWhere(db, part.table, part.where(studentId));
    if (count > 0) counts[part.kind] = count;
  }
  return counts;
}

/** Every stored file an erasure of this child removes (after its transaction commits). */
async function filesOf(db: Database, studentId: string): Promise<string[]> {
  const names = await db.execute<{ name: string | null }>(sql`
    select ${portfolioItems.storedName} as name from ${portfolioItems} where ${portfolioItems.studentId} = ${childOnly(studentId)}
    union all select ${portfolioItems.thumbStoredName} from ${portfolioItems} where ${portfolioItems.studentId} = ${childOnly(studentId)}
    union all select ${observationAttachments.storedName} from ${observationAttachments} where ${observationAttachments.logId} in ${logsOf(studentId)}
    union all select ${pickupPeople.photoStoredName} from ${pickupPeople} where ${pickupPeople.studentId} = ${childOnly(studentId)}
    union all select ${submissionFiles.storedName} from ${submissionFiles} where ${submissionFiles.submissionId} in ${submissionsOf(studentId)}
    union all select ${dataExports.storedName} from ${dataExports} where ${dataExports.studentId} = ${childOnly(studentId)}`);
  return rowsOf<{ name: string | null }>(names)
    .map((row) => row.name)
    .filter((name): name is string => name !== null);
}

export interface ErasureOutcome {
  removed: ErasureCounts;
  files: string[];
}

/**
 * Erases a child's records inside the caller's transaction: removes what PARTS lists, clears the
 * child row down to the name and the human number (invoices and payments are the books and keep
 * them), and records the erasure. The returned files are removed by the caller after commit.
 */
export async function eraseChild(
  tx: Database,
  input: { studentId: string; centerId: string; actorId: string | null; reason: "request" | "retention"; at: Date },
): Promise<ErasureOutcome> {
  const files = await filesOf(tx, input.studentId);
  // Counted before anything goes: deleting a guardian also takes their links (cascade).
  const removed = await countChildRecords(tx, input.studentId);
  // The audit rows are found through the records they name, so they are scrubbed first.
  await scrubChildAudit(tx, input.studentId);
  for (const part of PARTS) {
    if (removed[part.kind]) await tx.delete(part.table).where(part.where(input.studentId));
  }
  await tx
    .update(students)
    .set({
      classroomId: null,
      gender: null,
      dateOfBirth: null,
      pauseStartDate: null,
      pauseEndDate: null,
      pauseReason: null,
      pauseNotes: null,
      pausedBy: null,
      exitReason: null,
      notes: null,
      avatarColor: null,
      updatedAt: input.at,
    })
    .where(eq(students.id, input.studentId));
  await tx
    .update(enquiries)
    .set({
      childDob: null,
      parentName: "Erased",
      mobileNumber: "",
      email: null,
      parentLocation: null,
      company: null,
      remarks: null,
      updatedAt: input.at,
    })
    .where(eq(enquiries.studentId, input.studentId));
  // The requests stay as the record that the right was exercised; what they said about the child
  // goes, and so does the centre's answer (it may repeat the corrected value).
  await tx
    .update(dataRequests)
    .set({
      details: ERASED,
      correction: null,
      answer: sql`case when ${dataRequests.answer} is null then null else ${ERASED} end`,
    })
    .where(and(eq(dataRequests.studentId, input.studentId), eq(dataRequests.kind, "correction")));
  await tx.insert(childErasures).values({
    studentId: input.studentId,
    centerId: input.centerId,
    reason: input.reason,
    erasedBy: input.actorId,
    erasedAt: input.at,
  });
  return { removed, files };
}

/**
 * After the books' period the name goes as well: the child row, the exit record, the enquiry and
 * the audit rows keep only the human student number, which is what the invoices then show.
 */
export async function removeName(tx: Database, studentId: string, at: Date): Promise<void> {
  const [row] = await tx.select({ number: students.studentId }).from(students).where(eq(students.id, studentId));
  const name = `Former child ${row?.number ?? ""}`.trim();
  // Rows written about the child since the erasure go the same way; the books' rows get the pseudonym.
  await scrubChildAudit(tx, studentId);
  await renameInBooksAudit(tx, studentId, name);
  await tx.update(students).set({ firstName: name, lastName: "", updatedAt: at }).where(eq(students.id, studentId));
  await tx.update(exitRecords).set({ personName: name, exitReason: "" }).where(eq(exitRecords.studentId, studentId));
  await tx.update(enquiries).set({ childName: name, updatedAt: at }).where(eq(enquiries.studentId, studentId));
  await tx.update(childErasures).set({ nameRemovedAt: at }).where(eq(childErasures.studentId, studentId));
}

/** Whether the child's records were erased already. */
export async function isErased(db: Database, studentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: childErasures.studentId })
    .from(childErasures)
    .where(and(eq(childErasures.studentId, studentId), isNotNull(childErasures.erasedAt)));
  return rows.length > 0;
}
