import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { createTestApp, DEMO_EMAILS } from "../../../test/harness.ts";
import { expenses } from "../../db/schema/budget.ts";
import { users } from "../../db/schema/users.ts";
import { budgetRemaining } from "./remaining.ts";

const { database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const [finance] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.financial_manager));

// Years after the demo data (dated around the test clock's 2026), so only these rows count.
const expense = (centerId: string, expenseDate: string, rupees: number) => ({
  organisationId: home!.organisationId,
  centerId,
  expenseDate,
  amountPaise: rupees * 100,
  category: "supplies" as const,
  description: "Remaining test",
  paymentMode: "online" as const,
  loggedBy: finance!.id,
  createdAt: new Date(),
});
await db
  .insert(expenses)
  .values([
    expense(home!.id, "2031-03-31", 1_000),
    expense(home!.id, "2031-04-01", 20_000.5),
    expense(home!.id, "2031-06-15", 30_000),
    expense(home!.id, "2031-06-16", 4_000),
    expense(home!.id, "2032-04-01", 7_000),
    expense(other!.id, "2031-05-01", 50_000),
  ]);

describe("budgetRemaining", () => {
  it("counts the centre's expenses from 1 April up to and including today against twelve monthly budgets", async () => {
    expect(await budgetRemaining(db, home!.id, "2031-06-15")).toEqual({
      limit: 1_500_000,
      spent: 50_000.5,
      remaining: 1_449_999.5,
    });
  });

  it("keeps January to March in the fiscal year that began the April before", async () => {
    expect(await budgetRemaining(db, home!.id, "2032-03-31")).toEqual({
      limit: 1_500_000,
      spent: 54_000.5,
      remaining: 1_445_999.5,
    });
    expect((await budgetRemaining(db, home!.id, "2031-03-31")).spent).toBe(1_000);
  });

  it("starts a new fiscal year from nothing and never counts another centre", async () => {
    expect(await budgetRemaining(db, home!.id, "2032-04-01")).toEqual({
      limit: 1_500_000,
      spent: 7_000,
      remaining: 1_493_000,
    });
    expect(await budgetRemaining(db, other!.id, "2031-06-15")).toEqual({
      limit: 1_500_000,
      spent: 50_000,
      remaining: 1_450_000,
    });
  });

  it("goes below zero once the centre has overspent", async () => {
    await db.insert(expenses).values(expense(other!.id, "2033-05-01", 1_600_000));
    expect(await budgetRemaining(db, other!.id, "2033-05-01")).toEqual({
      limit: 1_500_000,
      spent: 1_600_000,
      remaining: -100_000,
    });
  });
});
