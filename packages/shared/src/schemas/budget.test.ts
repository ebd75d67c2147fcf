import { describe, expect, it } from "vitest";
import { BUDGET_MESSAGES, budgetRequestChoosingCentre, expenseChoosingCentre, expenseInput } from "./budget.ts";
import { fieldErrors } from "./enquiries.ts";

const CENTRE = "7d0c9a4e-3b8f-4a55-9f2e-5f0f4b6b2c11";
const expense = { amount: "1200", category: "supplies", description: "Crayons" };

describe("a user of several centres says which one", () => {
  it("an expense without a centre is refused beside the other fields, with the spec's words", () => {
    const result = expenseChoosingCentre.safeParse({ ...expense, center_id: "", description: "" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      center_id: BUDGET_MESSAGES.chooseCentre,
      description: BUDGET_MESSAGES.descriptionRequired,
    });
  });

  it("a chosen centre passes, and a user of one centre is not asked", () => {
    expect(expenseChoosingCentre.safeParse({ ...expense, center_id: CENTRE }).data?.center_id).toBe(CENTRE);
    expect(expenseInput.safeParse({ ...expense, center_id: "" }).success).toBe(true);
  });

  it("a budget request without a centre is refused the same way", () => {
    const result = budgetRequestChoosingCentre.safeParse({
      description: "Sandpit",
      amount: "12000",
      category: "supplies",
      justification: "Half empty",
    });
    expect(fieldErrors(result.error!)).toEqual({ center_id: BUDGET_MESSAGES.chooseCentre });
  });
});
