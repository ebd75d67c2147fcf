import { z } from "zod";
import { type Action, may } from "../access.ts";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import type { Role } from "../roles.ts";
import { isIsoDate, safeString } from "./primitives.ts";

/** Each label's English, from its catalogue message (a screen says the message by its id). */
const englishLabels = <K extends string>(ids: Record<K, MessageId>) =>
  Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, english(id)])) as Record<K, string>;

export const REPORT_MESSAGES = {
  dateInvalid: english("reports.dateInvalid"),
  dateRange: english("reports.dateRange"),
  rangeTooLong: english("reports.rangeTooLong"),
  loadFailed: english("reports.loadFailed"),
  downloadFailed: english("reports.downloadFailed"),
} as const;

/** The longest range a report covers: one year and a day (a leap year's range end to end). */
export const REPORT_MAX_DAYS = 366;

export const REPORTS = ["enrolment", "attendance", "revenue", "dues", "enquiries", "centers"] as const;
export type ReportName = (typeof REPORTS)[number];
export const REPORT_TITLE_IDS = {
  enrolment: "reports.titleEnrolment",
  attendance: "reports.titleAttendance",
  revenue: "reports.titleRevenue",
  dues: "reports.titleDues",
  enquiries: "reports.titleEnquiries",
  centers: "reports.titleCenters",
} as const satisfies Record<ReportName, MessageId>;
export const REPORT_TITLES: Record<ReportName, string> = englishLabels(REPORT_TITLE_IDS);

/**
 * The action each report needs besides `reports.read` (the access table, ADR 0053): a finance
 * manager does not read attendance, a coordinator no money.
 */
export const REPORT_ACTIONS: Record<ReportName, Action> = {
  enrolment: "children.manage",
  attendance: "attendance.readReports",
  revenue: "finances.read",
  dues: "finances.read",
  enquiries: "enquiries.manage",
  centers: "reports.read",
};

/** The reports a role may read, in the page's order. */
export const reportsFor = (role: Role): ReportName[] =>
  may(role, "reports.read") ? REPORTS.filter((report) => may(role, REPORT_ACTIONS[report])) : [];

export const AGEING_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;
export const AGEING_LABEL_IDS = {
  "0-30": "reports.ageing0to30",
  "31-60": "reports.ageing31to60",
  "61-90": "reports.ageing61to90",
  "90+": "reports.ageingOver90",
} as const satisfies Record<(typeof AGEING_BUCKETS)[number], MessageId>;
export const AGEING_LABELS: Record<(typeof AGEING_BUCKETS)[number], string> = englishLabels(AGEING_LABEL_IDS);

const day = () =>
  safeString({ error: REPORT_MESSAGES.dateInvalid })
    .trim()
    .refine(isIsoDate, { message: REPORT_MESSAGES.dateInvalid })
    .optional();

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** The filter bar: a date range (default: the last six months to today) and a centre. */
export const reportQuery = z
  .object({
    from: day(),
    to: day(),
    center_id: z.uuid({ error: english("reports.centerNotFound") }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: REPORT_MESSAGES.dateRange,
    path: ["to"],
  })
  .refine((query) => !query.from || !query.to || daysBetween(query.from, query.to) <= REPORT_MAX_DAYS, {
    message: REPORT_MESSAGES.rangeTooLong,
    path: ["from"],
  });
export type ReportQuery = z.input<typeof reportQuery>;
export const reportParams = z.object({ report: z.enum(REPORTS, { error: english("reports.reportNotFound") }) });

const range = { from: z.string(), to: z.string() };

export const enrolmentReport = z.object({
  ...range,
  capacity: z.number().int(),
  months: z.array(
    z.object({
      month: z.string(),
      /** Children enrolled (active or paused) on the month's last day (or on the range's end). */
      enrolled: z.number().int(),
      joined: z.number().int(),
      left: z.number().int(),
      occupancy: z.number(),
    }),
  ),
});

export const attendanceReport = z.object({
  ...range,
  days: z.array(z.object({ date: z.string(), present: z.number().int(), absent: z.number().int() })),
  total_present: z.number().int(),
  total_absent: z.number().int(),
});

export const revenueReport = z.object({
  ...range,
  months: z.array(
    z.object({
      month: z.string(),
      invoices: z.number().int(),
      invoiced: z.number(),
      payments: z.number().int(),
      received: z.number(),
      collection_rate: z.number().nullable(),
    }),
  ),
  total_invoiced: z.number(),
  total_received: z.number(),
});

export const duesReport = z.object({
  /** Ages are counted in days past the due date on this day; invoices not yet due are in 0–30. */
  as_of: z.string(),
  buckets: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), invoices: z.number().int(), amount: z.number() })),
  centers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      amounts: z.array(z.number()),
      total: z.number(),
    }),
  ),
  total_invoices: z.number().int(),
  total_amount: z.number(),
});

export const enquiriesReport = z.object({
  ...range,
  funnel: z.object({
    received: z.number().int(),
    visited: z.number().int(),
    followed_up: z.number().int(),
    converted: z.number().int(),
    lost: z.number().int(),
    open: z.number().int(),
  }),
  sources: z.array(
    z.object({ source: z.string(), enquiries: z.number().int(), converted: z.number().int(), conversion: z.number() }),
  ),
});

export const centersReport = z.object({
  ...range,
  centers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      capacity: z.number().int(),
      enrolled: z.number().int(),
      occupancy: z.number(),
      present_days: z.number().int(),
      enquiries: z.number().int(),
      converted: z.number().int(),
      /** Only for roles that see money. */
      invoiced: z.number().optional(),
      received: z.number().optional(),
    }),
  ),
});

export type EnrolmentReport = z.infer<typeof enrolmentReport>;
export type AttendanceReport = z.infer<typeof attendanceReport>;
export type RevenueReport = z.infer<typeof revenueReport>;
export type DuesReport = z.infer<typeof duesReport>;
export type EnquiriesReport = z.infer<typeof enquiriesReport>;
export type CentersReport = z.infer<typeof centersReport>;

export const REPORT_SCHEMAS = {
  enrolment: enrolmentReport,
  attendance: attendanceReport,
  revenue: revenueReport,
  dues: duesReport,
  enquiries: enquiriesReport,
  centers: centersReport,
} as const;

/** Each report's answer, by name. */
export type Reports = { [K in ReportName]: z.infer<(typeof REPORT_SCHEMAS)[K]> };
