import { describe, expect, it } from "vitest";
import { referencesIn } from "./statement-references.ts";

describe("what a statement credit names", () => {
  it("finds every UTR (exactly 12 digits), sorted, once each, and not account or card numbers", () => {
    expect(referencesIn("IMPS-632412345678-GUPTA S-fee 5010001234567890", "632412345679")).toEqual({
      utrs: ["632412345678", "632412345679"],
      upiReferences: [],
    });
    expect(referencesIn("UPI-PATEL ANITA-anita@oksbi-412345678901-UPI", "412345678901").utrs).toEqual(["412345678901"]);
    expect(referencesIn("NEFT CR-SBIN0001234-MEHTA K-fees", "N32326212345678").utrs).toEqual([]);
  });

  it("finds Sprout's UPI reference in any case, but not inside a longer number", () => {
    expect(referencesIn("UPI-SHARMA RAVI-ravi@okaxis-spr000000123, school fee", "").upiReferences).toEqual([
      "SPR000000123",
    ]);
    expect(referencesIn("SPR0000001234 transfer", "").upiReferences).toEqual([]);
  });
});
