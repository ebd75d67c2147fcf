import type { Database } from "../src/db/client.ts";
import { assignments } from "../src/db/schema/assignments.ts";
import { feeStructures, invoiceRequests, invoices } from "../src/db/schema/billing.ts";
import { budgetLimits, budgetQuotes, budgetRequests, expenseReceipts, expenses } from "../src/db/schema/budget.ts";
import { classrooms, students } from "../src/db/schema/children.ts";
import { portfolioItemChildren, portfolioItems } from "../src/db/schema/digital-portfolio.ts";
import { documents } from "../src/db/schema/documents.ts";
import { enquiries } from "../src/db/schema/enquiries.ts";
import { lessonPlans } from "../src/db/schema/lesson-plans.ts";
import { centers, organisations } from "../src/db/schema/organisations.ts";
import { policies } from "../src/db/schema/policies.ts";
import { users } from "../src/db/schema/users.ts";
import { storePhotoConsent } from "../src/modules/privacy/consent-store.ts";

/**
 * A second organisation with a centre, a classroom, a child, an invoice and an invoice request, a
 * document, a closed enquiry, a piece of work, a policy, a budget limit, a budget request with its quote, an
 * expense with its receipt and a portfolio photo:
 * records that no role of the demo organisation may reach, however wide its scope (super admin,
 * owner, finance). Files are rows only: a refused call never opens one.
 */
