import { z } from "zod";
import type { MessageId } from "../../i18n/catalogues.ts";
import { english } from "../../i18n/english.ts";
import { safeString } from "../primitives.ts";

/*
 * The tax class of a fee item: a SAC code (services, 6 digits starting 99) or an HSN code (goods
 * such as books and uniforms, 4, 6 or 8 digits) and its GST rate. Amounts are tax-inclusive:
 * what a fee says is what the parent pays; the invoice works the taxable value out of it.
 */

export const TAX_MESSAGES = {
  sacCodeInvalid: english("tax.sacCodeInvalid"),
  gstRateInvalid: english("tax.gstRateInvalid"),
} as const;

export const GST_RATES = [0, 5, 12, 18] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Pre-primary education: exempt (notification 12/2017, entry 66). */
export const PRE_PRIMARY_SAC = "999210";

/** A SAC code (99xxxx) or an HSN code of goods (4, 6 or 8 digits, chapters 01-98). */
export const TAX_CODE_PATTERN = /^(99\d{4}|(?!99)\d{4}(\d{2}){0,2})$/;

export const sacCode = safeString({ error: TAX_MESSAGES.sacCodeInvalid })
  .trim()
  .regex(TAX_CODE_PATTERN, TAX_MESSAGES.sacCodeInvalid);

export const gstRate = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.union(
    GST_RATES.map((rate) => z.literal(rate)),
    { error: TAX_MESSAGES.gstRateInvalid },
  ),
);

/** The tax class a form sends with an item; omitted means pre-primary education, exempt. */
export const taxClassFields = {
  sac_code: sacCode.optional().default(PRE_PRIMARY_SAC),
  gst_rate: gstRate.optional().default(0),
};

/**
 * Items a centre commonly bills, with their usual code and rate, offered in the forms and
 * editable there. What applies depends on who supplies it: an educational institution's own
 * services to its pupils (including transport) are exempt; a day-care or an outside caterer
 * charges GST. The centre's accountant decides.
 */
export const COMMON_TAX_ITEMS = [
  { key: "tuition", sac_code: PRE_PRIMARY_SAC, gst_rate: 0 },
  { key: "daycare", sac_code: "999351", gst_rate: 18 },
  { key: "transport", sac_code: "996411", gst_rate: 5 },
  { key: "meals", sac_code: "996337", gst_rate: 5 },
  { key: "books", sac_code: "4901", gst_rate: 0 },
  { key: "uniform", sac_code: "6203", gst_rate: 5 },
] as const satisfies readonly { key: string; sac_code: string; gst_rate: GstRate }[];

export const COMMON_TAX_ITEM_LABEL_IDS = {
  tuition: "tax.itemTuition",
  daycare: "tax.itemDaycare",
  transport: "tax.itemTransport",
  meals: "tax.itemMeals",
  books: "tax.itemBooks",
  uniform: "tax.itemUniform",
} as const satisfies Record<(typeof COMMON_TAX_ITEMS)[number]["key"], MessageId>;

/** What an invoice is in law. */
export const TAX_DOCUMENTS = ["invoice", "tax_invoice", "bill_of_supply"] as const;
export type TaxDocument = (typeof TAX_DOCUMENTS)[number];

/** A line's tax on the wire, in rupees. */
export const taxLine = z.object({
  sac_code: safeString(),
  gst_rate: z.number().int(),
  taxable_value: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});
