import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { taxClassFields } from "./fee-collection/tax.ts";
import { isIsoDate, LIST_MAX_PAGE, listPagination, pageParams, safeString } from "./primitives.ts";

/** Each label's English, from its catalogue message (a screen says the message by its id). */
const englishLabels = <K extends string>(ids: Record<K, MessageId>) =>
  Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, english(id)])) as Record<K, string>;

export const FEE_MESSAGES = {
  programRequired: english("fees.programRequired"),
  programTypeRequired: english("fees.programTypeRequired"),
  academicYearRequired: english("fees.academicYearRequired"),
  academicYearFormat: english("fees.academicYearFormat"),
  monthlyFeeRequired: english("fees.monthlyFeeRequired"),
  amountInvalid: english("fees.amountInvalid"),
  amountTooLarge: english("fees.amountTooLarge"),
  percentRange: english("fees.percentRange"),
  serviceHoursRange: english("fees.serviceHoursRange"),
  componentNameRequired: english("fees.componentNameRequired"),
  componentTypeRequired: english("fees.componentTypeRequired"),
  duplicate: english("fees.duplicate"),
  notFound: english("fees.notFound"),
  invalidDate: english("fees.invalidDate"),
  dateOrder: english("fees.dateOrder"),
} as const;

/** The spec's defaults, in rupees. */
export const DEFAULT_REGISTRATION_FEE = 10000;
export const DEFAULT_SECURITY_DEPOSIT = 10000;

export const FEE_COMPONENT_TYPES = ["one_time", "recurring", "annual"] as const;
export const FEE_COMPONENT_TYPE_LABEL_IDS = {
  one_time: "fees.componentOneTime",
  recurring: "fees.componentRecurring",
  annual: "fees.componentAnnual",
} as const satisfies Record<(typeof FEE_COMPONENT_TYPES)[number], MessageId>;
export const FEE_COMPONENT_TYPE_LABELS: Record<(typeof FEE_COMPONENT_TYPES)[number], string> =
  englishLabels(FEE_COMPONENT_TYPE_LABEL_IDS);
export const PROGRAM_TYPES = ["daycare", "preschool", "adhoc_daycare", "after_school"] as const;
export const PROGRAM_TYPE_LABEL_IDS = {
  daycare: "fees.programDaycare",
  preschool: "fees.programPreschool",
  adhoc_daycare: "fees.programAdhocDaycare",
  after_school: "fees.programAfterSchool",
} as const satisfies Record<(typeof PROGRAM_TYPES)[number], MessageId>;
export const PROGRAM_TYPE_LABELS: Record<(typeof PROGRAM_TYPES)[number], string> =
  englishLabels(PROGRAM_TYPE_LABEL_IDS);

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const toNumber = (value: unknown) => {
  const plain = blankToUndefined(typeof value === "string" ? value.trim() : value);
  return typeof plain === "string" && /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : plain;
};

/** Zero or more rupees with at most two decimals. */
const rupees = (required: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: required })
      .refine((value) => value >= 0 && /^\d+(\.\d{1,2})?$/.test(String(value)), { message: FEE_MESSAGES.amountInvalid })
      .refine((value) => value <= 1_000_000, { message: FEE_MESSAGES.amountTooLarge }),
  );
const optionalRupees = (fallback: number) =>
  z.preprocess((value) => toNumber(value) ?? fallback, rupees(FEE_MESSAGES.amountInvalid));
const percent = z.preprocess(
  (value) => toNumber(value) ?? 0,
  z.number({ error: FEE_MESSAGES.percentRange }).min(0, FEE_MESSAGES.percentRange).max(100, FEE_MESSAGES.percentRange),
);

