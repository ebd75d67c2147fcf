import { ROLE_LABELS, type Role } from "@sprout/shared/roles";
import { publishedCard } from "@sprout/shared/schemas/development/card";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { assignmentSubmissions, assignments, submissionFiles } from "../../db/schema/assignments.ts";
import { absenceNotices, attendanceAbsences, attendanceStays, pickupPeople } from "../../db/schema/attendance.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
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
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { messages, messageThreads, parentFeedback } from "../../db/schema/communication.ts";
import { dataRequests } from "../../db/schema/data-requests.ts";
import {
  assessmentHistory,
  assessmentTerms,
  childAssessments,
  progressCardAcknowledgements,
  progressCardParentPages,
} from "../../db/schema/development.ts";
import { photoConsents, portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { studentMoves, studentPauses } from "../../db/schema/enrollment.ts";
import { incidentAcknowledgements, incidentChildren, incidentPhotos, incidents } from "../../db/schema/incidents.ts";
import { centers } from "../../db/schema/organisations.ts";
import { childConsents, childRecordViews } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { toRupees } from "../../lib/money.ts";
import { consentAllows } from "../digital-portfolio/policy.ts";

/** A stored file to put in the archive, under `path`. */
export interface ArchiveFile {
  path: string;
  storedName: string;
}

const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, "_").slice(0, 80) || "file";

/**
 * Portfolio items of the child whose file the family may see: every child in the photo must
 * allow it (the gallery's own rule), so a group photo appears only with every family's consent.
 */
async function visiblePortfolio(db: Database, studentId: string) {
  const items = await db
    .select({
      id: portfolioItems.id,
      title: portfolioItems.title,
      description: portfolioItems.description,
      fileName: portfolioItems.fileName,
      mediaType: portfolioItems.mediaType,
      mimeType: portfolioItems.mimeType,
      storedName: portfolioItems.storedName,
      isGroup: portfolioItems.isGroup,
      createdAt: portfolioItems.createdAt,
    })
    .from(portfolioItems)
    .innerJoin(portfolioItemChildren, eq(portfolioItemChildren.itemId, portfolioItems.id))
    .where(eq(portfolioItemChildren.studentId, studentId))
    .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.id));
  if (items.length === 0) return [];
  const tags = await db
    .select({
      itemId: portfolioItemChildren.itemId,
      studentId: portfolioItemChildren.studentId,
      consent: photoConsents.consent,
    })
    .from(portfolioItemChildren)
    .leftJoin(photoConsents, eq(photoConsents.studentId, portfolioItemChildren.studentId))
    .where(
      inArray(
        portfolioItemChildren.itemId,
        items.map((item) => item.id),
      ),
    );
  // The family's own choice never hides their child's photo from them; every other child's does.
  return items.filter((item) =>
    tags
      .filter((tag) => tag.itemId === item.id && tag.studentId !== studentId)
      .every((tag) => consentAllows(tag.consent, item.isGroup)),
  );
}

/**
 * The child's published term assessments (issue 36): every publication as it was published (the
 * last is the progress card), the parent's page and the family's acknowledgements. Drafts are the
 * teachers' work in progress and were never shown to the family.
 */
async function progressCardsOf(db: Database, studentId: string) {
  const assessments = await db
    .select({
      id: childAssessments.id,
      term: assessmentTerms.name,
      startsOn: assessmentTerms.startsOn,
      endsOn: assessmentTerms.endsOn,
    })
    .from(childAssessments)
    .innerJoin(assessmentTerms, eq(assessmentTerms.id, childAssessments.termId))
    .where(and(eq(childAssessments.studentId, studentId), gt(childAssessments.version, 0)))
    .orderBy(asc(assessmentTerms.startsOn), asc(assessmentTerms.id));
  if (assessments.length === 0) return [];
  const ids = assessments.map((assessment) => assessment.id);
  const [history, pages, acknowledgements] = await Promise.all([
    db
      .select()
      .from(assessmentHistory)
      .where(inArray(assessmentHistory.assessmentId, ids))
      .orderBy(asc(assessmentHistory.version)),
    db.select().from(progressCardParentPages).where(inArray(progressCardParentPages.assessmentId, ids)),
    db
      .select({
        assessmentId: progressCardAcknowledgements.assessmentId,
        version: progressCardAcknowledgements.version,
        at: progressCardAcknowledgements.acknowledgedAt,
      })
      .from(progressCardAcknowledgements)
      .where(inArray(progressCardAcknowledgements.assessmentId, ids))
      .orderBy(asc(progressCardAcknowledgements.acknowledgedAt)),
  ]);
  return assessments.map((assessment) => ({
    term: assessment.term,
    starts_on: assessment.startsOn,
    ends_on: assessment.endsOn,
    publications: history
      .filter((entry) => entry.assessmentId === assessment.id)
      .map((entry) => {
        const card = publishedCard.parse(entry.card);
        return {
          version: entry.version,
          published_at: entry.publishedAt,
          reason: entry.reason,
          levels: card.levels.map((level) => ({ ...level, level: card.level_labels[level.level] ?? level.level })),
          narratives: card.narratives,
          all_about_me: card.all_about_me,
        };
      }),
    parent_page: pages.find((page) => page.assessmentId === assessment.id)?.answers ?? null,
    acknowledgements: acknowledgements
      .filter((entry) => entry.assessmentId === assessment.id)
      .map((entry) => ({ version: entry.version, acknowledged_at: entry.at })),
  }));
}

