import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { childrenOf, demoCentres } from "../../../test/children-support.ts";
import { createTestApp } from "../../../test/harness.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { invoices, payments } from "../../db/schema/billing.ts";
import { attendanceDayCounts, invoiceOwed, moneyDayTotals } from "../../db/schema/counts.ts";

/**
 * The figures the reports and dashboards read from kept tables (migrations 0037 and 0038) equal what the
 * stays, invoices and payments say, counted here another way, after every kind of change.
 */
const { database } = await createTestApp();
const db = database.db;
const [centre] = await demoCentres(db);
const children = await childrenOf(db, centre!.id);
const DAY = "2026-10-05";

const keptPresent = async (day: string) =>
  (
    await db
      .select({ present: attendanceDayCounts.present })
      .from(attendanceDayCounts)
      .where(and(eq(attendanceDayCounts.centerId, centre!.id), eq(attendanceDayCounts.day, day)))
  )[0]?.present ?? 0;

const countedPresent = async (day: string) => {
  const rows = await db
    .select({ studentId: attendanceStays.studentId })
    .from(attendanceStays)
    .where(and(eq(attendanceStays.centerId, centre!.id), eq(attendanceStays.day, day)));
  return new Set(rows.map((row) => row.studentId)).size;
};

const stay = (child: (typeof children)[number], day: string, hour: number) => ({
  organisationId: centre!.organisationId,
  centerId: centre!.id,
  studentId: child.id,
  classroomId: child.classroomId,
  day,
  checkInAt: new Date(`${day}T0${hour}:00:00Z`),
  checkOutAt: new Date(`${day}T0${hour}:30:00Z`),
});

describe("children present per centre and day", () => {
  it("counts a child once however many stays they have, and follows deletions and moves", async () => {
    const [first, second] = children;
    const [morning] = await db
      .insert(attendanceStays)
      .values(stay(first!, DAY, 3))
      .returning();
    await db.insert(attendanceStays).values([stay(first!, DAY, 5), stay(second!, DAY, 3)]);
    expect(await keptPresent(DAY)).toBe(2);

    await db.delete(attendanceStays).where(eq(attendanceStays.id, morning!.id));
    expect(await keptPresent(DAY)).toBe(2);
    await db
      .update(attendanceStays)
      .set({ day: "2026-10-06" })
      .where(and(eq(attendanceStays.studentId, second!.id), eq(attendanceStays.day, DAY)));
    expect(await keptPresent(DAY)).toBe(1);
    expect(await keptPresent("2026-10-06")).toBe(1);

    // A check-out (an update that moves nothing) leaves the counts as they are.
    await db.update(attendanceStays).set({ checkOutAt: new Date(`${DAY}T07:00:00Z`) });
    for (const day of [DAY, "2026-10-06"]) expect(await keptPresent(day)).toBe(await countedPresent(day));

    await db.delete(attendanceStays).where(eq(attendanceStays.studentId, first!.id));
    expect(await keptPresent(DAY)).toBe(0);
  });

  // The embedded database has one connection: writers only overlap on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)(
    "stays written at once by twenty transactions are each counted (a child twice, once)",
    async () => {
      const day = "2026-10-07";
      const writers = children.slice(0, 19).concat(children[0]!);
      await Promise.all(
        writers.map((child, index) =>
          db.transaction(async (tx) => {
            await tx.insert(attendanceStays).values(stay(child, day, index === 19 ? 6 : 3));
            // Each writer stays open a moment after its count, so the others' counts overlap it.
            await tx.execute(sql`select pg_sleep(0.05)`);
          }),
        ),
      );
      expect(await countedPresent(day)).toBe(19);
      expect(await keptPresent(day)).toBe(19);
    },
  );
});

describe("money per centre and day", () => {
  const kept = async (day: string) =>
    (
      await db
        .select()
        .from(moneyDayTotals)
        .where(and(eq(moneyDayTotals.centerId, centre!.id), eq(moneyDayTotals.day, day)))
    )[0];

  it("follows invoices issued, cancelled and paid, and payments by the day they were paid", async () => {
    const issued = "2026-09-02";
    const paidOn = "2026-09-12";
    const invoice = (n: number, totalPaise: number) => ({
      organisationId: centre!.organisationId,
      centerId: centre!.id,
      studentId: children[n]!.id,
      invoiceNumber: `KEPT-${n}`,
      kind: "monthly" as const,
      billingMonth: "2026-09-01",
      issueDate: issued,
      dueDate: "2026-09-12",
      totalPaise,
    });
    const before = { invoices: (await kept(issued))?.invoices ?? 0, paise: (await kept(issued))?.invoicedPaise ?? 0 };
    const [paid, cancelled] = await db
      .insert(invoices)
      .values([invoice(1, 1_000_000), invoice(2, 250_000)])
      .returning();
    expect(await kept(issued)).toMatchObject({
      invoices: before.invoices + 2,
      invoicedPaise: before.paise + 1_250_000,
    });

    await db.update(invoices).set({ status: "Cancelled" }).where(eq(invoices.id, cancelled!.id));
    expect(await kept(issued)).toMatchObject({
      invoices: before.invoices + 1,
      invoicedPaise: before.paise + 1_000_000,
    });

    const received = (await kept(paidOn))?.receivedPaise ?? 0;
    await db
      .insert(payments)
      .values({ invoiceId: paid!.id, centerId: paid!.centerId, amountPaise: 400_000, paidOn, mode: "upi" });
    await db.update(invoices).set({ paidPaise: 400_000 }).where(eq(invoices.id, paid!.id));
    expect((await kept(paidOn))?.receivedPaise).toBe(received + 400_000);

    const [counted] = await db
      .select({ paise: sql<string>`coalesce(sum(${payments.amountPaise}), 0)::bigint` })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(eq(invoices.centerId, centre!.id), eq(payments.paidOn, paidOn)));
    expect((await kept(paidOn))?.receivedPaise).toBe(Number(counted!.paise));

    // What is owed per status equals the invoices' totals less what was paid.
    const owed = await db.select().from(invoiceOwed).where(eq(invoiceOwed.centerId, centre!.id));
    const summed = await db
      .select({
        status: invoices.status,
        paise: sql<string>`sum(${invoices.totalPaise} - ${invoices.paidPaise})::bigint`,
      })
      .from(invoices)
      .where(eq(invoices.centerId, centre!.id))
      .groupBy(invoices.status);
    for (const row of summed)
      expect(owed.find((kept) => kept.status === row.status)?.owedPaise ?? 0, row.status).toBe(Number(row.paise));
    expect(summed.some((row) => row.status === "Cancelled")).toBe(true);
  });
});
