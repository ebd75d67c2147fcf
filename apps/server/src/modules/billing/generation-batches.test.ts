import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { GENERATION_BATCH } from "./generation.ts";

/**
 * Issue 20, point 9: the monthly run goes in committed batches (the embedded database shares the
 * server's thread), so a run that dies half-way keeps what it made and the next run completes it.
 */
const { app, database } = await createTestApp();
const db = database.db;
const EXTRA = Math.round(GENERATION_BATCH * 2.5);
await db.execute(
  `insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name, monthly_fee_paise)
   select c.id, null, 'Batch' || n, 'Child', 'active', date '2026-04-01', 'Pre-school - KINDY', 1000000
   from generate_series(1, ${EXTRA}) n
   cross join lateral (select id from centers order by id offset (n % 3) limit 1) c` as never,
);
const count = async (text: string) => (await query<{ count: number }>(db, text))[0]!.count;

describe("monthly generation in batches", () => {
  it("a run that fails half-way keeps the batches it committed; the next run completes the month, once", async () => {
    const expected = await count("select count(*)::int as count from students where status <> 'left'");
    // A student in the second batch (by id) cannot be invoiced: the run fails there. One of this
    // test's own children, who is billed for sure (a demo child there may have left or be paused,
    // and the run would not fail); ids are random, so the first such one after the first batch.
    const [victim] = await query<{ id: string }>(
      db,
      `select id from students
       where first_name like 'Batch%' and id > (select id from students order by id offset ${GENERATION_BATCH - 1} limit 1)
       order by id limit 1`,
    );
    await db.execute(
      `alter table invoices add constraint refuse_one check (student_id <> '${victim!.id}') not valid` as never,
    );
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const failed = await finance.post("/api/invoices/generate-monthly", {});
    expect(failed.statusCode).toBe(500);
    const monthly =
      "select count(*)::int as count from invoices where kind = 'monthly' and billing_month = '2026-11-01'";
    const afterCrash = await count(monthly);
    expect(afterCrash).toBeGreaterThan(0);
    expect(afterCrash).toBeLessThan(expected);
    // Every committed batch has its audit row; the failed one left neither invoices nor a row.
    expect(await count("select count(*)::int as count from audit_log where action = 'invoice.generate_monthly'")).toBe(
      1,
    );

    await db.execute("alter table invoices drop constraint refuse_one" as never);
    const resumed = await finance.post("/api/invoices/generate-monthly", {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ created: expected - afterCrash, months: ["2026-11"] });
    expect(resumed.json().skipped_breakdown.already_invoiced).toBe(afterCrash);
    expect(await count(monthly)).toBe(expected);
    expect(
      await count(
        "select count(*)::int as count from (select student_id from invoices where kind = 'monthly' group by student_id, billing_month having count(*) > 1) d",
      ),
    ).toBe(0);
    const batches = Math.ceil((await count("select count(*)::int as count from students")) / GENERATION_BATCH);
    expect(await count("select count(*)::int as count from audit_log where action = 'invoice.generate_monthly'")).toBe(
      1 + batches,
    );
  });
});