export async function otherOrganisation(db: Database) {
  const [organisation] = await db
    .insert(organisations)
    .values({ name: "Another Preschool Group" })
    .returning({ id: organisations.id });
  const organisationId = organisation!.id;
  const [centre] = await db
    .insert(centers)
    .values({ organisationId, name: "Little Steps Adyar", address: "4 Lake Road", city: "Chennai" })
    .returning({ id: centers.id });
  const [classroom] = await db
    .insert(classrooms)
    .values({ centerId: centre!.id, name: "Little Steps Toddlers" })
    .returning({ id: classrooms.id });
  const [child] = await db
    .insert(students)
    .values({
      centerId: centre!.id,
      classroomId: classroom!.id,
      firstName: "Meenakshi",
      lastName: "Raman",
      dateOfBirth: "2022-05-01",
      enrollmentDate: "2025-06-01",
    })
    .returning({ id: students.id });
  const [invoice] = await db
    .insert(invoices)
    .values({
      organisationId,
      centerId: centre!.id,
      studentId: child!.id,
      invoiceNumber: "LS-2026-0001",
      kind: "monthly",
      billingMonth: "2026-11-01",
      issueDate: "2026-11-01",
      dueDate: "2026-11-10",
      totalPaise: 1_200_000,
    })
    .returning({ id: invoices.id });
  const [director] = await db
    .insert(users)
    .values({
      organisationId,
      email: "director@littlesteps.test",
      fullName: "Lakshmi Iyer",
      role: "center_director",
      centerId: centre!.id,
    })
    .returning({ id: users.id });
  const [invoiceRequest] = await db
    .insert(invoiceRequests)
    .values({
      organisationId,
      centerId: centre!.id,
      studentId: child!.id,
      amountPaise: 150_000,
      dueDate: "2030-01-31",
      description: "Little Steps request",
    })
    .returning({ id: invoiceRequests.id });
  const [document] = await db
    .insert(documents)
    .values({
      organisationId,
      centerId: centre!.id,
      name: "Little Steps policy.pdf",
      type: "policy",
      storedName: "00000000-0000-4000-8000-0000000000b0.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedAt: new Date(),
    })
    .returning({ id: documents.id });
  const [limit] = await db
    .insert(budgetLimits)
    .values({
      organisationId,
      centerId: centre!.id,
      role: "admin",
      fiscalYear: 2026,
      approvalLimitPaise: 1_000_000,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: budgetLimits.id });
  const [quote] = await db
    .insert(budgetQuotes)
    .values({
      storedName: "00000000-0000-4000-8000-0000000000b1.pdf",
      fileName: "Little Steps quote.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedBy: director!.id,
      uploadedAt: new Date(),
    })
    .returning({ id: budgetQuotes.id });
  const [budgetRequest] = await db
    .insert(budgetRequests)
    .values({
      organisationId,
      centerId: centre!.id,
      requesterId: director!.id,
      description: "Sand pit",
      amountPaise: 5_000_000,
      category: "equipment",
      justification: "Outdoor play",
      quoteId: quote!.id,
      fiscalYear: 2026,
      status: "pending",
      createdAt: new Date(),
    })
    .returning({ id: budgetRequests.id });
  const [receipt] = await db
    .insert(expenseReceipts)
    .values({
      storedName: "00000000-0000-4000-8000-0000000000b2.pdf",
      mimeType: "application/pdf",
      sizeBytes: 10,
      uploadedBy: director!.id,
      uploadedAt: new Date(),
    })
    .returning({ id: expenseReceipts.id });
  await db.insert(expenses).values({
    organisationId,
    centerId: centre!.id,
    expenseDate: "2026-11-02",
    amountPaise: 120_000,
    category: "food",
    description: "Little Steps groceries",
    paymentMode: "cash",
    receiptId: receipt!.id,
    loggedBy: director!.id,
    createdAt: new Date(),
  });
  const [assignment] = await db
    .insert(assignments)
    .values({
      centerId: centre!.id,
      classroomId: classroom!.id,
      title: "Little Steps leaf collage",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: assignments.id });
  const [lessonPlan] = await db
    .insert(lessonPlans)
    .values({
      centerId: centre!.id,
      classroomId: classroom!.id,
      day: "2026-11-20",
      topic: "Little Steps shapes",
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning({ id: lessonPlans.id });
  const [policy] = await db
    .insert(policies)
    .values({
      centerId: centre!.id,
      title: "Little Steps sun safety",
      audience: "both",
      effectiveDate: "2026-11-01",
      publishedAt: new Date(),
    })
    .returning({ id: policies.id });
  const [enquiry] = await db
    .insert(enquiries)
    .values({
      organisationId: organisationId,
      centerId: centre!.id,
      enquiryDate: "2026-11-01",
      childName: "Little Steps Child",
      parentName: "Kavya Rao",
      mobileNumber: "+91 98450 00000",
      source: "Walk-in",
      majorProgram: "Pre-school",
      specificProgram: "TODDLERS",
      status: "Closed",
    })
    .returning({ id: enquiries.id });
  const [portfolioItem] = await db
    .insert(portfolioItems)
    .values({
      centerId: centre!.id,
      studentId: child!.id,
      classroomId: classroom!.id,
      fileName: "little-steps.jpg",
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName: "00000000-0000-4000-8000-0000000000b3.jpg",
      thumbStoredName: "00000000-0000-4000-8000-0000000000b4.jpg",
      sizeBytes: 10,
      uploadedBy: director!.id,
      createdAt: new Date(),
    })
    .returning({ id: portfolioItems.id });
  await db.insert(portfolioItemChildren).values({ itemId: portfolioItem!.id, studentId: child!.id });
  await storePhotoConsent(db, { organisationId, childId: child!.id, consent: "own", by: director!.id, at: new Date() });
  const [owner] = await db
    .insert(users)
    .values({ organisationId, email: "owner@littlesteps.test", fullName: "Ravi Raman", role: "owner" })
    .returning({ id: users.id });
  const [feeStructure] = await db
    .insert(feeStructures)
    .values({
      organisationId,
      programName: "Pre-school - KINDY",
      programType: "preschool",
      academicYear: "2026-27",
      monthlyFeePaise: 1_200_000,
    })
    .returning({ id: feeStructures.id });
  return {
    owner: owner!.id,
    feeStructure: feeStructure!.id,
    enquiry: enquiry!.id,
    assignment: assignment!.id,
    lessonPlan: lessonPlan!.id,
    policy: policy!.id,
    centre: centre!.id,
    classroom: classroom!.id,
    student: child!.id,
    invoice: invoice!.id,
    invoiceRequest: invoiceRequest!.id,
    document: document!.id,
    budgetLimit: limit!.id,
    budgetRequest: budgetRequest!.id,
    budgetQuote: quote!.id,
    receipt: receipt!.id,
    portfolioItem: portfolioItem!.id,
  };
}
