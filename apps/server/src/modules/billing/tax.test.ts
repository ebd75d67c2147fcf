import { describe, expect, it } from "vitest";
import { computeInvoiceTax, shareOut, TAX_SCALE, taxDocumentOf } from "./tax.ts";

const KARNATAKA = "29";
const MAHARASHTRA = "27";

/** The exact tax of a tax-inclusive amount in paise, as a fraction, for checking the rounding. */
const exactTax = (amount: number, rate: number) => (amount * rate) / (100 + rate);

describe("GST on an invoice's lines (tax-inclusive amounts, rounded once)", () => {
  it("three lines of ₹333.33 at 18% within a state: one rounding, the lines add up to it", () => {
    const invoice = computeInvoiceTax(
      [
        { amountPaise: 33_333, rate: 18 },
        { amountPaise: 33_333, rate: 18 },
        { amountPaise: 33_333, rate: 18 },
      ],
      KARNATAKA,
      KARNATAKA,
    );
    // Each half: 33,333 x 9 / 118 = 2,542.347... paise; three of them 7,627.04 -> 7,627 paise.
    expect(invoice.cgstPaise).toBe(Math.round((3 * 33_333 * 9) / 118));
    expect(invoice.cgstPaise).toBe(7_627);
    expect(invoice.sgstPaise).toBe(7_627);
    expect(invoice.lines.map((line) => line.cgstPaise)).toEqual([2_543, 2_542, 2_542]);
    expect(invoice.lines.map((line) => line.sgstPaise)).toEqual([2_543, 2_542, 2_542]);
    // Rounding each line on its own would have said 3 x 2,542 = 7,626 per half: a paisa of drift.
    expect(3 * Math.round((33_333 * 9) / 118)).toBe(7_626);
    expect(invoice.totalPaise).toBe(99_999);
    for (const line of invoice.lines) {
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.amountPaise);
    }
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(99_999);
    expect(invoice.igstPaise).toBe(0);
  });

  it("the same lines to another state are IGST at the full rate, rounded once", () => {
    const invoice = computeInvoiceTax(
      [
        { amountPaise: 33_333, rate: 18 },
        { amountPaise: 33_333, rate: 18 },
        { amountPaise: 33_333, rate: 18 },
      ],
      KARNATAKA,
      MAHARASHTRA,
    );
    expect(invoice.cgstPaise + invoice.sgstPaise).toBe(0);
    // 3 x 33,333 x 18 / 118 = 15,254.08 -> 15,254 paise.
    expect(invoice.igstPaise).toBe(15_254);
    expect(invoice.lines.map((line) => line.igstPaise)).toEqual([5_085, 5_085, 5_084]);
    expect(invoice.taxablePaise).toBe(99_999 - 15_254);
  });

  it("5% on ₹1: 4.76 paise of tax is 5 paise, the taxable value 95 paise", () => {
    const inter = computeInvoiceTax([{ amountPaise: 100, rate: 5 }], KARNATAKA, MAHARASHTRA);
    expect(inter.lines[0]).toEqual({
      amountPaise: 100,
      rate: 5,
      taxablePaise: 95,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5,
    });
    // Within the state each half is 2.38 paise -> 2 + 2: CGST and SGST are always equal.
    const intra = computeInvoiceTax([{ amountPaise: 100, rate: 5 }], KARNATAKA, KARNATAKA);
    expect(intra.lines[0]).toMatchObject({ taxablePaise: 96, cgstPaise: 2, sgstPaise: 2, igstPaise: 0 });
  });

  it("an odd paisa of tax within a state is not split unevenly: each half is rounded once on its own", () => {
    // ₹1.18 at 18%: 18 paise of tax, 9 + 9. ₹1.07 at 18%: 16.32 paise exactly, halves 8.16 -> 8 + 8.
    const even = computeInvoiceTax([{ amountPaise: 118, rate: 18 }], KARNATAKA, KARNATAKA);
    expect(even.lines[0]).toMatchObject({ taxablePaise: 100, cgstPaise: 9, sgstPaise: 9 });
    const odd = computeInvoiceTax([{ amountPaise: 107, rate: 18 }], KARNATAKA, KARNATAKA);
    expect(odd.lines[0]).toMatchObject({ taxablePaise: 91, cgstPaise: 8, sgstPaise: 8 });
    // To another state the same line's 16.32 paise are 16 paise of IGST.
    const igst = computeInvoiceTax([{ amountPaise: 107, rate: 18 }], KARNATAKA, MAHARASHTRA);
    expect(igst.lines[0]).toMatchObject({ taxablePaise: 91, igstPaise: 16 });
  });

  it("exempt lines carry no tax and mixed rates round per head over the whole invoice", () => {
    const invoice = computeInvoiceTax(
      [
        { amountPaise: 1_200_000, rate: 0 },
        { amountPaise: 250_000, rate: 18 },
        { amountPaise: 80_050, rate: 5 },
        { amountPaise: 45_075, rate: 12 },
      ],
      KARNATAKA,
      KARNATAKA,
    );
    expect(invoice.lines[0]).toMatchObject({ taxablePaise: 1_200_000, cgstPaise: 0, sgstPaise: 0 });
    const exactHalf = (exactTax(250_000, 18) + exactTax(80_050, 5) + exactTax(45_075, 12)) / 2;
    expect(invoice.cgstPaise).toBe(Math.round(exactHalf));
    expect(invoice.totalPaise).toBe(1_200_000 + 250_000 + 80_050 + 45_075);
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(invoice.totalPaise);
    // Each line's share is its exact tax give or take less than a paisa.
    for (const line of invoice.lines) {
      expect(Math.abs(line.cgstPaise - exactTax(line.amountPaise, line.rate) / 2)).toBeLessThan(1);
    }
  });

  it("a negative credit line (a pause credit) lowers the tax of its rate", () => {
    const invoice = computeInvoiceTax(
      [
        { amountPaise: 1_000_000, rate: 18 },
        { amountPaise: -181_818, rate: 18 },
      ],
      KARNATAKA,
      MAHARASHTRA,
    );
    expect(invoice.igstPaise).toBe(Math.round(exactTax(1_000_000 - 181_818, 18)));
    expect(invoice.lines[1]!.igstPaise).toBeLessThan(0);
    expect(invoice.totalPaise).toBe(818_182);
  });

  it("many random invoices: the lines add up to the total and to the once-rounded tax", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 500; round++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, () => ({
        amountPaise: 1 + Math.floor(random() * 5_000_000),
        rate: [0, 5, 12, 18][Math.floor(random() * 4)]!,
      }));
      const intra = random() < 0.5;
      const invoice = computeInvoiceTax(lines, KARNATAKA, intra ? KARNATAKA : MAHARASHTRA);
      const exact = lines.reduce((sum, line) => sum + exactTax(line.amountPaise, line.rate), 0);
      if (intra) {
        expect(Math.abs(invoice.cgstPaise - exact / 2)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(invoice.sgstPaise).toBe(invoice.cgstPaise);
      } else {
        expect(Math.abs(invoice.igstPaise - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
      }
      expect(invoice.totalPaise).toBe(lines.reduce((sum, line) => sum + line.amountPaise, 0));
      expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise + invoice.igstPaise).toBe(invoice.totalPaise);
    }
  });

  it("shares out by largest remainder, ties to the earlier line", () => {
    const third = TAX_SCALE / 3;
    // Three thirds of a paisa make one paisa: it goes to the first line.
    expect(shareOut([third, third, third])).toEqual([1, 0, 0]);
    // Half a paisa rounds up once.
    expect(shareOut([TAX_SCALE / 2])).toEqual([1]);
    expect(shareOut([0.4 * TAX_SCALE, 0.7 * TAX_SCALE])).toEqual([0, 1]);
  });

  it("names the document: plain invoice when not registered, bill of supply when all exempt", () => {
    expect(taxDocumentOf(null, [{ rate: 18 }])).toBe("invoice");
    expect(taxDocumentOf("29ABCDE1234F1Z5", [{ rate: 0 }, { rate: 0 }])).toBe("bill_of_supply");
    expect(taxDocumentOf("29ABCDE1234F1Z5", [{ rate: 0 }, { rate: 5 }])).toBe("tax_invoice");
  });

  it("refuses a rate GST does not have and fractional paise", () => {
    expect(() => computeInvoiceTax([{ amountPaise: 100, rate: 7 }], KARNATAKA, KARNATAKA)).toThrow(RangeError);
    expect(() => computeInvoiceTax([{ amountPaise: 10.5, rate: 5 }], KARNATAKA, KARNATAKA)).toThrow(RangeError);
  });
});
