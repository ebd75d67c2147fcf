import { describe, expect, it } from "vitest";
import { toPaise, toRupees } from "./money.ts";

describe("money", () => {
  it("converts rupees to paise exactly", () => {
    expect(toPaise(12500)).toBe(1_250_000);
    expect(toPaise(0.1)).toBe(10);
    expect(toPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(toPaise("1.01")).toBe(101);
    expect(toPaise("99.5")).toBe(9950);
    expect(toPaise(-4.2)).toBe(-420);
  });
  it("refuses more than two decimals and non-numbers", () => {
    expect(() => toPaise(1.005)).toThrow(RangeError);
    expect(() => toPaise("12,000")).toThrow(RangeError);
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
  });
  it("converts paise to rupees", () => {
    expect(toRupees(1_250_050)).toBe(12500.5);
    expect(toRupees(29)).toBe(0.29);
    expect(toRupees(-420)).toBe(-4.2);
    expect(() => toRupees(1.5)).toThrow(RangeError);
  });
});
