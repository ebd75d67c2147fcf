import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import type { Database } from "../src/db/client.ts";
import { invoiceRequests, invoices } from "../src/db/schema/billing.ts";
import { classrooms, guardians, studentGuardians, students } from "../src/db/schema/children.ts";
import { documents } from "../src/db/schema/documents.ts";
import { ownerCenters } from "../src/db/schema/organisations.ts";
import { users } from "../src/db/schema/users.ts";

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
  return {
    homeCentre: home,
    otherCentre: otherId,
    otherStudent: otherStudent.id,
    otherClassroom: otherClassroom.id,
    otherInvoice: otherInvoice!.id,
    otherRequest: otherRequest!.id,
    otherDocument: document!.id,
    otherFamilyInvoice: otherFamilyInvoice.id,
  };
}
