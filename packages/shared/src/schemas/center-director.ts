import { z } from "zod";
import { english } from "../i18n/english.ts";
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from "./incidents.ts";
import { isIsoDate, isoDateField, LIST_MAX_PAGE, listPagination, safeString } from "./primitives.ts";

/**
 * The Center Director dashboard (spec 2: its response, KPI status rules, live updates, upcoming
 * tasks and performance ratings; issue 17, points 3-6).
 */

export const KPI_METRIC_NAMES = [
  "occupancy",
  "attendance_rate",
  "collection_rate",
  "enquiry_conversion",
  "incidents_this_month",
  "staff_attendance",
  "parent_rating",
] as const;
export type KpiMetricName = (typeof KPI_METRIC_NAMES)[number];

export const KPI_METRICS: Record<KpiMetricName, { label: string; unit: string; category: string }> = {
  occupancy: { label: english("centerDirector.server.kpiOccupancy"), unit: "%", category: "enrollment" },
  attendance_rate: { label: english("centerDirector.server.kpiAttendanceRate"), unit: "%", category: "operations" },
  collection_rate: { label: english("centerDirector.server.kpiCollectionRate"), unit: "%", category: "finance" },
  enquiry_conversion: {
    label: english("centerDirector.server.kpiEnquiryConversion"),
    unit: "%",
    category: "enrollment",
  },
  incidents_this_month: {
    label: english("centerDirector.server.kpiIncidentsThisMonth"),
    unit: "count",
    category: "safety",
  },
  staff_attendance: { label: english("centerDirector.server.kpiStaffAttendance"), unit: "%", category: "staff" },
  parent_rating: { label: english("centerDirector.server.kpiParentRating"), unit: "/5", category: "feedback" },
};

export const KPI_STATUSES = ["excellent", "good", "warning", "critical"] as const;
export type KpiStatus = (typeof KPI_STATUSES)[number];
/** Spec 2, section 9: KPI thresholds 1.1, 0.9, 0.8. */
export const KPI_THRESHOLDS = { excellent: 1.1, good: 0.9, warning: 0.8 } as const;

/**
 * Spec 2, section 4: the ratio of value to target decides; for metrics whose name contains
 * "incident" the ratio is (target − value) / target, so fewer is better. Without a target there is
 * nothing to judge by: no status (issue 30, point 6; the spec's "good" called 0% attendance good).
 * A target of 0 has no ratio: a count of incidents meets it only at 0; any rate meets it.
 */
export function kpiStatus(metricName: string, value: number, target: number | null): KpiStatus | null {
  if (target === null) return null;
  const fewerIsBetter = metricName.includes("incident");
  if (target === 0) return !fewerIsBetter || value <= 0 ? "good" : "critical";
  const ratio = fewerIsBetter ? (target - value) / target : value / target;
  if (ratio >= KPI_THRESHOLDS.excellent) return "excellent";
  if (ratio >= KPI_THRESHOLDS.good) return "good";
  if (ratio >= KPI_THRESHOLDS.warning) return "warning";
  return "critical";
}

export const PERFORMANCE_RATINGS = [
  "outstanding",
  "exceeds_expectations",
  "meets_expectations",
  "below_expectations",
  "unsatisfactory",
] as const;
export type PerformanceRating = (typeof PERFORMANCE_RATINGS)[number];
export const PERFORMANCE_RATING_LABELS: Record<PerformanceRating, string> = {
  outstanding: english("centerDirector.ratingOutstanding"),
  exceeds_expectations: english("centerDirector.ratingExceedsExpectations"),
  meets_expectations: english("centerDirector.ratingMeetsExpectations"),
  below_expectations: english("centerDirector.ratingBelowExpectations"),
  unsatisfactory: english("centerDirector.ratingUnsatisfactory"),
};

export const CALENDAR_EVENT_KINDS = ["safety_drill", "meeting", "other"] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];
export const CALENDAR_EVENT_KIND_LABELS: Record<CalendarEventKind, string> = {
  safety_drill: english("centerDirector.kindSafetyDrill"),
  meeting: english("centerDirector.kindMeeting"),
  other: english("centerDirector.kindOther"),
};

/** Spec 2, section 9: live updates kept 5, shown 3; upcoming tasks at most 4 on the card. */
export const LIVE_UPDATES_KEPT = 5;
export const LIVE_UPDATES_SHOWN = 3;
export const TASKS_ON_CARD = 4;
/** A member of staff is due a review when they have had none for this many months. */
export const REVIEW_DUE_MONTHS = 6;
export const DEFAULT_DIRECTOR_BUDGET_LIMIT = 25_000;

