import { z } from "zod";
import { english } from "../i18n/english.ts";
import { DATE_MESSAGE, isIsoDate, safeString } from "./primitives.ts";

/* ---------- Calendar dates (YYYY-MM-DD), as a centre's clock sees them ---------- */

/** The calendar date at `now` in a time zone, e.g. "2026-11-21" in Asia/Kolkata. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const isoDate = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isIsoDate, { message: DATE_MESSAGE });

/* ---------- Students ---------- */

export const STUDENT_STATUSES = ["active", "paused", "left"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const student = z.object({
  id: safeString(),
  student_id: safeString(),
  first_name: safeString(),
  last_name: safeString(),
  name: safeString(),
  status: z.enum(STUDENT_STATUSES),
  date_of_birth: safeString().nullable(),
  gender: safeString().nullable(),
  class_id: safeString().nullable(),
  classroom_name: safeString().nullable(),
  center_id: safeString(),
  center_name: safeString(),
  /** The centre's time zone, which decides "today" for pauses. */
  time_zone: safeString(),
  enrollment_date: safeString(),
  pause_start_date: safeString().nullable(),
  pause_end_date: safeString().nullable(),
  pause_reason: safeString().nullable(),
  pause_notes: safeString().nullable(),
  paused_by_name: safeString().nullable(),
  exit_date: safeString().nullable(),
  exit_reason: safeString().nullable(),
  program_name: safeString().nullable(),
  /** Rupees. */
  monthly_fee: z.number().nullable(),
});
export type Student = z.infer<typeof student>;

export const CHILDREN_PAGE_SIZES = [10, 25, 50, 100] as const;

export const childrenQuery = z.object({
  search: safeString().trim().max(100).optional(),
  /** "enrolled" is the roll: active and paused, not those who have left (the dashboard's count). */
  status: z.enum(["all", "enrolled", ...STUDENT_STATUSES]).default("all"),
  center_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ChildrenQuery = z.input<typeof childrenQuery>;

export const childrenResponse = z.object({
  children: z.array(student),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    /** A search stops counting 100 matches past the page: the list shows "100+". */
    totalIsLowerBound: z.boolean(),
    totalPages: z.number().int(),
  }),
  /** Children in scope by status, whatever the filter and search: drives the empty messages. */
  counts: z.object({
    all: z.number().int(),
    active: z.number().int(),
    paused: z.number().int(),
    left: z.number().int(),
  }),
});
export type ChildrenPage = z.infer<typeof childrenResponse>;

/** GET /students answers at most this many children a call (pickers search on the server). */
export const STUDENTS_MAX_PAGE = 100;

export const studentsQuery = z.object({
  /** "enrolled": active and paused (a picker of children on the roll). */
  status: z.enum(["enrolled", ...STUDENT_STATUSES]).optional(),
  center_id: z.uuid().optional(),
  class_id: z.uuid().optional(),
  /** Part of a name or a student ID. */
  search: safeString().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(STUDENTS_MAX_PAGE).default(50),
});
export type StudentsQuery = z.input<typeof studentsQuery>;

/**
 * A child as a list answers it: the fields a role has no business seeing are left out (fees for
 * teachers; pause reasons and notes for roles that do not manage enrolment).
 */
export const studentListItem = student.extend({
  monthly_fee: z.number().nullable().optional(),
  pause_reason: safeString().nullable().optional(),
  pause_notes: safeString().nullable().optional(),
  paused_by_name: safeString().nullable().optional(),
  exit_reason: safeString().nullable().optional(),
});
export type StudentListItem = z.infer<typeof studentListItem>;
export const studentsResponse = z.array(studentListItem).max(STUDENTS_MAX_PAGE);

export const studentIdParams = z.object({ id: z.uuid({ error: english("children.studentNotFound") }) });

/* ---------- Pause and resume ---------- */

export const PAUSE_REASONS = [
  "Vacation/Travel",
  "Medical reasons",
  "Family circumstances",
  "Temporary relocation",
  "Financial constraints",
  "Other",
] as const;

export const PAUSE_MESSAGES = {
  startRequired: english("children.pauseStartRequired"),
  startTooEarly: english("children.pauseStartTooEarly"),
  endRequired: english("children.pauseEndRequired"),
  endTooEarly: english("children.pauseEndTooEarly"),
  reasonRequired: english("children.pauseReasonRequired"),
  onlyActive: english("children.pauseOnlyActive"),
  onlyPaused: english("children.pauseOnlyPaused"),
  pauseFailed: english("children.pauseFailed"),
  resumeFailed: english("children.resumeFailed"),
  listFailed: english("children.pauseListFailed"),
  noTokens: english("children.pauseNoTokens"),
} as const;

/** The dialog's defaults: start tomorrow, end 7 days from today. */
export function pauseDefaults(today: string) {
  return { pause_start_date: addDays(today, 1), pause_end_date: addDays(today, 7), reason: "", notes: "" };
}

/** When the start moves past the end, the end becomes one week after the new start. */
export function adjustEndForStart(start: string, end: string): string {
  return isIsoDate(start) && isIsoDate(end) && start > end ? addDays(start, 7) : end;
}

/** Length of the pause in days (end minus start); shown only when above 0. */
export function pauseDuration(start: string, end: string): number {
  return isIsoDate(start) && isIsoDate(end) ? daysBetween(start, end) : 0;
}

/**
 * Pause payload rules. `today` is the date in the child's centre: the earliest start is
 * tomorrow there, and the end is at least one day after the start.
 */
export function pauseRequestFor(today: string) {
  return z
    .object({
      pause_start_date: isoDate(PAUSE_MESSAGES.startRequired),
      pause_end_date: isoDate(PAUSE_MESSAGES.endRequired),
      reason: safeString({ error: PAUSE_MESSAGES.reasonRequired })
        .trim()
        .min(1, PAUSE_MESSAGES.reasonRequired)
        .max(500),
      notes: safeString().trim().max(1000).optional().default(""),
    })
    .superRefine((value, ctx) => {
      if (isIsoDate(value.pause_start_date) && value.pause_start_date < addDays(today, 1)) {
        ctx.addIssue({ code: "custom", path: ["pause_start_date"], message: PAUSE_MESSAGES.startTooEarly });
      }
      if (
        isIsoDate(value.pause_start_date) &&
        isIsoDate(value.pause_end_date) &&
        value.pause_end_date < addDays(value.pause_start_date, 1)
      ) {
        ctx.addIssue({ code: "custom", path: ["pause_end_date"], message: PAUSE_MESSAGES.endTooEarly });
      }
    });
}

/** The shape the route accepts; the date rules that need the centre's "today" run in the service. */
export const pauseRequest = pauseRequestFor("0000-01-01");
export type PauseRequest = z.input<typeof pauseRequest>;

export const resumeRequest = z.object({ notes: safeString().trim().max(1000).optional().default("") });
export type ResumeRequest = z.input<typeof resumeRequest>;

/** GET /students/paused: a page of paused children, the nearest end date first (10 a page by default). */
export const pausedQuery = z.object({
  center_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(STUDENTS_MAX_PAGE).default(10),
});
export const pausedResponse = z.object({
  students: z.array(student).max(STUDENTS_MAX_PAGE),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
  /** Over every paused child in scope (each centre's own "today"): the summary cards. */
  counts: z.object({ total: z.number().int(), expired: z.number().int(), due_soon: z.number().int() }),
});
export type PausedPage = z.infer<typeof pausedResponse>;

/** Expiry of a pause seen from `today`: expired, expires today, tomorrow, or N days remaining. */
export function pauseExpiry(endDate: string, today: string) {
  const days = daysBetween(today, endDate);
  const label =
    days < 0
      ? english("children.expiredAgo", { count: -days })
      : days === 0
        ? english("children.expiresToday")
        : days === 1
          ? english("children.expiresTomorrow")
          : english("children.daysRemaining", { count: days });
  const color: "error" | "warning" | "info" = days < 0 ? "error" : days <= 3 ? "warning" : "info";
  return { days, expired: days < 0, dueSoon: days >= 0 && days <= 3, label, color };
}

/* ---------- Leaving ---------- */

export const EXIT_MESSAGES = {
  dateRequired: english("children.exitDateRequired"),
  reasonRequired: english("children.exitReasonRequired"),
  beforeEnrollment: english("children.exitBeforeEnrollment"),
  future: english("children.exitFuture"),
  alreadyLeft: english("children.exitAlreadyLeft"),
} as const;

export const exitRequest = z.object({
  exit_date: isoDate(EXIT_MESSAGES.dateRequired),
  exit_reason: safeString({ error: EXIT_MESSAGES.reasonRequired }).trim().min(1, EXIT_MESSAGES.reasonRequired).max(500),
});
export type ExitRequest = z.input<typeof exitRequest>;

/* ---------- Promote, assign, transfer ---------- */

const requiredId = (message: string) => z.uuid({ error: message });

export const PROMOTION_MESSAGES = {
  assigned: english("children.moveAssigned"),
  promoted: english("children.movePromoted"),
  transferred: english("children.moveTransferred"),
  assignFailed: english("children.moveAssignFailed"),
  promoteFailed: english("children.movePromoteFailed"),
  transferFailed: english("children.moveTransferFailed"),
  onlyActive: english("children.moveOnlyActive"),
  notInClass: english("children.moveNotInClass"),
  sameClass: english("children.moveSameClass"),
  sameCentre: english("children.moveSameCentre"),
  otherCentre: english("children.moveOtherCentre"),
  useTransfer: english("children.moveUseTransfer"),
  notFromCentre: english("children.moveNotFromCentre"),
} as const;

export const assignRequest = z.object({
  student_id: requiredId(english("children.chooseStudent")),
  center_id: requiredId(english("children.chooseCentre")),
  class_id: requiredId(english("children.chooseClass")),
});
export const promoteRequest = z.object({
  student_id: requiredId(english("children.chooseStudent")),
  center_id: requiredId(english("children.chooseCentre")),
  from_class_id: requiredId(english("children.chooseCurrentClass")),
  to_class_id: requiredId(english("children.chooseClass")),
});
export const transferRequest = z.object({
  student_id: requiredId(english("children.chooseStudent")),
  from_center_id: requiredId(english("children.chooseCurrentCentre")),
  to_center_id: requiredId(english("children.chooseNewCentre")),
  to_class_id: requiredId(english("children.chooseNewClass")),
});
export type AssignRequest = z.input<typeof assignRequest>;
export type PromoteRequest = z.input<typeof promoteRequest>;
export type TransferRequest = z.input<typeof transferRequest>;

export const studentActionResponse = z.object({ message: safeString(), student });

export const studentMove = z.object({
  id: safeString(),
  kind: z.enum(["assign", "promote", "transfer"]),
  from_center_id: safeString().nullable(),
  to_center_id: safeString(),
  from_class_id: safeString().nullable(),
  to_class_id: safeString().nullable(),
  moved_by: safeString().nullable(),
  moved_at: safeString(),
});
