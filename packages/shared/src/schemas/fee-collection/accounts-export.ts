import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { isoDateField, safeString } from "../primitives.ts";

/* The accountant's export (issue 35, point 7): invoices, credit notes and receipts of a centre and range. */

export const ACCOUNTS_EXPORT_FORMATS = ["xlsx", "csv"] as const;

export const ACCOUNTS_EXPORT_MESSAGES = {
  centreRequired: english("accountsExport.centreRequired"),
  fromRequired: english("accountsExport.fromRequired"),
  toRequired: english("accountsExport.toRequired"),
  order: english("accountsExport.rangeOrder"),
  tooLong: english("accountsExport.rangeTooLong"),
} as const;
const M = ACCOUNTS_EXPORT_MESSAGES;

/** The last day a range starting on `from` may end on: one year, less a day (1 April to 31 March). */
export function lastDayOfYearFrom(from: string): string {
  const [year, month, day] = from.split("-").map(Number) as [number, number, number];
  // The same day a year on (28 February when 29 February has no twin), less one day.
  const sameDay = new Date(Date.UTC(year + 1, month - 1, Math.min(day, month === 2 && day === 29 ? 28 : day)));
  if (!(month === 2 && day === 29)) sameDay.setUTCDate(sameDay.getUTCDate() - 1);
  return sameDay.toISOString().slice(0, 10);
}

export const accountsExportQuery = z
  .object({
    center_id: safeString({ error: M.centreRequired }).trim().min(1, M.centreRequired),
    from: isoDateField(M.fromRequired),
    to: isoDateField(M.toRequired),
    format: z.enum(ACCOUNTS_EXPORT_FORMATS).default("xlsx"),
  })
  .superRefine((query, context) => {
    if (query.to < query.from) context.addIssue({ code: "custom", path: ["to"], message: M.order });
    else if (query.to > lastDayOfYearFrom(query.from))
      context.addIssue({ code: "custom", path: ["to"], message: M.tooLong });
  });
export type AccountsExportQuery = z.input<typeof accountsExportQuery>;
