import { describe, expect, it } from "vitest";
import { CENTER_MESSAGES, centerFormProblem, centerInput } from "./centers.ts";
import { fieldErrors } from "./enquiries.ts";

const valid = { center_name: "Sprout Indiranagar", address: "12, 100 Feet Road", city: "Bengaluru" };

/** What the form says above its fields when the schema refuses these values. */
function problemOf(patch: Record<string, unknown>) {
  const result = centerInput.safeParse({ ...valid, ...patch });
  if (result.success) return null;
  const errors = Object.fromEntries(
    Object.entries(fieldErrors(result.error)).map(([key, message]) => [key, { message }]),
  );
  return centerFormProblem(errors);
}

describe("centre form messages", () => {
  it("a bad capacity says what is wrong with it, not that fields are missing", () => {
    expect(problemOf({ capacity: 0 })).toBe(CENTER_MESSAGES.capacityMin);
    expect(problemOf({ capacity: "12.5" })).toBe(CENTER_MESSAGES.capacityWhole);
    expect(problemOf({ capacity: "lots" })).toBe(CENTER_MESSAGES.capacityNumber);
    expect(problemOf({ capacity: 100_001 })).toBe(CENTER_MESSAGES.capacityMax);
  });

  it("a missing required field still asks for the required fields", () => {
    expect(problemOf({ city: "", capacity: 0 })).toBe(CENTER_MESSAGES.required);
    expect(problemOf({ capacity: 40 })).toBeNull();
  });
});
