import { addDays } from "@sprout/shared/schemas/children";
import { academicYearOf } from "@sprout/shared/schemas/fees";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  feeComponents,
  feeStructures,
  invoiceLines,
  invoiceRequests,
  invoices,
  payments,
} from "../../db/schema/billing.ts";
import { students } from "../../db/schema/children.ts";
import { exitRecords } from "../../db/schema/exits.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { documentNumber, financialYearOf, takeNumbers } from "../fee-collection/series.ts";
import { takeInvoiceNumber } from "./queries.ts";

const PROGRAMS = [
  { program: "Daycare - CRECHE", type: "daycare", age: "6-18 months", hours: 9, fee: 14000, material: 3000 },
  {
    program: "Pre-school - PLAYGROUP",
    type: "preschool",
    age: "18 months-2.5 years",
    hours: 4,
    fee: 12000,
    material: 4000,
  },
  { program: "Pre-school - TODDLERS", type: "preschool", age: "2-3 years", hours: 4, fee: 12500, material: 4000 },
  { program: "Pre-school - PRE-KINDY", type: "preschool", age: "3-4 years", hours: 4.5, fee: 13000, material: 4500 },
  { program: "Pre-school - KINDY", type: "preschool", age: "4-5 years", hours: 4.5, fee: 13500, material: 4500 },
];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const firstOfPreviousMonth = (today: string) => {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return isoDate(date);
};

/**
 * Demo billing: a fee structure per program for this academic year, last month's invoices for
 * some children of the first centre (paid, part-paid and overdue), one invoice from an approved
 * request still pending, two requests waiting for approval and one rejected. This month is left
 * for the "Generate monthly invoices" button.
 */
