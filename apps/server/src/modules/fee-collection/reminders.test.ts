import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { startPushService } from "../../../test/push-service.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { runFeeReminders } from "./reminders.ts";

const service = await startPushService();
afterAll(async () => service.close());
const { app, clock, database } = await createTestApp({
  push: { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@sprout.test", allowedHosts: [service.host] },
});
const db = database.db;
const parent = await signIn(app, DEMO_EMAILS.parent);
const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
await as(app, parent).post("/api/push/subscriptions", service.device("parent-phone").subscription);
const [aanya] = await db
  .select({ id: students.id, centerId: students.centerId })
  .from(students)
  .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(and(eq(students.firstName, "Aanya"), eq(guardians.userId, parent.user.id)));
const [centre] = await query<{ organisation_id: string }>(
  db,
  `select organisation_id from centers where id = '${aanya!.centerId}'`,
);

const remind = () =>
  runFeeReminders(db, clock, { queueMail: (tx, message) => app.mailer.send(message, tx), push: app.pushQueue });
const deliver = async () => {
  await app.pushSender.flush();
  await app.pushSender.deliverDue();
};
/** Pushes the parent's phone received about fee reminders. */
const pushes = () =>
  service
    .to("parent-phone")
    .map((push) => push.payload as { title: string; kind: string })
    .filter((payload) => payload.kind.startsWith("invoice_due_") || payload.kind === "invoice_overdue_7_days");
const mailsAbout = async (number: string) =>
  query<{ to_address: string; subject: string }>(
    db,
    `select to_address, subject from mail_outbox where subject like '%${number}%' order by seq`,
  );

let serial = 0;
/** An unpaid invoice of Aanya's, issued on the 1st, due on `due`. */
async function invoiceDue(due: string, status = "Pending") {
  const number = `REM/26-27/${String(++serial).padStart(6, "0")}`;
  await query(
    db,
    `insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, issue_date, due_date, total_paise, status)
     values ('${centre!.organisation_id}', '${aanya!.centerId}', '${aanya!.id}', '${number}', 'request', '2026-11-01', '${due}', 250000, '${status}')`,
  );
  const [row] = await query<{ id: string }>(db, `select id from invoices where invoice_number = '${number}'`);
  return { id: row!.id, number };
}

/** Moves the clock to a morning in Bengaluru (09:30 IST) of the given day (API calls go before: sessions expire). */
const morningOf = (day: string) => clock.set(new Date(`${day}T04:00:00Z`));
const START = clock.now();
afterEach(() => clock.set(START));

describe("fee reminders", () => {
  it("an invoice gets each reminder once: 3 days before, on the day and 7 days after, by e-mail and push", async () => {
    const invoice = await invoiceDue("2026-12-10");
    morningOf("2026-12-06");
    await remind();
    expect(await mailsAbout(invoice.number)).toHaveLength(0);
    morningOf("2026-12-07");
    await deliver();
    service.clear();
    expect((await remind()).invoices).toBeGreaterThanOrEqual(1);
    const first = await mailsAbout(invoice.number);
    expect(first).toEqual([
      { to_address: "parent@sprout.test", subject: `Fees due on 10 December 2026: Aanya, invoice ${invoice.number}` },
    ]);
    // The job runs every 15 minutes: the next runs that day send nothing again.
    await remind();
    clock.advance(15 * 60_000);
    await remind();
    expect(await mailsAbout(invoice.number)).toHaveLength(1);
    await deliver();
    expect(pushes()).toEqual([
      expect.objectContaining({ title: "Aanya: fees due soon", kind: "invoice_due_in_3_days" }),
    ]);
    // Nothing on the days between; "due today" on the 10th.
    morningOf("2026-12-08");
    await remind();
    expect(await mailsAbout(invoice.number)).toHaveLength(1);
    morningOf("2026-12-10");
    await remind();
    await remind();
    const onTheDay = await mailsAbout(invoice.number);
    expect(onTheDay.map((mail) => mail.subject)).toEqual([
      `Fees due on 10 December 2026: Aanya, invoice ${invoice.number}`,
      `Fees due today: Aanya, invoice ${invoice.number}`,
    ]);
    // The overdue job marks it Overdue; 7 days after the due date, one reminder more.
    await query(db, `update invoices set status = 'Overdue' where id = '${invoice.id}'`);
    morningOf("2026-12-17");
    await remind();
    await remind();
    const all = await mailsAbout(invoice.number);
    expect(all.map((mail) => mail.subject).at(-1)).toBe(`Fees overdue: Aanya, invoice ${invoice.number}`);
    expect(all).toHaveLength(3);
    const kinds = await query<{ kind: string }>(
      db,
      `select kind from invoice_reminders where invoice_id = '${invoice.id}' order by sent_at`,
    );
    expect(kinds.map((row) => row.kind)).toEqual(["due_in_3_days", "due_today", "overdue_7_days"]);
  });

  it("the e-mail is in the parent's language and says the amount still to pay", async () => {
    const invoice = await invoiceDue("2027-01-13");
    await finance.post(`/api/invoices/${invoice.id}/payments`, { amount: 500, paid_on: "2026-11-20", mode: "cash" });
    await query(db, "update users set language = 'hi' where email = 'parent@sprout.test'");
    try {
      morningOf("2027-01-10");
      await remind();
      const mail = await app.mailer.latestTo("parent@sprout.test");
      expect(mail?.subject).toBe(`शुल्क 13 जनवरी 2027 को देय: Aanya, बीजक ${invoice.number}`);
      // ₹2,500 less the ₹500 paid.
      expect(mail?.text).toContain("₹2,000.00");
      expect(mail?.text).toContain("UPI");
    } finally {
      await query(db, "update users set language = 'en' where email = 'parent@sprout.test'");
    }
  });

  it("never for a paid or cancelled invoice, nor when the centre turned reminders off", async () => {
    const paid = await invoiceDue("2027-02-13");
    await finance.post(`/api/invoices/${paid.id}/payments`, { amount: 2500, paid_on: "2026-11-20", mode: "upi" });
    const cancelled = await invoiceDue("2027-02-13", "Cancelled");
    const off = await invoiceDue("2027-02-13");
    const settings = `/api/centers/${aanya!.centerId}/collection-settings`;
    const turnedOff = await finance.put(settings, { reminders_enabled: false });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    morningOf("2027-02-10");
    await remind();
    for (const invoice of [paid, cancelled, off]) expect(await mailsAbout(invoice.number)).toHaveLength(0);
    // Turned on again the same day: the unpaid one is reminded, the others still not.
    clock.set(START);
    expect((await finance.put(settings, { reminders_enabled: true })).statusCode).toBe(200);
    morningOf("2027-02-10");
    await remind();
    expect(await mailsAbout(off.number)).toHaveLength(1);
    expect(await mailsAbout(paid.number)).toHaveLength(0);
    expect(await mailsAbout(cancelled.number)).toHaveLength(0);
  });

  it("a parent who turned billing pushes off gets the e-mail only", async () => {
    const invoice = await invoiceDue("2027-03-13");
    expect((await as(app, parent).put("/api/notification-preferences", { billing: false })).statusCode).toBe(200);
    try {
      morningOf("2027-03-10");
      await deliver();
      service.clear();
      await remind();
      await deliver();
      expect(await mailsAbout(invoice.number)).toHaveLength(1);
      expect(pushes()).toEqual([]);
    } finally {
      await as(app, parent).put("/api/notification-preferences", { billing: true });
    }
  });

  it("two runs at once (two instances) send each reminder once", async () => {
    const invoice = await invoiceDue("2027-04-13");
    morningOf("2027-04-10");
    const runs = await Promise.all([remind(), remind(), remind()]);
    // One run did the work (or, with the lock taken, the others skipped; on the embedded database they queue).
    expect(runs.reduce((sum, run) => sum + run.invoices, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailsAbout(invoice.number)).toHaveLength(1);
    const claims = await query(db, `select 1 from invoice_reminders where invoice_id = '${invoice.id}'`);
    expect(claims).toHaveLength(1);
  });
});
