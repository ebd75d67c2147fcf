import { describe, expect, it } from "vitest";
import { isIsoDate, isIsoInstant } from "./primitives.ts";

describe("dates and instants", () => {
  it("accept only days that exist", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoInstant("2026-11-22T09:30")).toBe(true);
    expect(isIsoInstant("2026-11-22T09:30:15.250Z")).toBe(true);
    expect(isIsoInstant("2026-11-22T09:30:00+05:30")).toBe(true);
    expect(isIsoInstant("2026-02-30T09:30")).toBe(false);
    expect(isIsoInstant("2026-11-22T24:10")).toBe(false);
    expect(isIsoInstant("2026-11-22T09:61")).toBe(false);
    expect(isIsoInstant("2026-11-22")).toBe(false);
    expect(isIsoInstant("yesterday at nine")).toBe(false);
  });
});