export const DIRECTOR_MESSAGES = {
  loadFailed: english("centerDirector.loadFailed"),
  noToken: english("centerDirector.noToken"),
  targetInvalid: english("centerDirector.targetInvalid"),
  staffRequired: english("centerDirector.staffRequired"),
  periodStartRequired: english("centerDirector.periodStartRequired"),
  periodEndRequired: english("centerDirector.periodEndRequired"),
  periodOrder: english("centerDirector.periodOrder"),
  periodFuture: english("centerDirector.periodFuture"),
  ratingRequired: english("centerDirector.ratingRequired"),
  notesTooLong: english("centerDirector.notesTooLong"),
  titleRequired: english("centerDirector.titleRequired"),
  titleTooLong: english("centerDirector.titleTooLong"),
  eventDateRequired: english("centerDirector.eventDateRequired"),
  kindRequired: english("centerDirector.kindRequired"),
  eventInPast: english("centerDirector.eventInPast"),
} as const;

const optionalCentre = z.uuid({ error: english("centerDirector.centerNotFound") }).optional();

/* ---------- Dashboard ---------- */

export const dashboardQuery = z.object({ centerId: optionalCentre });

export const kpi = z.object({
  metric_name: z.enum(KPI_METRIC_NAMES),
  label: z.string(),
  metric_value: z.number(),
  target_value: z.number().nullable(),
  metric_unit: z.string(),
  measurement_date: z.string(),
  category: z.string(),
  /** Null without a target: the figure is shown, not judged. */
  status: z.enum(KPI_STATUSES).nullable(),
  /** Up to 30 earlier days, oldest first, for the trend line. */
  history: z.array(z.object({ date: z.string(), value: z.number() })),
});
export type Kpi = z.infer<typeof kpi>;

export const LIVE_UPDATE_KINDS = ["check_in", "incident", "feedback", "approval", "alert"] as const;
export const liveUpdate = z.object({
  id: z.string(),
  kind: z.enum(LIVE_UPDATE_KINDS),
  title: z.string(),
  at: z.string(),
});
export type LiveUpdate = z.infer<typeof liveUpdate>;

export const TASK_SOURCES = ["budget_request", "feedback", "enquiry_follow_up", "calendar"] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];
export const TASK_PRIORITIES = ["High", "Medium", "Low"] as const;
export const upcomingTask = z.object({
  id: z.string(),
  source: z.enum(TASK_SOURCES),
  title: z.string(),
  due_date: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  /** The screen where the task is done. */
  link: z.string(),
});
export type UpcomingTask = z.infer<typeof upcomingTask>;

export const directorDashboard = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    center: z.object({ id: z.string(), name: z.string(), date: z.string(), capacity: z.number().int() }),
    /** Owners and super admins choose among these; a director has only their own. */
    centers: z.array(z.object({ id: z.string(), name: z.string() })),
    centerInfo: z.object({
      name: z.string(),
      director_budget_limit: z.number(),
      monthly_budget: z.number(),
      emergency_fund: z.number().nullable(),
    }),
    enrollment: z.object({ current_enrollment: z.number().int(), capacity: z.number().int(), percent: z.number() }),
    staff: z.object({
      total_staff: z.number().int(),
      active_staff: z.number().int(),
      present_count: z.number().int(),
      on_leave_count: z.number().int(),
      overtime_count: z.number().int(),
      percent: z.number(),
    }),
    kpis: z.array(kpi),
    budget: z.object({
      approved_amount: z.number(),
      pending_approvals: z.number().int(),
      pending_amount: z.number(),
      dynamic_approval_limit: z.number(),
      approval_limit: z.number(),
      limit: z.number(),
      spent: z.number(),
      remaining: z.number(),
      percent_left: z.number(),
    }),
    performance: z.array(z.object({ overall_rating: z.enum(PERFORMANCE_RATINGS), count: z.number().int() })),
    feedback: z.object({
      total_feedback: z.number().int(),
      pending_feedback: z.number().int(),
      avg_rating: z.number().nullable(),
    }),
    incidents: z.object({
      this_month: z.number().int(),
      pending: z.number().int(),
      critical: z.number().int(),
      recent: z.array(
        z.object({
          id: z.string(),
          incident_type: z.enum(INCIDENT_TYPES),
          incident_date: z.string(),
          status: z.enum(INCIDENT_STATUSES),
          severity: z.enum(INCIDENT_SEVERITIES),
        }),
      ),
    }),
    live_updates: z.array(liveUpdate),
    upcoming_tasks: z.object({ items: z.array(upcomingTask), total: z.number().int() }),
    /** Whether this caller may set targets, record reviews and edit the calendar. */
    may_manage: z.boolean(),
  }),
});
export type DirectorDashboard = z.infer<typeof directorDashboard>;

