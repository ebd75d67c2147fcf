import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

/**
 * The rule the pause dialog states: the paused school days (Monday to Friday) of a month are
 * credited pro rata on a monthly invoice, the billing month's own days on its invoice and days
 * recorded after an invoice was made on the next one, each day once.
 */
const { app, clock, database } = await createTestApp();
const db = database.db;

const [first, second] = await query<{ id: string }>(
  db,
  `select id from students where status = 'active' and monthly_fee_paise is not null
     and center_id = (select center_id from users where email = 'director@sprout.test') order by student_id limit 2`,
);

async function invoiceOf(studentId: string, month: string) {
  const lines = await query<{ description: string; amount_paise: string; credit_days: number | null }>(
    db,
    `select l.description, l.amount_paise, l.credit_days from invoice_lines l join invoices i on i.id = l.invoice_id
      where i.student_id = '${studentId}' and i.billing_month = '${month}' order by l.position`,
  );
  const [invoice] = await query<{ total_paise: string }>(
    db,
    `select total_paise from invoices where student_id = '${studentId}' and billing_month = '${month}'`,
  );
  const charges = lines.filter((line) => line.credit_days === null);
  const credits = lines.filter((line) => line.credit_days !== null);
  return {
    total: Number(invoice!.total_paise),
    base: charges.reduce((sum, line) => sum + Number(line.amount_paise), 0),
    credits: credits.map((line) => [line.description, Number(line.amount_paise)]),
  };
}

describe("pause credit on monthly invoices", () => {
  it("credits the paused school days of the month pro rata, on that month's invoice or the next, once", async () => {
    let director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    // Friday 20 November 2026. The first child is paused Monday 23 to Saturday 28 (back on the
    // 28th): 23-27 November, 5 of November's 21 school days.
    const pause = (id: string, start: string, end: string) =>
      director.patch(`/api/students/${id}/pause`, { pause_start_date: start, pause_end_date: end, reason: "Other" });
    expect((await pause(first!.id, "2026-11-23", "2026-11-28")).statusCode).toBe(200);
    expect((await director.post("/api/invoices/generate-monthly", {})).statusCode).toBe(200);

    const november = await invoiceOf(first!.id, "2026-11-01");
    const novemberCredit = Math.round((november.base * 5) / 21);
    expect(november.credits).toEqual([["Pause credit - 5 school days of November 2026", -novemberCredit]]);
    expect(november.total).toBe(november.base - novemberCredit);

    // The second child's November invoice is already made when their pause is recorded, so it is
    // billed in full; the pause (23 November to 3 December) is credited on December's invoice:
    // 6 of November's 21 school days and 2 of December's 23.
    expect((await invoiceOf(second!.id, "2026-11-01")).credits).toEqual([]);
    expect((await pause(second!.id, "2026-11-23", "2026-12-03")).statusCode).toBe(200);

    clock.set(new Date("2026-12-01T04:00:00Z"));
    director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    expect((await director.post("/api/invoices/generate-monthly", {})).statusCode).toBe(200);
    const december = await invoiceOf(second!.id, "2026-12-01");
    const fromDecember = Math.round((december.base * 2) / 23);
    const fromNovember = Math.round((december.base * 6) / 21);
    expect(december.credits).toEqual([
      ["Pause credit - 6 school days of November 2026", -fromNovember],
      ["Pause credit - 2 school days of December 2026", -fromDecember],
    ]);
    expect(december.total).toBe(december.base - fromNovember - fromDecember);
    // The first child's November days were credited in November: not again in December.
    expect((await invoiceOf(first!.id, "2026-12-01")).credits).toEqual([]);
    // A second run makes nothing twice.
    const again = (await director.post("/api/invoices/generate-monthly", {})).json();
    expect(again.created).toBe(0);
    clock.set(new Date("2026-11-20T06:30:00Z"));
  });
});
