import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem, isGstStateCode, normaliseGstin } from "./gstin.ts";

/*
 * Real GSTINs, as printed on their holders' invoices and listed on the GST portal:
 *   29AAICA3918J1ZE  Amazon Seller Services Pvt Ltd, Karnataka (Amazon.in invoices)
 *   29AACCF0683K1ZD  Flipkart Internet Pvt Ltd, Karnataka (Flipkart invoices)
 *   27AAACR5055K1Z7  Reliance Industries Ltd, Maharashtra
 */
const REAL = ["29AAICA3918J1ZE", "29AACCF0683K1ZD", "27AAACR5055K1Z7"];

describe("GSTIN", () => {
  it.each(REAL)("accepts the real GSTIN %s", (gstin) => {
    expect(gstinProblem(gstin)).toBeNull();
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
  });

  it("normalises case and spaces before checking", () => {
    expect(gstinProblem(normaliseGstin(" 29aaica3918j1ze "))).toBeNull();
    expect(normaliseGstin("27 AAACR 5055K 1Z7")).toBe("27AAACR5055K1Z7");
  });

  it("names the right check character when one character is changed", () => {
    // The last character changed: the check says which one it should be.
    expect(gstinProblem("29AAICA3918J1ZF")).toEqual({ kind: "check", expected: "E" });
    // A PAN digit mistyped (3918 -> 3981): the check character no longer fits.
    expect(gstinProblem("29AAICA3981J1ZE")).toEqual({ kind: "check", expected: gstinCheckCharacter("29AAICA3981J1Z") });
    expect(gstinProblem("29AAICA3981J1ZE")?.kind).toBe("check");
    // One letter of Flipkart's PAN changed.
    expect(gstinProblem("29AACCG0683K1ZD")?.kind).toBe("check");
    // Reliance's number with Karnataka's state code (29) instead of Maharashtra's: still a state, wrong check.
    expect(gstinProblem("29AAACR5055K1Z7")?.kind).toBe("check");
  });

  it("refuses state codes that do not exist", () => {
    expect(gstinProblem("00AAICA3918J1ZE")).toEqual({ kind: "state", state: "00" });
    expect(gstinProblem("39AAICA3918J1ZE")).toEqual({ kind: "state", state: "39" });
    expect(gstinProblem("99AAICA3918J1ZE")).toEqual({ kind: "state", state: "99" });
    expect(isGstStateCode("38")).toBe(true);
    expect(isGstStateCode("97")).toBe(true);
    expect(isGstStateCode("01")).toBe(true);
  });

  it("refuses the wrong length and shapes that are not a GSTIN", () => {
    expect(gstinProblem("29AAICA3918J1Z")).toEqual({ kind: "length" });
    expect(gstinProblem("29AAICA3918J1ZEE")).toEqual({ kind: "length" });
    // 14th character must be Z; 13th never 0; the PAN's 4th letter must be a holder kind (X is none).
    expect(gstinProblem("29AAICA3918J1YE")).toEqual({ kind: "shape" });
    expect(gstinProblem("29AAICA3918J0ZE")).toEqual({ kind: "shape" });
    expect(gstinProblem("29AAIXA3918J1ZE")).toEqual({ kind: "shape" });
    expect(gstinProblem("2AAAICA3918J1ZE")).toEqual({ kind: "shape" });
  });
});
