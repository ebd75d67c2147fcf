import { and, asc, eq, inArray, ne, notInArray } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { assignments } from "../src/db/schema/assignments.ts";
import { absenceNotices, attendanceStays } from "../src/db/schema/attendance.ts";
import { invoiceRequests, invoices } from "../src/db/schema/billing.ts";
import { budgetLimits, budgetQuotes, budgetRequests, expenseReceipts, expenses } from "../src/db/schema/budget.ts";
import { classrooms, classroomTeachers, guardians, studentGuardians, students } from "../src/db/schema/children.ts";
import { classroomAnnouncements } from "../src/db/schema/communication.ts";
import { portfolioItemChildren, portfolioItems } from "../src/db/schema/digital-portfolio.ts";
import { documents } from "../src/db/schema/documents.ts";
import { emergencyAlerts } from "../src/db/schema/emergency.ts";
import { enquiries } from "../src/db/schema/enquiries.ts";
import { incidentChildren, incidents } from "../src/db/schema/incidents.ts";
import { lessonPlans } from "../src/db/schema/lesson-plans.ts";
import { guardianLinkRequests } from "../src/db/schema/link-requests.ts";
import { ownerCenters } from "../src/db/schema/organisations.ts";
import { policies } from "../src/db/schema/policies.ts";
import { staff } from "../src/db/schema/staff.ts";
import { users } from "../src/db/schema/users.ts";
import { storePhotoConsent } from "../src/modules/privacy/consent-store.ts";
import { attendanceMatrixRecords } from "./matrix-records/attendance.ts";
import { centerDirectorMatrixRecords } from "./matrix-records/center-director.ts";
import { childDayMatrixRecords } from "./matrix-records/child-day.ts";
import { communicationMatrixRecords } from "./matrix-records/communication.ts";
import { dataRequestsMatrixRecords } from "./matrix-records/data-requests.ts";
import { assessmentsMatrixRecords } from "./matrix-records/development-assessments.ts";
import { developmentCardsMatrixRecords } from "./matrix-records/development-cards.ts";
import { developmentFrameworksMatrixRecords } from "./matrix-records/development-frameworks.ts";
import { statementsMatrixRecords } from "./matrix-records/fee-collection-statements.ts";

/**
 * Real ids from the demo data, for calls that must be refused by scope: the demo's centre staff
 * and parent belong to the "home" centre; "other" is another centre of the same organisation, and
 * the parent's "other family" rows are children of the home centre that are not theirs.
 */