/**
 * Everything Sprout holds about one child and the parent asking, as plain JSON-ready records,
 * and the stored files that go beside them. Only rows of this child (and this parent's own
 * conversations) are read: nothing of another family can reach the archive.
 */
export async function collectExport(db: Database, input: { studentId: string; parentId: string }) {
  const { studentId, parentId } = input;
  const byChild = <T extends { studentId: unknown }>(table: T) => eq(table.studentId as never, studentId);
  const [child] = await db
    .select({
      student: students,
      centre: centers.name,
      classroom: classrooms.name,
    })
    .from(students)
    .innerJoin(centers, eq(centers.id, students.centerId))
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
    .where(eq(students.id, studentId));
  if (!child) throw new Error("the child of an export is gone");
  const [parent] = await db
    .select({ full_name: users.fullName, email: users.email, phone: users.phoneNumber, language: users.language })
    .from(users)
    .where(eq(users.id, parentId));

  const childGuardians = await db
    .select({
      first_name: guardians.firstName,
      last_name: guardians.lastName,
      phone: guardians.phone,
      email: guardians.email,
      relation: studentGuardians.relation,
      is_primary: studentGuardians.isPrimary,
    })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(asc(guardians.firstName));

  const stays = await db
    .select({
      day: attendanceStays.day,
      check_in_at: attendanceStays.checkInAt,
      check_out_at: attendanceStays.checkOutAt,
      collected_by: sql<string | null>`coalesce(${pickupPeople.name}, ${attendanceStays.collectedByName})`,
    })
    .from(attendanceStays)
    .leftJoin(pickupPeople, eq(pickupPeople.id, attendanceStays.pickupPersonId))
    .where(eq(attendanceStays.studentId, studentId))
    .orderBy(asc(attendanceStays.checkInAt));
  const absences = await db
    .select({ day: attendanceAbsences.day, reason: attendanceAbsences.reason, note: attendanceAbsences.note })
    .from(attendanceAbsences)
    .where(byChild(attendanceAbsences))
    .orderBy(asc(attendanceAbsences.day));
  const notices = await db
    .select({
      start_date: absenceNotices.startDate,
      end_date: absenceNotices.endDate,
      reason: absenceNotices.reason,
      note: absenceNotices.note,
      cancelled_at: absenceNotices.cancelledAt,
    })
    .from(absenceNotices)
    .where(byChild(absenceNotices))
    .orderBy(asc(absenceNotices.startDate));

  const day = { day: foodEntries.day, notes: foodEntries.notes };
  const food = await db
    .select({ ...day, meal: foodEntries.mealType, consumed_percent: foodEntries.foodConsumed })
    .from(foodEntries)
    .where(byChild(foodEntries))
    .orderBy(asc(foodEntries.createdAt));
  const sleep = await db
    .select({
      day: sleepEntries.day,
      start: sleepEntries.startTime,
      end: sleepEntries.endTime,
      notes: sleepEntries.notes,
    })
    .from(sleepEntries)
    .where(byChild(sleepEntries))
    .orderBy(asc(sleepEntries.createdAt));
  const potty = await db
    .select({
      day: pottyEntries.day,
      type: pottyEntries.type,
      diaper: pottyEntries.diaperStatus,
      notes: pottyEntries.notes,
    })
    .from(pottyEntries)
    .where(byChild(pottyEntries))
    .orderBy(asc(pottyEntries.createdAt));
  const childStars = await db
    .select({ day: stars.day, reason: stars.reason, notes: stars.notes })
    .from(stars)
    .where(byChild(stars))
    .orderBy(asc(stars.createdAt));

  const health = await db
    .select({
      day: healthNotes.day,
      kind: healthNotes.kind,
      details: healthNotes.details,
      dose: healthNotes.dose,
      given_time: healthNotes.givenTime,
      temperature_c: healthNotes.temperatureC,
      notes: healthNotes.notes,
    })
    .from(healthNotes)
    .where(byChild(healthNotes))
    .orderBy(asc(healthNotes.createdAt));
  const meds = await db
    .select({
      name: medications.name,
      dose: medications.dose,
      schedule: medications.schedule,
      start_date: medications.startDate,
      end_date: medications.endDate,
      notes: medications.notes,
      consent_at: medications.consentAt,
      withdrawn_at: medications.withdrawnAt,
    })
    .from(medications)
    .where(byChild(medications))
    .orderBy(asc(medications.startDate));
  const doses = await db
    .select({ day: medicationDoses.day, dose: medicationDoses.dose, given_time: medicationDoses.givenTime })
    .from(medicationDoses)
    .where(byChild(medicationDoses))
    .orderBy(asc(medicationDoses.createdAt));
  const vaccines = await db
    .select({
      vaccine: immunisations.vaccine,
      date_given: immunisations.dateGiven,
      next_due: immunisations.nextDue,
      notes: immunisations.notes,
    })
    .from(immunisations)
    .where(byChild(immunisations))
    .orderBy(asc(immunisations.dateGiven));

  const logs = await db
    .select({
      id: observationLogs.id,
      day: observationLogs.day,
      notes: observationLogs.notes,
      milestone: observationLogs.milestone,
    })
    .from(observationLogs)
    .where(byChild(observationLogs))
    .orderBy(asc(observationLogs.day), asc(observationLogs.id));
  const attachments = logs.length
    ? await db
        .select({
          logId: observationAttachments.logId,
          name: observationAttachments.originalName,
          storedName: observationAttachments.storedName,
          mime_type: observationAttachments.mimeType,
          size_bytes: observationAttachments.sizeBytes,
        })
        .from(observationAttachments)
        .where(
          inArray(
            observationAttachments.logId,
            logs.map((log) => log.id),
          ),
        )
    : [];

  const photos = await visiblePortfolio(db, studentId);

  const submissions = await db
    .select({
      id: assignmentSubmissions.id,
      assignment: assignments.title,
      text: assignmentSubmissions.submissionText,
      submitted_at: assignmentSubmissions.submittedAt,
      teacher_comment: assignmentSubmissions.teacherComment,
    })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .where(eq(assignmentSubmissions.studentId, studentId))
    .orderBy(asc(assignmentSubmissions.submittedAt));
  const submissionDocs = submissions.length
    ? await db
        .select({
          submissionId: submissionFiles.submissionId,
          name: submissionFiles.originalName,
          storedName: submissionFiles.storedName,
          mime_type: submissionFiles.mimeType,
          size_bytes: submissionFiles.sizeBytes,
        })
        .from(submissionFiles)
        .where(
          inArray(
            submissionFiles.submissionId,
            submissions.map((submission) => submission.id),
          ),
        )
    : [];

  const pickup = await db
    .select({
      name: pickupPeople.name,
      relation: pickupPeople.relation,
      phone: pickupPeople.phone,
      removed_at: pickupPeople.removedAt,
      storedName: pickupPeople.photoStoredName,
    })
    .from(pickupPeople)
    .where(byChild(pickupPeople))
    .orderBy(asc(pickupPeople.createdAt));

  // Only this parent's own conversations about the child: another guardian's are theirs to ask for.
  const conversation = await db
    .select({ sent_at: messages.sentAt, from: users.fullName, content: messages.content })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messageThreads.childId, studentId), eq(messageThreads.parentId, parentId)))
    .orderBy(asc(messages.sentAt), asc(messages.id));

  const childInvoices = await db
    .select({
      id: invoices.id,
      invoice_number: invoices.invoiceNumber,
      description: invoices.description,
      issue_date: invoices.issueDate,
      due_date: invoices.dueDate,
      totalPaise: invoices.totalPaise,
      paidPaise: invoices.paidPaise,
      status: invoices.status,
    })
    .from(invoices)
    .where(eq(invoices.studentId, studentId))
    .orderBy(asc(invoices.issueDate), asc(invoices.invoiceNumber));
  const childPayments = childInvoices.length
    ? await db
        .select({
          invoiceId: payments.invoiceId,
          amountPaise: payments.amountPaise,
          paid_on: payments.paidOn,
          mode: payments.mode,
          reference: payments.reference,
        })
        .from(payments)
        .where(
          inArray(
            payments.invoiceId,
            childInvoices.map((invoice) => invoice.id),
          ),
        )
        .orderBy(asc(payments.paidOn))
    : [];
  const numberOf = new Map(childInvoices.map((invoice) => [invoice.id, invoice.invoice_number]));

  const consents = await db
    .select({ purpose: childConsents.purpose, given: childConsents.given, given_at: childConsents.givenAt })
    .from(childConsents)
    .where(eq(childConsents.studentId, studentId))
    .orderBy(asc(childConsents.purpose));
  const requests = await db
    .select({
      kind: dataRequests.kind,
      details: dataRequests.details,
      correction: dataRequests.correction,
      status: dataRequests.status,
      due_date: dataRequests.dueDate,
      answer: dataRequests.answer,
      created_at: dataRequests.createdAt,
    })
    .from(dataRequests)
    .where(and(eq(dataRequests.studentId, studentId), eq(dataRequests.requestedBy, parentId)))
    .orderBy(asc(dataRequests.createdAt));

  const pauses = await db
    .select({
      start_date: studentPauses.startDate,
      end_date: studentPauses.endDate,
      reason: studentPauses.reason,
      notes: studentPauses.notes,
      paused_at: studentPauses.pausedAt,
      ended_how: studentPauses.endedHow,
      ended_at: studentPauses.endedAt,
      resume_notes: studentPauses.resumeNotes,
    })
    .from(studentPauses)
    .where(byChild(studentPauses))
    .orderBy(asc(studentPauses.startDate), asc(studentPauses.pausedAt));
  const fromCentre = alias(centers, "from_centre");
  const toCentre = alias(centers, "to_centre");
  const fromRoom = alias(classrooms, "from_room");
  const toRoom = alias(classrooms, "to_room");
  const moves = await db
    .select({
      kind: studentMoves.kind,
      moved_at: studentMoves.movedAt,
      from_centre: fromCentre.name,
      from_classroom: fromRoom.name,
      to_centre: toCentre.name,
      to_classroom: toRoom.name,
    })
    .from(studentMoves)
    .leftJoin(fromCentre, eq(fromCentre.id, studentMoves.fromCenterId))
    .innerJoin(toCentre, eq(toCentre.id, studentMoves.toCenterId))
    .leftJoin(fromRoom, eq(fromRoom.id, studentMoves.fromClassId))
    .leftJoin(toRoom, eq(toRoom.id, studentMoves.toClassId))
    .where(byChild(studentMoves))
    .orderBy(asc(studentMoves.movedAt), asc(studentMoves.id));

  // This parent's own feedback about the child (another guardian's is theirs to ask for, as messages).
  const feedback = await db
    .select({
      category: parentFeedback.category,
      rating: parentFeedback.rating,
      comment: parentFeedback.comment,
      status: parentFeedback.status,
      response: parentFeedback.response,
      responded_at: parentFeedback.respondedAt,
      created_at: parentFeedback.createdAt,
    })
    .from(parentFeedback)
    .where(and(eq(parentFeedback.childId, studentId), eq(parentFeedback.parentId, parentId)))
    .orderBy(asc(parentFeedback.createdAt), asc(parentFeedback.id));

  // Incidents involving the child, as the family's portal shows them: after the centre told the
  // parents, without witnesses' names or staff notes, and naming no other child.
  const childIncidents = await db
    .select({
      id: incidents.id,
      incident_type: incidents.incidentType,
      occurred_at: incidents.occurredAt,
      location: incidents.location,
      description: incidents.description,
      first_aid: incidents.firstAid,
      severity: incidents.severity,
      status: incidents.status,
      parents_notified_at: incidents.parentsNotifiedAt,
      acknowledged_at: incidentAcknowledgements.acknowledgedAt,
    })
    .from(incidents)
    .innerJoin(incidentChildren, eq(incidentChildren.incidentId, incidents.id))
    .leftJoin(
      incidentAcknowledgements,
      and(eq(incidentAcknowledgements.incidentId, incidents.id), eq(incidentAcknowledgements.userId, parentId)),
    )
    .where(and(eq(incidentChildren.studentId, studentId), isNotNull(incidents.parentsNotifiedAt)))
    .orderBy(asc(incidents.occurredAt), asc(incidents.id));
  const incidentFiles = childIncidents.length
    ? await db
        .select({
          incidentId: incidentPhotos.incidentId,
          storedName: incidentPhotos.storedName,
          mime_type: incidentPhotos.mimeType,
        })
        .from(incidentPhotos)
        .where(
          inArray(
            incidentPhotos.incidentId,
            childIncidents.map((incident) => incident.id),
          ),
        )
        .orderBy(asc(incidentPhotos.uploadedAt), asc(incidentPhotos.id))
    : [];

  // Who looked at the child's records (the year the log keeps), as the Privacy page shows it.
  const views = await db
    .select({
      staff_name: users.fullName,
      role: childRecordViews.viewerRole,
      kind: childRecordViews.kind,
      viewed_at: childRecordViews.viewedAt,
    })
    .from(childRecordViews)
    .innerJoin(users, eq(users.id, childRecordViews.viewerId))
    .where(eq(childRecordViews.studentId, studentId))
    .orderBy(desc(childRecordViews.viewedAt), desc(childRecordViews.id));

  const files: ArchiveFile[] = [];
  const place = (folder: string, index: number, name: string, storedName: string | null) => {
    if (!storedName) return null;
    const path = `${folder}/${String(index + 1).padStart(3, "0")}-${safeName(name)}`;
    files.push({ path, storedName });
    return path;
  };
  const s = child.student;
  const progressCards = await progressCardsOf(db, studentId);
  const data = {
    child: {
      student_id: s.studentId,
      first_name: s.firstName,
      last_name: s.lastName,
      date_of_birth: s.dateOfBirth,
      gender: s.gender,
      status: s.status,
      centre: child.centre,
      classroom: child.classroom,
      program: s.programName,
      enrollment_date: s.enrollmentDate,
      exit_date: s.exitDate,
      monthly_fee: s.monthlyFeePaise === null ? null : toRupees(s.monthlyFeePaise),
      notes: s.notes,
    },
    parent: parent ?? null,
    guardians: childGuardians,
    pickup_people: pickup.map(({ storedName, ...person }, index) => ({
      ...person,
      photo: place("documents/pickup-people", index, `${person.name}.jpg`, storedName),
    })),
    attendance: { stays, absences, absence_notices: notices },
    childs_day: { food, sleep, potty, stars: childStars },
    health: { notes: health, medications: meds, doses, immunisations: vaccines },
    observations: logs.map(({ id, ...log }) => ({
      ...log,
      attachments: attachments
        .filter((attachment) => attachment.logId === id)
        .map(({ logId: _log, storedName, ...attachment }) => ({
          ...attachment,
          file: place("documents/observations", files.length, attachment.name, storedName),
        })),
    })),
    portfolio: photos.map((item, index) => ({
      title: item.title,
      description: item.description,
      file_name: item.fileName,
      media_type: item.mediaType,
      mime_type: item.mimeType,
      group_photo: item.isGroup,
      created_at: item.createdAt,
      file: place("photos", index, item.fileName, item.storedName),
    })),
    progress_cards: progressCards,
    assignment_submissions: submissions.map(({ id, ...submission }) => ({
      ...submission,
      files: submissionDocs
        .filter((document) => document.submissionId === id)
        .map(({ submissionId: _submission, storedName, ...document }) => ({
          ...document,
          file: place("documents/assignments", files.length, document.name, storedName),
        })),
    })),
    enrolment: { pauses, moves },
    messages: conversation,
    feedback,
    incidents: childIncidents.map(({ id, ...incident }) => ({
      ...incident,
      photos: incidentFiles
        .filter((photo) => photo.incidentId === id)
        .map((photo) => ({
          mime_type: photo.mime_type,
          file: place(
            "documents/incidents",
            files.length,
            `incident-photo.${photo.mime_type.split("/")[1] ?? "jpg"}`,
            photo.storedName,
          ),
        })),
    })),
    access_log: views.map(({ role, ...view }) => ({ ...view, staff_role: ROLE_LABELS[role as Role] ?? role })),
    invoices: childInvoices.map(({ id: _id, totalPaise, paidPaise, ...invoice }) => ({
      ...invoice,
      total: toRupees(totalPaise),
      paid: toRupees(paidPaise),
    })),
    payments: childPayments.map(({ invoiceId, amountPaise, ...payment }) => ({
      invoice_number: numberOf.get(invoiceId) ?? null,
      amount: toRupees(amountPaise),
      ...payment,
    })),
    consents: {
      purposes: consents,
      medications: meds.map((med) => ({ name: med.name, consent_at: med.consent_at, withdrawn_at: med.withdrawn_at })),
    },
    data_requests: requests,
  };
  return { data, files };
}
export type ExportData = Awaited<ReturnType<typeof collectExport>>["data"];
