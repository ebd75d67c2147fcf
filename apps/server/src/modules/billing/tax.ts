/*
 * GST on an invoice's lines, in integer paise, rounded once per invoice.
 *
 * Fee amounts are tax-inclusive: what a fee structure, a component or a request says is what the
 * parent pays. Parents in India are quoted (and the Consumer Protection rules on price display
 * expect) all-inclusive prices; a centre that registers for GST does not change every family's
 * fee overnight. So a line's amount stays what it adds to the total, and its taxable value is
 * worked back out of it: taxable = amount - tax, tax = amount x rate / (100 + rate).
 *
 * Same state (supplier's GSTIN state = place of supply): CGST and SGST at half the rate each,
 * always equal; another state: IGST at the full rate. Each tax head is rounded ONCE for the whole
 * invoice (to the nearest paisa, half up) and shared out over the lines by largest remainder, so
 * the lines' taxes add up exactly to the invoice's rounded tax and the total is the sum of the
 * lines. The SQL of monthly generation (`taxSql` in generation-tax.ts) does the same arithmetic
 * with window functions; a test holds the two together.
 */

/** 2 x (100 + rate) for every GST rate divides this: each line's exact tax is n / TAX_SCALE in paise. */
export const TAX_SCALE = 991_200;

export interface TaxLineInput {
  /** What the line adds to the invoice, tax included (negative for a credit). */
  amountPaise: number;
  /** 0 (exempt), 5, 12 or 18. */
  rate: number;
}

export interface TaxedLine {
  amountPaise: number;
  rate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxedInvoice {
  lines: TaxedLine[];
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** a mod b, never negative (b > 0). */
const mod = (a: number, b: number) => ((a % b) + b) % b;

/**
 * One tax head's paise per line: the exact shares `scaled[i] / TAX_SCALE`, their sum rounded half
 * up once, the floors of the shares topped up by one paisa on the largest remainders (ties: the
 * earlier line) until they add up to it.
 */
export function shareOut(scaled: readonly number[]): number[] {
  const floors = scaled.map((n) => (n - mod(n, TAX_SCALE)) / TAX_SCALE);
  const sum = scaled.reduce((total, n) => total + n, 0);
  const half = sum + TAX_SCALE / 2;
  const rounded = (half - mod(half, TAX_SCALE)) / TAX_SCALE;
  let extra = rounded - floors.reduce((total, n) => total + n, 0);
  const order = scaled
    .map((n, index) => ({ index, remainder: mod(n, TAX_SCALE) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const shares = [...floors];
  for (const { index } of order) {
    if (extra <= 0) break;
    shares[index]! += 1;
    extra -= 1;
  }
  return shares;
}

/** The exact tax of a line at `rate` (of a tax-inclusive amount), scaled by TAX_SCALE; `heads` 2 halves it (CGST, SGST). */
export const scaledTax = (amountPaise: number, rate: number, heads: 1 | 2) =>
  rate === 0 ? 0 : amountPaise * rate * (TAX_SCALE / (heads * (100 + rate)));

/**
 * The tax of an invoice's lines. `supplierState` and `placeOfSupply` are GST state codes ("29");
 * equal means CGST + SGST, different means IGST.
 */
export function computeInvoiceTax(
  lines: readonly TaxLineInput[],
  supplierState: string,
  placeOfSupply: string,
): TaxedInvoice {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountPaise)) throw new RangeError(`Not whole paise: ${line.amountPaise}`);
    if (![0, 5, 12, 18].includes(line.rate)) throw new RangeError(`Not a GST rate: ${line.rate}`);
  }
  const intraState = supplierState === placeOfSupply;
  const zero = lines.map(() => 0);
  const halves = intraState ? shareOut(lines.map((line) => scaledTax(line.amountPaise, line.rate, 2))) : zero;
  const igst = intraState ? zero : shareOut(lines.map((line) => scaledTax(line.amountPaise, line.rate, 1)));
  const taxed = lines.map((line, index) => {
    const tax = 2 * halves[index]! + igst[index]!;
    return {
      amountPaise: line.amountPaise,
      rate: line.rate,
      taxablePaise: line.amountPaise - tax,
      cgstPaise: halves[index]!,
      sgstPaise: halves[index]!,
      igstPaise: igst[index]!,
    };
  });
  const sum = (pick: (line: TaxedLine) => number) => taxed.reduce((total, line) => total + pick(line), 0);
  return {
    lines: taxed,
    totalPaise: sum((line) => line.amountPaise),
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
  };
}

/** What an invoice is in law: plain when the centre is not registered, else a tax invoice unless every line is exempt. */
export function taxDocumentOf(gstin: string | null, lines: readonly { rate: number }[]) {
  if (!gstin) return "invoice" as const;
  return lines.some((line) => line.rate > 0) ? ("tax_invoice" as const) : ("bill_of_supply" as const);
}
