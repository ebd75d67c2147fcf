import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, clock, database } = await createTestApp();
const db = database.db;

const centres = await query<{ id: string }>(
  db,
  "select c.id from centers c order by (c.id = (select center_id from users where email = 'admin@sprout.test')) desc, c.center_name",
);
const [home, second, third] = centres.map((centre) => centre.id) as [string, string, string];
const countIn = async (where: string) =>
  (await query<{ count: number }>(db, `select count(*)::int as count from invoices where ${where}`))[0]!.count;
const studentsIn = async (where: string) =>
  (await query<{ count: number }>(db, `select count(*)::int as count from students where ${where}`))[0]!.count;

describe("monthly invoices", () => {
  it("a director generates the current month for their centre only: issued today, due in 30 days", async () => {
    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    const enrolled = await studentsIn(`center_id = '${home}' and status <> 'left'`);
    const response = await director.post("/api/invoices/generate-monthly", {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The demo's paused child is paused for part of November only, so is billed.
    expect(body).toMatchObject({ created: enrolled, skipped: 0, months: ["2026-11"] });
    expect(body.message).toBe(`Generated ${enrolled} invoices; 0 students skipped.`);
    const rows = await query<{
      invoice_number: string;
      issue_date: string;
      due_date: string;
      billing_month: string;
      total_paise: string;
      lines: string;
      status: string;
    }>(
      db,
      `select invoice_number, issue_date::text, due_date::text, billing_month::text, total_paise, status,
              (select sum(amount_paise) from invoice_lines l where l.invoice_id = i.id) as lines
       from invoices i where kind = 'monthly' and billing_month = '2026-11-01'`,
    );
    expect(rows).toHaveLength(enrolled);
    for (const row of rows) {
      expect(row).toMatchObject({
        issue_date: "2026-11-20",
        due_date: "2026-12-20",
        billing_month: "2026-11-01",
        status: "Pending",
      });
      expect(row.invoice_number).toMatch(/^[A-Z0-9]{1,3}\/26-27\/\d{6}$/);
      expect(Number(row.lines)).toBe(Number(row.total_paise));
    }
    expect(new Set(rows.map((row) => row.invoice_number)).size).toBe(rows.length);
    // Another centre is not theirs.
    expect((await director.post("/api/invoices/generate-monthly", { center_id: second })).statusCode).toBe(404);
    const audit = await query<{ after: { created: number } }>(
      db,
      "select after from audit_log where action = 'invoice.generate_monthly'",
    );
    expect(audit[0]!.after.created).toBe(enrolled);
  });

  it("then the whole organisation: students already invoiced are skipped, left students are not billed", async () => {
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const homeCount = await countIn(`billing_month = '2026-11-01'`);
    const others = await studentsIn(`center_id in ('${second}', '${third}') and status <> 'left'`);
    const left = await studentsIn("status = 'left'");
    const body = (await finance.post("/api/invoices/generate-monthly")).json();
    expect(body.created).toBe(others);
    expect(body.skipped_breakdown).toEqual({
      already_invoiced: homeCount,
      paused: 0,
      left,
      no_monthly_fee: 0,
      not_yet_enrolled: 0,
    });
    expect(body.skipped).toBe(homeCount + left);
    const again = (await finance.post("/api/invoices/generate-monthly")).json();
    expect(again.created).toBe(0);
    expect(again.skipped_breakdown.already_invoiced).toBe(homeCount + others);
    expect(again.message).toMatch(/^No new invoices/);
    expect(
      await countIn("billing_month = '2026-11-01' and student_id in (select id from students where status = 'left')"),
    ).toBe(0);
  });

  it("at the month boundary each centre's own time zone decides the month; two generations at once make no duplicates", async () => {
    // A whole-month pause skips December; a child who starts in January is not billed yet;
    // a child without their own fee is billed from their program's fee structure and its
    // recurring, non-optional components; a child with neither is not on monthly billing.
    const [paused, future, fromStructure, noFee] = await query<{ id: string }>(
      db,
      `select id from students where center_id = '${home}' and status = 'active' and program_name = 'Daycare - CRECHE' order by student_id limit 4`,
    );
    await db.execute(
      `update students set status = 'paused', pause_start_date = '2026-11-28', pause_end_date = '2027-01-03' where id = '${paused!.id}'` as never,
    );
    await db.execute(`update students set enrollment_date = '2027-01-05' where id = '${future!.id}'` as never);
    await db.execute(`update students set monthly_fee_paise = null where id = '${fromStructure!.id}'` as never);
    await db.execute(
      `update students set monthly_fee_paise = null, program_name = null where id = '${noFee!.id}'` as never,
    );
    // The third centre keeps London time: at 18:31Z on 30 November it is still November there.
    await db.execute(`update centers set time_zone = 'Europe/London' where id = '${third}'` as never);

    clock.set(new Date("2026-11-30T18:29:00Z"));
    let finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const stillNovember = (await finance.post("/api/invoices/generate-monthly")).json();
    expect(stillNovember.months).toEqual(["2026-11"]);
    expect(stillNovember.created).toBe(0);

    clock.set(new Date("2026-11-30T18:31:00Z"));
    finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
    const [first, secondRun] = await Promise.all([
      finance.post("/api/invoices/generate-monthly"),
      owner.post("/api/invoices/generate-monthly"),
    ]);
    expect(first.statusCode).toBe(200);
    expect(secondRun.statusCode).toBe(200);
    const a = first.json();
    const b = secondRun.json();
    expect(a.months).toEqual(["2026-11", "2026-12"]);
    const december = await countIn("billing_month = '2026-12-01'");
    expect(a.created + b.created).toBe(december);
    const expected = await studentsIn(`center_id in ('${home}', '${second}') and status <> 'left'`);
    expect(december).toBe(expected - 3);
    const duplicates = await query(
      db,
      "select student_id, billing_month from invoices where kind = 'monthly' group by 1, 2 having count(*) > 1",
    );
    expect(duplicates).toEqual([]);
    const breakdown = a.created >= b.created ? a.skipped_breakdown : b.skipped_breakdown;
    expect(breakdown).toMatchObject({ paused: 1, not_yet_enrolled: 1, no_monthly_fee: 1 });
    expect(await countIn(`billing_month = '2026-12-01' and center_id = '${third}'`)).toBe(0);
    const decemberInvoice = await query<{ issue_date: string; due_date: string; invoice_number: string }>(
      db,
      `select issue_date::text, due_date::text, invoice_number from invoices where billing_month = '2026-12-01' limit 1`,
    );
    expect(decemberInvoice[0]).toMatchObject({ issue_date: "2026-12-01", due_date: "2026-12-31" });

    const lines = await query<{ description: string; amount_paise: string }>(
      db,
      `select l.description, l.amount_paise from invoice_lines l join invoices i on i.id = l.invoice_id where i.student_id = '${fromStructure!.id}' and i.billing_month = '2026-12-01' order by l.position`,
    );
    expect(lines.map((line) => [line.description, Number(line.amount_paise)])).toEqual([
      ["Monthly fee - December 2026", 1_400_000],
      ["Meals", 150_000],
    ]);
    expect(await countIn(`student_id = '${paused!.id}' and billing_month = '2026-12-01'`)).toBe(0);
    expect(await countIn(`student_id = '${future!.id}' and billing_month = '2026-12-01'`)).toBe(0);
    clock.set(new Date("2026-11-20T06:30:00Z"));
  });
});
