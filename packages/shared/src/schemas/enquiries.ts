import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { todayIn } from "./children.ts";
import { isIsoDate, safeString } from "./primitives.ts";

export { todayIn };

/* ---------- Options and messages (spec: staff administration, enquiry form) ---------- */

export const ENQUIRY_STATUSES = ["Open", "Follow-up", "Closed", "Lost"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** Statuses that count as open enquiries on the dashboards. */
export const OPEN_ENQUIRY_STATUSES: readonly EnquiryStatus[] = ["Open", "Follow-up"];

export const ENQUIRY_SOURCES = [
  "Online",
  "Walk-in",
  "Advertisement",
  "Reference (Internal)",
  "Reference (External)",
  "Others",
] as const;
export const GENDERS = ["Male", "Female", "Other"] as const;

/** What a screen shows for each stored value, in the reader's language. */
export const ENQUIRY_STATUS_LABEL_IDS: Record<EnquiryStatus, MessageId> = {
  Open: "enquiries.statusOpen",
  "Follow-up": "enquiries.statusFollowUp",
  Closed: "enquiries.statusClosed",
  Lost: "enquiries.statusLost",
};
export const ENQUIRY_SOURCE_LABEL_IDS: Record<(typeof ENQUIRY_SOURCES)[number], MessageId> = {
  Online: "enquiries.sourceOnline",
  "Walk-in": "enquiries.sourceWalkIn",
  Advertisement: "enquiries.sourceAdvertisement",
  "Reference (Internal)": "enquiries.sourceReferenceInternal",
  "Reference (External)": "enquiries.sourceReferenceExternal",
  Others: "enquiries.sourceOthers",
};
export const GENDER_LABEL_IDS: Record<(typeof GENDERS)[number], MessageId> = {
  Male: "enquiries.genderMale",
  Female: "enquiries.genderFemale",
  Other: "enquiries.genderOther",
};

export const ENQUIRY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const ENQUIRY_DEFAULT_PAGE_SIZE = 10;

export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const COMPANY_MIN = 2;
export const COMPANY_MAX = 100;
export const REMARKS_MAX = 500;
export const SERVICE_HOURS_MIN = 2;
export const SERVICE_HOURS_MAX = 12;
export const CHILD_MIN_AGE_MONTHS = 6;
export const CHILD_MAX_AGE_YEARS = 8;
export const FOLLOW_UP_MAX_MONTHS = 6;

const nameMessages = (who: "child" | "parent") => ({
  required: english("enquiries.nameRequired", { who }),
  tooShort: english("enquiries.nameTooShort", { who, min: NAME_MIN }),
  tooLong: english("enquiries.nameTooLong", { who, max: NAME_MAX }),
  letters: english("enquiries.nameLetters", { who }),
});

export const ENQUIRY_MESSAGES = {
  childName: nameMessages("child"),
  parentName: nameMessages("parent"),
  mobileRequired: english("enquiries.mobileRequired"),
  mobileInvalid: english("enquiries.mobileInvalid"),
  emailInvalid: english("enquiries.emailInvalid"),
  dateInvalid: english("enquiries.dateInvalid"),
  dobFuture: english("enquiries.dobFuture"),
  dobTooYoung: english("enquiries.dobTooYoung"),
  dobTooOld: english("enquiries.dobTooOld"),
  followUpRequired: english("enquiries.followUpRequired"),
  followUpPast: english("enquiries.followUpPast"),
  followUpTooFar: english("enquiries.followUpTooFar"),
  serviceHoursNumber: english("enquiries.serviceHoursNumber"),
  serviceHoursMin: english("enquiries.serviceHoursMin"),
  serviceHoursMax: english("enquiries.serviceHoursMax"),
  companyTooShort: english("enquiries.companyTooShort"),
  companyTooLong: english("enquiries.companyTooLong"),
  remarksTooLong: english("enquiries.remarksTooLong"),
  sourceRequired: english("enquiries.sourceRequired"),
  genderInvalid: english("enquiries.genderInvalid"),
  majorRequired: english("enquiries.majorRequired"),
  majorUnknown: english("enquiries.majorUnknown"),
  specificRequired: english("enquiries.specificRequired"),
  specificMismatch: english("enquiries.specificMismatch"),
  statusInvalid: english("enquiries.statusInvalid"),
  reasonRequired: english("enquiries.reasonRequired"),
  textTooLong: english("enquiries.textTooLong"),
  fixErrors: english("enquiries.fixErrors"),
  submitFailed: english("enquiries.submitFailed"),
  fetchFailed: english("enquiries.fetchFailed"),
  admitFailed: english("enquiries.admitFailed"),
  updateFailed: english("enquiries.updateFailed"),
  alreadyAdmitted: english("enquiries.alreadyAdmitted"),
  admittedReadOnly: english("enquiries.admittedReadOnly"),
  empty: english("enquiries.empty"),
  created: english("enquiries.created"),
  updated: english("enquiries.updated"),
} as const;

/* ---------- Calendar arithmetic on YYYY-MM-DD ---------- */

/** Adds calendar months; a day past the end of the target month falls on its last day. */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
  return date.toISOString().slice(0, 10);
}

