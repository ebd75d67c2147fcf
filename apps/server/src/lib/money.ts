/**
 * Money is integer paise in the database and rupees (at most two decimals) on the wire.
 * This is the one place that converts between them, without floating-point arithmetic.
 */

/** Rupees (a number or decimal string with at most two decimals) to integer paise. */
export function toPaise(rupees: number | string): number {
  const text = typeof rupees === "number" ? numberToPlainString(rupees) : rupees.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount in rupees with at most two decimals: ${String(rupees)}`);
  const [, minus, whole, fraction = ""] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Amount out of range: ${String(rupees)}`);
  return minus && paise !== 0 ? -paise : paise;
}

/** Integer paise to rupees, e.g. 1250050 -> 12500.5. */
export function toRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const absolute = Math.abs(paise);
  return Number(`${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`);
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  // Shortest round-trip form, e.g. 0.1 -> "0.1", 1e21 -> rejected by the pattern above.
  return String(value);
}
