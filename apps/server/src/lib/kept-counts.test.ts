import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn, type TestContext } from "../../test/harness.ts";
import { rowsOf } from "../db/rows.ts";

type Row = { center_id: string; status: string; n: number };

/** The kept counts and a fresh count of the table, in the same shape. */
async function keptAndCounted(context: TestContext, table: "students" | "invoices") {
  const db = context.database.db;
  const kept = rowsOf<Row>(
    await db.execute(
      sql.raw(`select center_id, status, n from ${table === "students" ? "student" : "invoice"}_counts
               where n <> 0 order by 1, 2`),
    ),
  );
  const counted = rowsOf<Row>(
    await db.execute(sql.raw(`select center_id, status, count(*)::int as n from ${table} group by 1, 2 order by 1, 2`)),
  );
  return { kept, counted };
}

describe("counts the database keeps for list totals", () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });

  it("match a fresh count after the demo data, monthly invoicing, pauses and exits", async () => {
    const finance = as(context.app, await signIn(context.app, DEMO_EMAILS.financial_manager));
    const admin = as(context.app, await signIn(context.app, DEMO_EMAILS.admin));
    expect((await finance.post("/api/invoices/generate-monthly", {})).statusCode).toBe(200);
    const [first, second] = (await admin.get("/api/admin/children?status=active&limit=2")).json().children;
    const paused = await admin.patch(`/api/students/${first.id}/pause`, {
      pause_start_date: "2026-12-01",
      pause_end_date: "2026-12-20",
      reason: "Travel",
    });
    expect(paused.statusCode).toBe(200);
    expect(
      (await admin.post(`/api/students/${second.id}/exit`, { exit_date: "2026-11-20", exit_reason: "Moved" }))
        .statusCode,
    ).toBe(200);
    for (const table of ["students", "invoices"] as const) {
      const { kept, counted } = await keptAndCounted(context, table);
      expect(counted.length).toBeGreaterThan(0);
      expect(kept).toEqual(counted);
    }
  });

  it("the children list's chips and total agree with the rows it pages through", async () => {
    const admin = as(context.app, await signIn(context.app, DEMO_EMAILS.admin));
    const all = (await admin.get("/api/admin/children?status=all&limit=100")).json();
    const listed = all.children.length;
    expect(all.pagination.total).toBe(listed);
    expect(all.counts.all).toBe(listed);
    const paused = (await admin.get("/api/admin/children?status=paused&limit=100")).json();
    expect(paused.pagination.total).toBe(paused.children.length);
    expect(paused.counts.paused).toBe(paused.children.length);
    const searched = (await admin.get(`/api/admin/children?status=all&search=${all.children[0].first_name}`)).json();
    expect(searched.pagination.total).toBe(searched.children.length);
  });

  it.skipIf(!process.env.DATABASE_URL)("stay right under concurrent changes (PostgreSQL)", async () => {
    const db = context.database.db;
    const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from invoices order by id limit 40`)).map(
      (row) => row.id,
    );
    // Forty transactions at once, each moving one invoice between statuses of the same centre.
    await Promise.all(
      ids.map((id, n) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update invoices set status = ${n % 2 ? "Overdue" : "Cancelled"} where id = ${id}`);
          await tx.execute(sql`update invoices set status = 'Pending' where id = ${id} and ${n % 4 === 0}`);
        }),
      ),
    );
    const { kept, counted } = await keptAndCounted(context, "invoices");
    expect(kept).toEqual(counted);
  });
});
