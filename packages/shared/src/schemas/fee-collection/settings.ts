import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { safeString } from "../primitives.ts";
import { gstinProblem, normaliseGstin } from "./gstin.ts";

/* A centre's collection and tax details (issue 35, point 1): one schema for the form and the route. */

/** The UPI ID (VPA) pattern of the issue: name@handle. */
export const UPI_VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
/** A centre's document-series code: 1-3 capital letters or digits (KOR/26-27/000123). */
export const SERIES_CODE = /^[A-Z0-9]{1,3}$/;

export const COLLECTION_SETTINGS_MESSAGES = {
  upiVpa: english("collectionSettings.upiVpaInvalid"),
  payeeRequired: english("collectionSettings.payeeRequired"),
  payeeTooLong: english("collectionSettings.payeeTooLong"),
  gstinLength: english("collectionSettings.gstinLength"),
  gstinShape: english("collectionSettings.gstinShape"),
  gstinState: (state: string) => english("collectionSettings.gstinState", { state }),
  gstinCheck: (expected: string) => english("collectionSettings.gstinCheck", { expected }),
  legalNameRequired: english("collectionSettings.legalNameRequired"),
  taxAddressRequired: english("collectionSettings.taxAddressRequired"),
  tooLong: english("collectionSettings.tooLong"),
  seriesCode: english("collectionSettings.seriesCodeInvalid"),
} as const;

const M = COLLECTION_SETTINGS_MESSAGES;

/** Optional text: empty or blank is "not given" (null). */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    safeString().trim().max(max, M.tooLong).nullable().optional(),
  );

/** The GSTIN's one message: what exactly is wrong, the check character named when it is that. */
export function gstinMessage(value: string): string | null {
  const problem = gstinProblem(normaliseGstin(value));
  if (!problem) return null;
  if (problem.kind === "length") return M.gstinLength;
  if (problem.kind === "shape") return M.gstinShape;
  if (problem.kind === "state") return M.gstinState(problem.state);
  return M.gstinCheck(problem.expected);
}

export const collectionSettingsInput = z
  .object({
    upi_vpa: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      safeString().trim().regex(UPI_VPA, M.upiVpa).nullable().optional(),
    ),
    upi_payee_name: optionalText(100),
    gstin: z.preprocess(
      (value) => (typeof value === "string" ? (value.trim() === "" ? null : normaliseGstin(value)) : value),
      safeString()
        .superRefine((value, context) => {
          const message = gstinMessage(value);
          if (message) context.addIssue({ code: "custom", message });
        })
        .nullable()
        .optional(),
    ),
    legal_name: optionalText(200),
    tax_address: optionalText(500),
    series_code: z.preprocess(
      (value) => (typeof value === "string" ? (value.trim() === "" ? null : value.trim().toUpperCase()) : value),
      safeString().regex(SERIES_CODE, M.seriesCode).nullable().optional(),
    ),
    reminders_enabled: z.boolean().default(true),
  })
  .superRefine((input, context) => {
    // Parents' UPI apps show the payee's name: a UPI ID needs one.
    if (input.upi_vpa && !input.upi_payee_name)
      context.addIssue({ code: "custom", path: ["upi_payee_name"], message: M.payeeRequired });
    // A tax invoice names its supplier by legal name and address beside the GSTIN.
    if (input.gstin && !input.legal_name)
      context.addIssue({ code: "custom", path: ["legal_name"], message: M.legalNameRequired });
    if (input.gstin && !input.tax_address)
      context.addIssue({ code: "custom", path: ["tax_address"], message: M.taxAddressRequired });
  });
export type CollectionSettingsInput = z.input<typeof collectionSettingsInput>;

export const collectionSettings = z.object({
  center_id: z.uuid(),
  center_name: z.string(),
  upi_vpa: z.string().nullable(),
  upi_payee_name: z.string().nullable(),
  gstin: z.string().nullable(),
  legal_name: z.string().nullable(),
  tax_address: z.string().nullable(),
  /** The code as set; null: the centre's numbers use `effective_series_code`. */
  series_code: z.string().nullable(),
  /** What the centre's document numbers start with now (its own code or the first three of its name). */
  effective_series_code: z.string(),
  reminders_enabled: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  /** Whether the caller may change them (the form is read-only otherwise). */
  can_edit: z.boolean(),
});
export type CollectionSettings = z.infer<typeof collectionSettings>;

export const centerIdParams = z.object({ id: z.string() });