export async function demoIds(db: Database) {
  const [director] = await db
    .select({ centerId: users.centerId, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.email, "director@sprout.test"));
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.email, "parent@sprout.test"));
  const home = director!.centerId!;
  // The other centre is one with children of its own.
  const [other] = await db
    .select({ id: students.centerId })
    .from(students)
    .where(ne(students.centerId, home))
    .orderBy(asc(students.studentId))
    .limit(1);
  const otherId = other!.id;
  // The demo owner owns every centre; here they stop owning the other one, so that an owner too
  // is refused another centre's records (the demo's organisation-wide roles see all of them).
  await db.delete(ownerCenters).where(eq(ownerCenters.centerId, otherId));
  const first = async <T>(rows: Promise<T[]>, what: string): Promise<T> => {
    const [row] = await rows;
    if (!row) throw new Error(`the demo data has no ${what}`);
    return row;
  };
  const otherStudent = await first(
    db.select({ id: students.id }).from(students).where(eq(students.centerId, otherId)).limit(1),
    "student in another centre",
  );
  const otherClassroom = await first(
    db.select({ id: classrooms.id }).from(classrooms).where(eq(classrooms.centerId, otherId)).limit(1),
    "classroom in another centre",
  );
  // Invoices of the parent's own centre whose child is not theirs.
  const parentsChildren = db
    .select({ id: studentGuardians.studentId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(guardians.userId, parent!.id));
  const otherFamilyInvoice = await first(
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.centerId, home), notInArray(invoices.studentId, parentsChildren)))
      .limit(1),
    "invoice of another family",
  );
  // The demo bills only its first centre: give the other centre a request and its invoice.
  const [otherRequest] = await db
    .insert(invoiceRequests)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      studentId: otherStudent.id,
      amountPaise: 100_000,
      dueDate: "2030-01-31",
      description: "Another centre's request",
      status: "Pending",
    })
    .returning({ id: invoiceRequests.id });
  const [otherInvoice] = await db
    .insert(invoices)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      studentId: otherStudent.id,
      invoiceNumber: "INV-2026-990001",
      kind: "request",
      description: "Another centre's invoice",
      issueDate: "2026-11-20",
      dueDate: "2030-01-31",
      totalPaise: 100_000,
    })
    .returning({ id: invoices.id });
  const [document] = await db
    .insert(documents)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      name: "Another centre's policy.pdf",
      type: "policy",
      storedName: "00000000-0000-4000-8000-0000000000d0.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedAt: new Date(),
    })
    .returning({ id: documents.id });
  const otherBudgetRequest = await first(
    db.select({ id: budgetRequests.id }).from(budgetRequests).where(eq(budgetRequests.centerId, otherId)).limit(1),
    "budget request of another centre",
  );
  const otherBudgetLimit = await first(
    db.select({ id: budgetLimits.id }).from(budgetLimits).where(eq(budgetLimits.centerId, otherId)).limit(1),
    "budget limit of another centre",
  );
  // A request with a quote at the other centre, raised by the super admin (not by the owner, who
  // may open their own), and a receipt on one of its expenses (rows only: a refused call never
  // opens the file).
  const [superAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "superadmin@sprout.test"));
  const [quote] = await db
    .insert(budgetQuotes)
    .values({
      storedName: "00000000-0000-4000-8000-0000000000a1.pdf",
      fileName: "Another centre's quote.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedBy: superAdmin!.id,
      uploadedAt: new Date(),
    })
    .returning({ id: budgetQuotes.id });
  await db.insert(budgetRequests).values({
    organisationId: director!.organisationId,
    centerId: otherId,
    requesterId: superAdmin!.id,
    description: "Another centre's shelving",
    amountPaise: 4_000_000,
    category: "equipment",
    justification: "Storage",
    quoteId: quote!.id,
    fiscalYear: 2026,
    status: "pending",
    createdAt: new Date(),
  });
  const otherExpense = await first(
    db
      .select({ id: expenses.id, loggedBy: expenses.loggedBy })
      .from(expenses)
      .where(eq(expenses.centerId, otherId))
      .limit(1),
    "expense of another centre",
  );
  const [receipt] = await db
    .insert(expenseReceipts)
    .values({
      storedName: "00000000-0000-4000-8000-0000000000a2.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedBy: otherExpense.loggedBy,
      uploadedAt: new Date(),
    })
    .returning({ id: expenseReceipts.id });
  await db.update(expenses).set({ receiptId: receipt!.id }).where(eq(expenses.id, otherExpense.id));
  // Work the demo teacher set for a room where the demo parent has a child (to submit to), and a
  // piece of work and a policy of the other centre.
  const [homeAssignment] = await db
    .select({ id: assignments.id, classroomId: assignments.classroomId, childId: students.id })
    .from(assignments)
    .innerJoin(students, eq(students.classroomId, assignments.classroomId))
    .where(and(eq(assignments.centerId, home), inArray(students.id, parentsChildren)))
    .limit(1);
  if (!homeAssignment) throw new Error("the demo data has no assignment for the demo parent's child");
  const [otherAssignment] = await db
    .insert(assignments)
    .values({
      centerId: otherId,
      classroomId: otherClassroom.id,
      title: "Another centre's work",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: assignments.id });
  // A lesson plan of the other centre (the demo plans only its first centre's rooms).
  const [otherLessonPlan] = await db
    .insert(lessonPlans)
    .values({
      centerId: otherId,
      classroomId: otherClassroom.id,
      day: "2026-11-20",
      topic: "Another centre's plan",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: lessonPlans.id });
  const homePolicy = await first(
    db.select({ id: policies.id }).from(policies).where(eq(policies.centerId, home)).limit(1),
    "policy of the home centre",
  );
  const [otherPolicy] = await db
    .insert(policies)
    .values({
      centerId: otherId,
      title: "Another centre's policy",
      audience: "both",
      effectiveDate: "2026-11-01",
      publishedAt: new Date(),
    })
    .returning({ id: policies.id });
  // A photo in the other centre's portfolio that its child's consent allows (a row only).
  const [otherPortfolioItem] = await db
    .insert(portfolioItems)
    .values({
      centerId: otherId,
      studentId: otherStudent.id,
      classroomId: otherClassroom.id,
      fileName: "another-centre.jpg",
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName: "00000000-0000-4000-8000-0000000000a3.jpg",
      thumbStoredName: "00000000-0000-4000-8000-0000000000a4.jpg",
      sizeBytes: 10,
      uploadedBy: superAdmin!.id,
      createdAt: new Date(),
    })
    .returning({ id: portfolioItems.id });
  await db.insert(portfolioItemChildren).values({ itemId: otherPortfolioItem!.id, studentId: otherStudent.id });
  await storePhotoConsent(db, {
    organisationId: director!.organisationId,
    childId: otherStudent.id,
    consent: "own",
    by: superAdmin!.id,
    at: new Date(),
  });
  // A closed enquiry of the other centre, ready to be admitted by whoever may.
  const [otherEnquiry] = await db
    .insert(enquiries)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      enquiryDate: "2026-11-01",
      childName: "Another Centre Child",
      parentName: "Kavya Rao",
      mobileNumber: "+91 98450 00000",
      source: "Walk-in",
      majorProgram: "Pre-school",
      specificProgram: "TODDLERS",
      status: "Closed",
    })
    .returning({ id: enquiries.id });
  // An incident and an active emergency alert of the other centre, the other centre's staff
  // record, and an incident of the home centre about another family's child (rows only).
  const homeOtherFamilyChild = await first(
    db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.centerId, home), notInArray(students.id, parentsChildren)))
      .limit(1),
    "child of another family in the home centre",
  );
  const incident = async (centerId: string, studentId: string) => {
    const [row] = await db
      .insert(incidents)
      .values({
        organisationId: director!.organisationId,
        centerId,
        incidentType: "injury",
        occurredAt: new Date("2026-11-19T05:00:00Z"),
        location: "Garden",
        description: "A fall on the grass.",
        severity: "low",
        parentsNotifiedAt: new Date("2026-11-19T06:00:00Z"),
        // Before the test clock's morning: these rows must not be anyone's latest news.
        createdAt: new Date("2026-11-19T05:30:00Z"),
        updatedAt: new Date("2026-11-19T05:30:00Z"),
      })
      .returning({ id: incidents.id });
    await db.insert(incidentChildren).values({ incidentId: row!.id, studentId });
    return row!.id;
  };
  // An absence notice from another family of the home centre and one of the other centre, and a
  // link request addressed to another parent's sign-in.
  const absenceNotice = async (centerId: string, studentId: string) => {
    const [row] = await db
      .insert(absenceNotices)
      .values({
        studentId,
        centerId,
        startDate: "2026-11-23",
        endDate: "2026-11-24",
        reason: "sick",
        createdBy: superAdmin!.id,
        createdAt: new Date("2026-11-19T05:00:00Z"),
      })
      .returning({ id: absenceNotices.id });
    return row!.id;
  };
  const otherAbsenceNotice = await absenceNotice(otherId, otherStudent.id);
  const otherFamilyAbsenceNotice = await absenceNotice(home, homeOtherFamilyChild.id);
  const [linkee] = await db
    .insert(users)
    .values({
      organisationId: director!.organisationId,
      email: "linkee@sprout.test",
      fullName: "Another Parent",
      role: "parent",
      centerId: home,
    })
    .returning({ id: users.id });
  const [linkGuardian] = await db
    .insert(guardians)
    .values({ centerId: home, firstName: "Another", lastName: "Parent", email: "linkee@sprout.test" })
    .returning({ id: guardians.id });
  const [otherFamilyLinkRequest] = await db
    .insert(guardianLinkRequests)
    .values({
      organisationId: director!.organisationId,
      userId: linkee!.id,
      guardianId: linkGuardian!.id,
      studentId: homeOtherFamilyChild.id,
      requestedBy: superAdmin!.id,
      createdAt: new Date("2026-11-19T05:00:00Z"),
    })
    .returning({ id: guardianLinkRequests.id });
  const otherIncident = await incident(otherId, otherStudent.id);
  const otherFamilyIncident = await incident(home, homeOtherFamilyChild.id);
  const [otherAlert] = await db
    .insert(emergencyAlerts)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      alertType: "fire",
      severity: "critical",
      message: "Another centre's drill",
      triggeredAt: new Date("2026-11-19T07:00:00Z"),
    })
    .returning({ id: emergencyAlerts.id });
  // The demo staffs only its first centre: give the other centre a teacher with a sign-in.
  const [otherTeacher] = await db
    .insert(users)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      email: "other.centre.teacher@sprout.test",
      fullName: "Other Centre Teacher",
      role: "teacher",
    })
    .returning({ id: users.id });
  const [otherStaff] = await db
    .insert(staff)
    .values({
      organisationId: director!.organisationId,
      centerId: otherId,
      userId: otherTeacher!.id,
      firstName: "Other",
      lastName: "Teacher",
      role: "teacher",
    })
    .returning({ id: staff.id });
  // Threads, announcements, feedback and notices of another centre and of another family.
  const communication = await communicationMatrixRecords(db, { home, other: otherId, parentId: parent!.id });
  // The demo teacher's classrooms, a child of one of them, and another classroom of her own centre
  // with a child in it: a teacher reads her rooms' children only (ADR 0046).
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.email, "teacher@sprout.test"));
  const teacherRooms = (
    await db
      .select({ id: classroomTeachers.classroomId })
      .from(classroomTeachers)
      .where(eq(classroomTeachers.teacherId, teacher!.id))
  ).map((row) => row.id);
  if (teacherRooms.length === 0) throw new Error("the demo teacher has no classroom");
  const teacherRoomStudent = await first(
    db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.classroomId, teacherRooms), eq(students.status, "active")))
      .orderBy(asc(students.studentId))
      .limit(1),
    "child in the demo teacher's classroom",
  );
  const otherRoom = await first(
    db
      .select({ classroomId: students.classroomId, studentId: students.id })
      .from(students)
      .where(
        and(eq(students.centerId, home), notInArray(students.classroomId, teacherRooms), eq(students.status, "active")),
      )
      .orderBy(asc(students.studentId))
      .limit(1),
    "child of another classroom of the demo teacher's centre",
  );
  const otherRoomIncident = await incident(home, otherRoom.studentId);
  const [otherRoomStay] = await db
    .insert(attendanceStays)
    .values({
      organisationId: director!.organisationId,
      centerId: home,
      studentId: otherRoom.studentId,
      day: "2026-11-19",
      checkInAt: new Date("2026-11-19T03:30:00Z"),
      checkOutAt: new Date("2026-11-19T10:30:00Z"),
    })
    .returning({ id: attendanceStays.id });
  // A photo of that child (its consent allows it) and a piece of work set for that room.
  const [otherRoomPortfolioItem] = await db
    .insert(portfolioItems)
    .values({
      centerId: home,
      studentId: otherRoom.studentId,
      classroomId: otherRoom.classroomId,
      fileName: "another-room.jpg",
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName: "00000000-0000-4000-8000-0000000000a5.jpg",
      thumbStoredName: "00000000-0000-4000-8000-0000000000a6.jpg",
      sizeBytes: 10,
      uploadedBy: superAdmin!.id,
      createdAt: new Date(),
    })
    .returning({ id: portfolioItems.id });
  await db.insert(portfolioItemChildren).values({ itemId: otherRoomPortfolioItem!.id, studentId: otherRoom.studentId });
  await storePhotoConsent(db, {
    organisationId: director!.organisationId,
    childId: otherRoom.studentId,
    consent: "own",
    by: superAdmin!.id,
    at: new Date(),
  });
  const [otherRoomAssignment] = await db
    .insert(assignments)
    .values({
      centerId: home,
      classroomId: otherRoom.classroomId!,
      title: "Another room's work",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: assignments.id });
  // That room's lesson plan and an announcement its lead teacher posted.
  const [otherRoomLessonPlan] = await db
    .insert(lessonPlans)
    .values({
      centerId: home,
      classroomId: otherRoom.classroomId!,
      day: "2026-11-20",
      topic: "Another room's plan",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: lessonPlans.id });
  const otherRoomTeacher = await first(
    db
      .select({ id: classroomTeachers.teacherId })
      .from(classroomTeachers)
      .where(eq(classroomTeachers.classroomId, otherRoom.classroomId!))
      .orderBy(asc(classroomTeachers.role), asc(classroomTeachers.teacherId))
      .limit(1),
    "teacher of another classroom of the demo teacher's centre",
  );
  const [otherRoomAnnouncement] = await db
    .insert(classroomAnnouncements)
    .values({
      centerId: home,
      classroomId: otherRoom.classroomId!,
      postedBy: otherRoomTeacher.id,
      title: "Another room's trip",
      message: "Bring a hat",
      postedAt: new Date(),
    })
    .returning({ id: classroomAnnouncements.id });
  // Calendar events, the child's day, data rights and attendance of another centre and family.
  const children = { home, other: otherId, otherStudent: otherStudent.id, otherFamilyChild: homeOtherFamilyChild.id };
  const centerDirector = await centerDirectorMatrixRecords(db, { other: otherId });
  const childDay = await childDayMatrixRecords(db, {
    ...children,
    otherRoomChild: otherRoom.studentId,
    consentBy: superAdmin!.id,
  });
  const dataRequests = await dataRequestsMatrixRecords(db, children);
  const attendance = await attendanceMatrixRecords(db, { other: otherId, otherStudent: otherStudent.id });
  const developmentCards = await developmentCardsMatrixRecords(db, {
    home,
    other: otherId,
    otherStudent: otherStudent.id,
    otherClassroom: otherClassroom.id,
    parentChild: homeAssignment.childId,
    teacherClassroom: homeAssignment.classroomId,
    otherFamilyChild: homeOtherFamilyChild.id,
    otherRoomStudent: otherRoom.studentId,
    otherRoomClassroom: otherRoom.classroomId!,
  });
  const assessments = await assessmentsMatrixRecords(db, {
    home,
    other: otherId,
    teacherRooms,
    otherRoomClassroom: otherRoom.classroomId!,
    otherClassroom: otherClassroom.id,
  });
  return {
    assessments,
    ...communication,
    ...centerDirector,
    childDay,
    ...dataRequests,
    ...attendance,
    developmentCards,
    otherFamilyChild: homeOtherFamilyChild.id,
    ...(await statementsMatrixRecords(db, { other: otherId })),
    ...(await developmentFrameworksMatrixRecords(db)),
    otherIncident,
    otherFamilyIncident,
    teacherRooms,
    teacherRoomStudent: teacherRoomStudent.id,
    otherRoomStudent: otherRoom.studentId,
    otherRoomClassroom: otherRoom.classroomId!,
    otherRoomIncident,
    otherRoomStay: otherRoomStay!.id,
    otherRoomPortfolioItem: otherRoomPortfolioItem!.id,
    otherRoomAssignment: otherRoomAssignment!.id,
    otherRoomLessonPlan: otherRoomLessonPlan!.id,
    otherRoomAnnouncement: otherRoomAnnouncement!.id,
    otherAlert: otherAlert!.id,
    otherStaff: otherStaff!.id,
    otherEnquiry: otherEnquiry!.id,
    homeAssignment: homeAssignment.id,
    teacherClassroom: homeAssignment.classroomId,
    parentChild: homeAssignment.childId,
    otherAssignment: otherAssignment!.id,
    otherLessonPlan: otherLessonPlan!.id,
    homePolicy: homePolicy.id,
    otherPolicy: otherPolicy!.id,
    otherBudgetQuote: quote!.id,
    otherReceipt: receipt!.id,
    otherBudgetRequest: otherBudgetRequest.id,
    otherBudgetLimit: otherBudgetLimit.id,
    homeCentre: home,
    otherCentre: otherId,
    otherStudent: otherStudent.id,
    otherClassroom: otherClassroom.id,
    otherInvoice: otherInvoice!.id,
    otherRequest: otherRequest!.id,
    otherDocument: document!.id,
    otherFamilyInvoice: otherFamilyInvoice.id,
    otherAbsenceNotice,
    otherFamilyAbsenceNotice,
    otherFamilyLinkRequest: otherFamilyLinkRequest!.id,
    otherPortfolioItem: otherPortfolioItem!.id,
  };
}
