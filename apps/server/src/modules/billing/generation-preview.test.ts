import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;

const [{ id: home }] = (await query<{ id: string }>(
  db,
  "select center_id as id from users where email = 'director@sprout.test'",
)) as [{ id: string }];
const [{ id: elsewhere }] = (await query<{ id: string }>(
  db,
  `select id from centers where id <> '${home}' order by center_name limit 1`,
)) as [{ id: string }];

/** The monthly invoices matching `where`: how many, their total in paise, and how many carry a pause credit. */
const createdBy = async (where: string) =>
  (
    await query<{ count: number; paise: string | null; credited: number }>(
      db,
      `select count(*)::int as count, sum(total_paise)::text as paise,
              count(*) filter (where exists (select 1 from invoice_lines l where l.invoice_id = i.id and l.amount_paise < 0))::int as credited
       from invoices i where kind = 'monthly' and ${where}`,
    )
  )[0]!;

describe("the monthly generation's preview", () => {
  it("names the count and the total generation then creates for the director's centre, and writes nothing", async () => {
    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    // A child paused for a week of November is billed less: the credit must be in both figures.
    const [paused] = await query<{ id: string }>(
      db,
      `select id from students where status = 'active' and monthly_fee_paise is not null and center_id = '${home}' order by student_id limit 1`,
    );
    const pause = await director.patch(`/api/students/${paused!.id}/pause`, {
      pause_start_date: "2026-11-23",
      pause_end_date: "2026-11-28",
      reason: "Other",
    });
    expect(pause.statusCode).toBe(200);
    const before = await createdBy("true");
    const preview = await director.get("/api/invoices/generation-preview");
    expect(preview.statusCode).toBe(200);
    const expected = preview.json();
    expect(expected.invoices).toBeGreaterThan(0);
    expect(expected.months).toEqual(["2026-11"]);
    expect(await createdBy("true")).toEqual(before);

    const generated = (await director.post("/api/invoices/generate-monthly", {})).json();
    expect(generated.created).toBe(expected.invoices);
    expect(generated.total).toBe(expected.total);
    expect(generated.skipped_breakdown).toEqual(expected.skipped_breakdown);
    const made = await createdBy(`center_id = '${home}' and billing_month = '2026-11-01'`);
    expect(made.count).toBe(expected.invoices);
    expect(Number(made.paise) / 100).toBe(expected.total);
    expect(made.credited).toBe(1);

    const after = (await director.get("/api/invoices/generation-preview")).json();
    expect(after).toMatchObject({ invoices: 0, total: 0 });
    expect(after.skipped_breakdown.already_invoiced).toBe(expected.invoices);
  });

  it("covers every centre in scope as generation does, and refuses another centre and bad input", async () => {
    const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
    const expected = (await finance.get("/api/invoices/generation-preview")).json();
    const homeCount = (await createdBy(`center_id = '${home}' and billing_month = '2026-11-01'`)).count;
    expect(expected.invoices).toBeGreaterThan(0);
    expect(expected.skipped_breakdown.already_invoiced).toBe(homeCount);
    const generated = (await finance.post("/api/invoices/generate-monthly")).json();
    expect({ invoices: generated.created, total: generated.total }).toEqual({
      invoices: expected.invoices,
      total: expected.total,
    });
    const made = await createdBy(`center_id <> '${home}' and billing_month = '2026-11-01'`);
    expect(made.count).toBe(expected.invoices);
    expect(Number(made.paise) / 100).toBe(expected.total);

    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    expect((await director.get(`/api/invoices/generation-preview?center_id=${elsewhere}`)).statusCode).toBe(404);
    const bad = await director.get("/api/invoices/generation-preview?center_id=not-a-centre");
    expect(bad.statusCode).toBe(400);
  });
});