/* ---------- KPI targets ---------- */

export const kpiTargetInput = z.object({
  center_id: optionalCentre,
  /** null clears the target: the KPI then shows as good. */
  target_value: z.number({ error: DIRECTOR_MESSAGES.targetInvalid }).min(0, DIRECTOR_MESSAGES.targetInvalid).nullable(),
});
export type KpiTargetInput = z.output<typeof kpiTargetInput>;
export const kpiTargetParams = z.object({
  metric: z.enum(KPI_METRIC_NAMES, { error: english("centerDirector.notFound") }),
});
export const kpiTargetAnswer = z.object({ metric_name: z.enum(KPI_METRIC_NAMES), target_value: z.number().nullable() });

/* ---------- Staff reviews ---------- */

const dateField = (required: string) => isoDateField(required);

export const staffReviewInput = z
  .object({
    staff_id: z.uuid({ error: DIRECTOR_MESSAGES.staffRequired }),
    period_start: dateField(DIRECTOR_MESSAGES.periodStartRequired),
    period_end: dateField(DIRECTOR_MESSAGES.periodEndRequired),
    overall_rating: z.enum(PERFORMANCE_RATINGS, { error: DIRECTOR_MESSAGES.ratingRequired }),
    notes: safeString().trim().max(2000, DIRECTOR_MESSAGES.notesTooLong).default(""),
  })
  .refine((value) => !isIsoDate(value.period_start) || value.period_end >= value.period_start, {
    path: ["period_end"],
    message: DIRECTOR_MESSAGES.periodOrder,
  });
export type StaffReviewInput = z.output<typeof staffReviewInput>;

export const staffReview = z.object({
  id: z.string(),
  staff_id: z.string(),
  staff_name: z.string(),
  reviewer_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  overall_rating: z.enum(PERFORMANCE_RATINGS),
  notes: z.string(),
  created_at: z.string(),
});
export type StaffReview = z.infer<typeof staffReview>;

const page = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_MAX_PAGE).default(10),
};
const pagination = listPagination;

export const centreListQuery = z.object({ center_id: optionalCentre, ...page });
export const staffReviewsPage = z.object({ reviews: z.array(staffReview), pagination });

export const staffOverview = z.object({
  date: z.string(),
  total_staff: z.number().int(),
  present_count: z.number().int(),
  on_leave_count: z.number().int(),
  on_leave: z.array(z.object({ staff_id: z.string(), name: z.string() })),
  rating_spread: z.array(z.object({ overall_rating: z.enum(PERFORMANCE_RATINGS), count: z.number().int() })),
  reviews_due: z.array(
    z.object({ staff_id: z.string(), name: z.string(), role: z.string(), last_review: z.string().nullable() }),
  ),
  reviews_due_total: z.number().int(),
  /** Everyone who may be reviewed, for the review form's picker. */
  staff: z.array(z.object({ staff_id: z.string(), name: z.string(), role: z.string() })),
});
export type StaffOverview = z.infer<typeof staffOverview>;
export const centreQuery = z.object({ center_id: optionalCentre });

/* ---------- Calendar and tasks ---------- */

export const calendarEventInput = z.object({
  center_id: optionalCentre,
  title: safeString({ error: DIRECTOR_MESSAGES.titleRequired })
    .trim()
    .min(1, DIRECTOR_MESSAGES.titleRequired)
    .max(120, DIRECTOR_MESSAGES.titleTooLong),
  event_date: dateField(DIRECTOR_MESSAGES.eventDateRequired),
  kind: z.enum(CALENDAR_EVENT_KINDS, { error: DIRECTOR_MESSAGES.kindRequired }),
});
export type CalendarEventInput = z.output<typeof calendarEventInput>;

export const calendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  event_date: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  created_at: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;
export const calendarPage = z.object({ events: z.array(calendarEvent), pagination });

export const tasksPage = z.object({ tasks: z.array(upcomingTask), pagination });
export type TasksPage = z.infer<typeof tasksPage>;