/** "2026-27": a start year and the last two digits of the next year. */
export function isAcademicYear(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return !!match && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** The academic year (April to March) a calendar date falls in: 2026-11-20 -> "2026-27". */
export function academicYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export const feeComponentInput = z.object({
  name: safeString({ error: FEE_MESSAGES.componentNameRequired })
    .trim()
    .min(1, FEE_MESSAGES.componentNameRequired)
    .max(100),
  amount: rupees(FEE_MESSAGES.amountInvalid),
  component_type: z.enum(FEE_COMPONENT_TYPES, { error: FEE_MESSAGES.componentTypeRequired }),
  is_refundable: z.boolean().default(false),
  is_optional: z.boolean().default(false),
  ...taxClassFields,
});

export const feeStructureInput = z.object({
  program_name: safeString({ error: FEE_MESSAGES.programRequired })
    .trim()
    .min(1, FEE_MESSAGES.programRequired)
    .max(100),
  program_type: safeString({ error: FEE_MESSAGES.programTypeRequired })
    .trim()
    .min(1, FEE_MESSAGES.programTypeRequired)
    .max(50),
  age_group: safeString().trim().max(50).optional().default(""),
  academic_year: safeString({ error: FEE_MESSAGES.academicYearRequired })
    .trim()
    .min(1, FEE_MESSAGES.academicYearRequired)
    .refine(isAcademicYear, { message: FEE_MESSAGES.academicYearFormat }),
  service_hours: z.preprocess(
    toNumber,
    z
      .number({ error: FEE_MESSAGES.serviceHoursRange })
      .min(2, FEE_MESSAGES.serviceHoursRange)
      .max(12, FEE_MESSAGES.serviceHoursRange)
      .nullable()
      .optional(),
  ),
  monthly_fee: rupees(FEE_MESSAGES.monthlyFeeRequired),
  registration_fee: optionalRupees(DEFAULT_REGISTRATION_FEE),
  security_deposit: optionalRupees(DEFAULT_SECURITY_DEPOSIT),
  material_fee: optionalRupees(0),
  quarterly_discount_percent: percent,
  annual_discount_percent: percent,
  components: z.array(feeComponentInput).max(30).default([]),
  /** The monthly fee's tax class. */
  ...taxClassFields,
});
export type FeeStructureInput = z.input<typeof feeStructureInput>;

export const feeComponent = z.object({
  id: safeString(),
  name: safeString(),
  amount: z.number(),
  component_type: z.enum(FEE_COMPONENT_TYPES),
  is_refundable: z.boolean(),
  is_optional: z.boolean(),
  sac_code: safeString(),
  gst_rate: z.number().int(),
});

export const feeStructure = z.object({
  id: safeString(),
  program_name: safeString(),
  program_type: safeString(),
  age_group: safeString().nullable(),
  academic_year: safeString(),
  service_hours: z.number().nullable(),
  monthly_fee: z.number(),
  registration_fee: z.number(),
  security_deposit: z.number(),
  material_fee: z.number(),
  quarterly_discount_percent: z.number(),
  annual_discount_percent: z.number(),
  components: z.array(feeComponent),
  sac_code: safeString(),
  gst_rate: z.number().int(),
  /** Students whose program is this one (enrolled, not left). */
  students_count: z.number().int(),
  updated_at: safeString(),
});
export type FeeStructure = z.infer<typeof feeStructure>;

export const feeStructureIdParams = z.object({ id: z.uuid({ error: FEE_MESSAGES.notFound }) });
export const feeStructuresQuery = z.object(pageParams);
export const feeStructuresResponse = z.object({
  structures: z.array(feeStructure).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type FeeStructuresPage = z.infer<typeof feeStructuresResponse>;

/* ---------- Exit records ---------- */

export const EXIT_PERSON_TYPES = ["student", "teacher_staff", "other_staff"] as const;
export type ExitPersonType = (typeof EXIT_PERSON_TYPES)[number];
export const EXIT_PERSON_TYPE_LABEL_IDS = {
  student: "fees.exitStudent",
  teacher_staff: "fees.exitTeacher",
  other_staff: "fees.exitOtherStaff",
} as const satisfies Record<(typeof EXIT_PERSON_TYPES)[number], MessageId>;
export const EXIT_PERSON_TYPE_LABELS: Record<(typeof EXIT_PERSON_TYPES)[number], string> =
  englishLabels(EXIT_PERSON_TYPE_LABEL_IDS);

const optionalDate = z.preprocess(
  blankToUndefined,
  safeString().refine(isIsoDate, { message: FEE_MESSAGES.invalidDate }).optional(),
);

export const exitsQuery = z
  .object({
    type: z.preprocess(blankToUndefined, z.enum(EXIT_PERSON_TYPES).optional()),
    startDate: optionalDate,
    endDate: optionalDate,
    ...pageParams,
  })
  .refine((query) => !query.startDate || !query.endDate || query.startDate <= query.endDate, {
    message: FEE_MESSAGES.dateOrder,
    path: ["startDate"],
  });
export type ExitsQuery = z.input<typeof exitsQuery>;

export const exitRecord = z.object({
  id: safeString(),
  person_name: safeString(),
  person_type: z.enum(EXIT_PERSON_TYPES),
  job_title: safeString().nullable(),
  exit_date: safeString(),
  exit_reason: safeString(),
  center_name: safeString().nullable(),
  recorded_by_name: safeString().nullable(),
  recorded_at: safeString(),
});
export type ExitRecord = z.infer<typeof exitRecord>;
/** A page of exit records, newest exit first. */
export const exitsResponse = z.object({
  records: z.array(exitRecord).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type ExitsPage = z.infer<typeof exitsResponse>;