/* ---------- Field schemas ---------- */

/*
 * The preprocessors name what a field takes (the form's text, or JSON's null and numbers) so the
 * schema's input type is the form's values; at run time they pass anything else on to be refused.
 */
const blankToNull = <T extends string | number | null | undefined>(value: T) => {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value.trim();
  return value;
};
const orDefault =
  <T>(fallback: T) =>
  (value: T | null | undefined) =>
    value ?? fallback;

/** A person's name: letters (any script), spaces, hyphens and apostrophes, 2 to 50 characters. */
export const personName = (messages: ReturnType<typeof nameMessages>) =>
  safeString({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(NAME_MIN, messages.tooShort)
    .max(NAME_MAX, messages.tooLong)
    .regex(/^[\p{L}\p{M}\s'’-]*$/u, messages.letters);

/** Normalises an Indian mobile number: spaces dropped, optional +91, then 10 digits from 6 to 9. */
export function normaliseMobile(value: string): string | null {
  const compact = value.replace(/\s+/g, "");
  const match = /^(?:\+91)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

export const mobileNumber = (required: string = ENQUIRY_MESSAGES.mobileRequired) =>
  safeString({ error: required })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      safeString()
        .min(1, required)
        .refine((value) => normaliseMobile(value) !== null, ENQUIRY_MESSAGES.mobileInvalid)
        .transform((value) => normaliseMobile(value)!),
    );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const optionalEmail = z.preprocess(
  blankToNull<string | null | undefined>,
  safeString()
    .max(255, ENQUIRY_MESSAGES.emailInvalid)
    .regex(EMAIL, ENQUIRY_MESSAGES.emailInvalid)
    .transform((value) => value.toLowerCase())
    .nullable(),
);

export const optionalDate = z.preprocess(
  blankToNull<string | null | undefined>,
  safeString().refine(isIsoDate, ENQUIRY_MESSAGES.dateInvalid).nullable(),
);

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull<string | null | undefined>, safeString().max(max, message).nullable());

/** The age rule of the enquiry form: not in the future, at least 6 months, at most 8 years. */
export function childDobProblem(dob: string, today: string): string | null {
  if (dob > today) return ENQUIRY_MESSAGES.dobFuture;
  if (dob > addMonths(today, -CHILD_MIN_AGE_MONTHS)) return ENQUIRY_MESSAGES.dobTooYoung;
  if (dob < addMonths(today, -12 * CHILD_MAX_AGE_YEARS)) return ENQUIRY_MESSAGES.dobTooOld;
  return null;
}

/** A follow-up may be today, and at most 6 months ahead. */
export function followUpProblem(date: string, today: string): string | null {
  if (date < today) return ENQUIRY_MESSAGES.followUpPast;
  if (date > addMonths(today, FOLLOW_UP_MAX_MONTHS)) return ENQUIRY_MESSAGES.followUpTooFar;
  return null;
}

const serviceHours = z.preprocess((value: string | number | null | undefined) => {
  const blank = blankToNull(value);
  return typeof blank === "string" ? Number(blank) : blank;
}, z
  .number({ error: ENQUIRY_MESSAGES.serviceHoursNumber })
  .positive(ENQUIRY_MESSAGES.serviceHoursNumber)
  .min(SERVICE_HOURS_MIN, ENQUIRY_MESSAGES.serviceHoursMin)
  .max(SERVICE_HOURS_MAX, ENQUIRY_MESSAGES.serviceHoursMax)
  .nullable());

export interface EnquiryRuleOptions {
  /** "Today" (YYYY-MM-DD) in the centre's time zone; without it the date rules that need it wait. */
  today?: string;
  /** The organisation's programs, major → specific; without it any names are taken. */
  programs?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The enquiry payload with every rule of the spec, used by the form (today = the browser's date)
 * and by the server (today = the centre's date on the server clock).
 */
export function enquirySchema({ today, programs }: EnquiryRuleOptions = {}) {
  const fields = z.object({
    child_name: personName(ENQUIRY_MESSAGES.childName),
    child_dob: optionalDate,
    parent_name: personName(ENQUIRY_MESSAGES.parentName),
    mobile_number: mobileNumber(),
    email: optionalEmail,
    parent_location: optionalText(200, ENQUIRY_MESSAGES.textTooLong),
    company: z.preprocess(
      blankToNull<string | null | undefined>,
      safeString()
        .min(COMPANY_MIN, ENQUIRY_MESSAGES.companyTooShort)
        .max(COMPANY_MAX, ENQUIRY_MESSAGES.companyTooLong)
        .nullable(),
    ),
    gender: z.preprocess(
      blankToNull<string | null | undefined>,
      z.enum(GENDERS, { error: ENQUIRY_MESSAGES.genderInvalid }).nullable(),
    ),
    source: z.preprocess(
      blankToNull<string | undefined>,
      z.enum(ENQUIRY_SOURCES, { error: ENQUIRY_MESSAGES.sourceRequired }),
    ),
    major_program: z.preprocess(
      blankToNull<string | undefined>,
      safeString({ error: ENQUIRY_MESSAGES.majorRequired }).max(100),
    ),
    specific_program: z.preprocess(
      blankToNull<string | undefined>,
      safeString({ error: ENQUIRY_MESSAGES.specificRequired }).max(100),
    ),
    service_hours: serviceHours,
    status: z.preprocess(
      orDefault<EnquiryStatus>("Open"),
      z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.statusInvalid }),
    ),
    reason_for_closure: optionalText(500, ENQUIRY_MESSAGES.remarksTooLong),
    follow_up_flag: z.preprocess(orDefault(false), z.boolean()),
    follow_up_date: optionalDate,
    assigned_to: optionalText(100, english("enquiries.textTooLong100")),
    remarks: optionalText(REMARKS_MAX, ENQUIRY_MESSAGES.remarksTooLong),
    visited: z.preprocess(orDefault(false), z.boolean()),
    probable_joining_date: optionalDate,
    /** For multi-centre roles: the centre the enquiry is for. */
    center_id: z.preprocess(
      blankToNull<string | null | undefined>,
      z.uuid({ error: english("enquiries.centreRequired") }).nullable(),
    ),
  });

  // Choosing Follow-up turns the follow-up flag on.
  const followsUp = (enquiry: { status?: unknown; follow_up_flag?: unknown }) =>
    enquiry.status === "Follow-up" || enquiry.follow_up_flag === true;
  return (
    fields
      // The rules below run even when other fields are refused (`when`), so the form can show the
      // date-of-birth, follow-up and Lost-reason errors as soon as those fields are left. The value
      // may then hold unparsed fields, so each rule checks the type of what it reads.
      .superRefine(
        (enquiry, ctx) => {
          const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
          const isDate = (value: unknown): value is string => typeof value === "string" && isIsoDate(value);
          if (today && isDate(enquiry.child_dob)) {
            const problem = childDobProblem(enquiry.child_dob, today);
            if (problem) issue("child_dob", problem);
          }
          if (followsUp(enquiry)) {
            if (!enquiry.follow_up_date) issue("follow_up_date", ENQUIRY_MESSAGES.followUpRequired);
            else if (today && isDate(enquiry.follow_up_date)) {
              const problem = followUpProblem(enquiry.follow_up_date, today);
              if (problem) issue("follow_up_date", problem);
            }
          }
          if (enquiry.status === "Lost" && !enquiry.reason_for_closure)
            issue("reason_for_closure", ENQUIRY_MESSAGES.reasonRequired);
          if (programs && typeof enquiry.major_program === "string") {
            const specifics = programs[enquiry.major_program];
            if (!specifics) issue("major_program", ENQUIRY_MESSAGES.majorUnknown);
            else if (typeof enquiry.specific_program === "string" && !specifics.includes(enquiry.specific_program))
              issue("specific_program", ENQUIRY_MESSAGES.specificMismatch);
          }
        },
        { when: () => true },
      )
      .transform((enquiry) => ({ ...enquiry, follow_up_flag: followsUp(enquiry) }))
  );
}
export type EnquiryInput = z.input<ReturnType<typeof enquirySchema>>;
export type EnquiryPayload = z.output<ReturnType<typeof enquirySchema>>;

/** The form's values before parsing: what the inputs hold. */
export interface EnquiryFormValues {
  child_name: string;
  child_dob: string;
  parent_name: string;
  mobile_number: string;
  email: string;
  parent_location: string;
  company: string;
  gender: string;
  source: string;
  major_program: string;
  specific_program: string;
  service_hours: string;
  status: EnquiryStatus;
  reason_for_closure: string;
  follow_up_flag: boolean;
  follow_up_date: string;
  assigned_to: string;
  remarks: string;
  visited: boolean;
  probable_joining_date: string;
  center_id: string;
}

/** Each refused field with the first message about it, e.g. {child_name: "Child name is required"}. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    details[key] ??= issue.message;
  }
  return details;
}

/* ---------- Answers and queries ---------- */

export const enquiry = z.object({
  id: safeString(),
  enquiry_date: safeString(),
  child_name: safeString(),
  child_dob: safeString().nullable(),
  parent_name: safeString(),
  mobile_number: safeString(),
  email: safeString().nullable(),
  parent_location: safeString().nullable(),
  company: safeString().nullable(),
  /** Derived: the company is on the organisation's tie-up list. */
  has_tie_up: z.boolean(),
  gender: safeString().nullable(),
  source: safeString(),
  major_program: safeString(),
  specific_program: safeString(),
  service_hours: z.number().nullable(),
  status: z.enum(ENQUIRY_STATUSES),
  reason_for_closure: safeString().nullable(),
  follow_up_flag: z.boolean(),
  follow_up_date: safeString().nullable(),
  /** The follow-up date is today or earlier and the enquiry is still open. */
  follow_up_due: z.boolean(),
  assigned_to: safeString().nullable(),
  remarks: safeString().nullable(),
  visited: z.boolean(),
  probable_joining_date: safeString().nullable(),
  center_id: safeString(),
  center_name: safeString(),
  /** The student made from this enquiry at admission. */
  student_id: safeString().nullable(),
  converted_at: safeString().nullable(),
  created_at: safeString(),
  updated_at: safeString(),
});
export type Enquiry = z.infer<typeof enquiry>;

export const enquiriesQuery = z.object({
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (ENQUIRY_PAGE_SIZES as readonly number[]).includes(value), english("enquiries.pageSizeInvalid"))
    .optional()
    .default(ENQUIRY_DEFAULT_PAGE_SIZE),
  /** Part of the child's name. */
  search: safeString().trim().max(100).optional(),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** "due": open enquiries whose follow-up date is today or past. */
  follow_up: z.enum(["due"]).optional(),
  center_id: z.uuid().optional(),
});
/** The query as the browser builds it. */
export interface EnquiriesQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: EnquiryStatus;
  follow_up?: "due";
  center_id?: string;
}

export const enquiriesPage = z.object({
  enquiries: z.array(enquiry),
  pagination: z.object({
    current_page: z.number().int(),
    total_pages: z.number().int(),
    total_items: z.number().int(),
    /** A search stops counting 100 matches past the page: the list shows "100+". */
    total_is_lower_bound: z.boolean(),
    items_per_page: z.number().int(),
  }),
  /** Open enquiries in scope whose follow-up is due today or overdue. */
  due_follow_ups: z.number().int(),
});
export type EnquiriesPage = z.infer<typeof enquiriesPage>;

export const enquiryIdParams = z.object({ id: z.uuid({ error: english("enquiries.notFound") }) });