export async function seedBillingDemo(tx: Database, organisationId: string, now: Date) {
  const today = isoDate(now);
  const [finance] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "finance@sprout.test"));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, "admin@sprout.test"));
  const financeId = finance?.id ?? null;
  const adminId = admin?.id ?? null;

  const structures = await tx
    .insert(feeStructures)
    .values(
      PROGRAMS.map((entry) => ({
        organisationId,
        programName: entry.program,
        programType: entry.type,
        ageGroup: entry.age,
        academicYear: academicYearOf(today),
        serviceHours: entry.hours,
        monthlyFeePaise: entry.fee * 100,
        materialFeePaise: entry.material * 100,
        quarterlyDiscountPercent: 2.5,
        annualDiscountPercent: 7.5,
        createdBy: financeId,
      })),
    )
    .returning({ id: feeStructures.id, programName: feeStructures.programName });
  await tx.insert(feeComponents).values(
    structures.flatMap((structure) => [
      {
        feeStructureId: structure.id,
        position: 0,
        name: "Admission kit",
        amountPaise: 250_000,
        componentType: "one_time" as const,
        isRefundable: false,
        isOptional: false,
      },
      {
        feeStructureId: structure.id,
        position: 1,
        name: "Annual day and events",
        amountPaise: 300_000,
        componentType: "annual" as const,
        isRefundable: false,
        isOptional: false,
      },
      {
        feeStructureId: structure.id,
        position: 2,
        name: "Transport (optional)",
        amountPaise: 250_000,
        componentType: "recurring" as const,
        isRefundable: false,
        isOptional: true,
      },
      ...(structure.programName.startsWith("Daycare")
        ? [
            {
              feeStructureId: structure.id,
              position: 3,
              name: "Meals",
              amountPaise: 150_000,
              componentType: "recurring" as const,
              isRefundable: false,
              isOptional: false,
            },
          ]
        : []),
    ]),
  );

  // Exit records for the Fee Management screen: children already marked as left, and a teacher
  // who left last term.
  await tx.execute(sql`
    insert into exit_records (organisation_id, center_id, person_name, person_type, student_id, exit_date, exit_reason, recorded_by, recorded_at)
    select ${organisationId}::uuid, s.center_id, trim(s.first_name || ' ' || s.last_name), 'student', s.id,
           coalesce(s.exit_date, ${today}::date), coalesce(s.exit_reason, 'Left'), ${adminId}::uuid, ${now.toISOString()}::timestamptz
    from students s join centers c on c.id = s.center_id
    where c.organisation_id = ${organisationId}::uuid and s.status = 'left'
      and not exists (select 1 from exit_records e where e.student_id = s.id)`);
  // The demo staff's centre (where the demo parent's children are).
  const [adminCentre] = await tx.select({ id: users.centerId }).from(users).where(eq(users.email, "admin@sprout.test"));
  const [anyCentre] = await tx
    .select({ id: centers.id })
    .from(centers)
    .where(eq(centers.organisationId, organisationId))
    .limit(1);
  const firstCentre = adminCentre?.id ? { id: adminCentre.id } : anyCentre;
  if (!firstCentre) return;
  await tx.insert(exitRecords).values({
    organisationId,
    centerId: firstCentre.id,
    personName: "Meera Joshi",
    personType: "teacher_staff",
    jobTitle: "Teacher",
    exitDate: addDays(today, -40),
    exitReason: "Relocated to Chennai",
    recordedBy: adminId,
    recordedAt: new Date(now.getTime() - 40 * 86_400_000),
  });
  const children = await tx
    .select({
      id: students.id,
      fee: students.monthlyFeePaise,
      program: students.programName,
      firstName: students.firstName,
    })
    .from(students)
    .where(and(eq(students.centerId, firstCentre.id), eq(students.status, "active")))
    .orderBy(asc(students.studentId))
    .limit(14);

  // Last month's invoices: the first ten children, issued on the 1st and due 30 days later.
  const month = firstOfPreviousMonth(today);
  const monthName = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}T00:00:00Z`),
  );
  const due = addDays(month, 30);
  for (const [index, child] of children.slice(0, 10).entries()) {
    const total = child.fee ?? 1_200_000;
    const numbered = await takeInvoiceNumber(tx, firstCentre.id, month);
    const paid = [0, 1, 2, 4, 6].includes(index) ? total : index === 5 ? Math.floor(total / 2) : 0;
    const status = paid === total ? "Paid" : due < today ? "Overdue" : "Pending";
    const [invoice] = await tx
      .insert(invoices)
      .values({
        organisationId,
        centerId: firstCentre.id,
        studentId: child.id,
        ...numbered,
        kind: "monthly",
        billingMonth: month,
        description: `Monthly fee for ${monthName}`,
        issueDate: month,
        dueDate: due,
        totalPaise: total,
        paidPaise: paid,
        status,
        paidAt: paid === total ? new Date(`${addDays(month, 5 + index)}T06:00:00Z`) : null,
        createdBy: financeId,
      })
      .returning({ id: invoices.id });
    await tx
      .insert(invoiceLines)
      .values({ invoiceId: invoice!.id, position: 0, description: `Monthly fee - ${monthName}`, amountPaise: total });
    if (paid > 0) {
      const paidOn = addDays(month, 5 + index);
      const financialYear = financialYearOf(paidOn);
      const { first, code } = await takeNumbers(tx, firstCentre.id, "receipt", financialYear);
      await tx.insert(payments).values({
        invoiceId: invoice!.id,
        centerId: firstCentre.id,
        receiptNumber: documentNumber(code, "receipt", financialYear, first),
        amountPaise: paid,
        paidOn,
        mode: index % 2 === 0 ? "upi" : "bank_transfer",
        reference: index % 2 === 0 ? `UPI${412_000 + index}` : `NEFT${990_100 + index}`,
        recordedBy: financeId,
      });
    }
  }

  // Requests: one approved (its invoice is pending), two waiting, one rejected.
  const requestFor = (
    child: (typeof children)[number],
    amount: number,
    description: string,
    status: "Pending" | "Approved" | "Rejected",
  ) => ({
    organisationId,
    centerId: firstCentre.id,
    studentId: child.id,
    amountPaise: amount,
    dueDate: addDays(today, 14),
    description,
    status,
    rejectReason: status === "Rejected" ? "Already included in the monthly fee" : null,
    requestedBy: adminId,
    decidedBy: status === "Pending" ? null : financeId,
    decidedAt: status === "Pending" ? null : now,
  });
  const rest = children.slice(10);
  if (rest.length < 4) return;
  const [approved] = await tx
    .insert(invoiceRequests)
    .values([
      requestFor(rest[0]!, 450_000, "Summer camp (2 weeks)", "Approved"),
      requestFor(rest[1]!, 250_000, "Admission kit", "Pending"),
      requestFor(rest[2]!, 1_000_000, "Security deposit", "Pending"),
      requestFor(rest[3]!, 180_000, "Extra hours - 6 days", "Rejected"),
    ])
    .returning({ id: invoiceRequests.id });
  const numbered = await takeInvoiceNumber(tx, firstCentre.id, today);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      organisationId,
      centerId: firstCentre.id,
      studentId: rest[0]!.id,
      ...numbered,
      kind: "request",
      requestId: approved!.id,
      description: "Summer camp (2 weeks)",
      issueDate: today,
      dueDate: addDays(today, 14),
      totalPaise: 450_000,
      createdBy: financeId,
    })
    .returning({ id: invoices.id });
  await tx
    .insert(invoiceLines)
    .values({ invoiceId: invoice!.id, position: 0, description: "Summer camp (2 weeks)", amountPaise: 450_000 });
}
