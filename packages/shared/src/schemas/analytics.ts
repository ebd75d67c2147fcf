import { z } from "zod";
import { english } from "../i18n/english.ts";

export const overviewResponse = z.object({
  total_students: z.number().int(),
  total_classrooms: z.number().int(),
  open_enquiries: z.number().int(),
  /** Staff records marked active at the caller's centres (the Staff list's Active filter). */
  total_staff: z.number().int(),
  /**
   * Invoices with status Pending: the count the Billing list shows under the Pending filter.
   * Only roles that work with billing get the invoice counts.
   */
  pending_invoices: z.number().int().optional(),
  /** Invoices with status Overdue, counted apart so each number matches its filtered list. */
  overdue_invoices: z.number().int().optional(),
});
export type Overview = z.infer<typeof overviewResponse>;

/** Which centre a figure is for; absent means every centre the caller sees. */
export const centreFilter = z.object({ center_id: z.uuid({ error: english("dashboard.centerNotFound") }).optional() });

export const monthFigures = z.object({
  /** YYYY-MM */
  month: z.string(),
  invoiced: z.number(),
  received: z.number(),
});

/** Money in rupees. "Received" is payments by their payment date; "invoiced" is invoices by issue date, not cancelled. */
export const financialOverview = z.object({
  month: z.string(),
  received_this_month: z.number(),
  invoiced_this_month: z.number(),
  received_last_month: z.number(),
  /** What Pending and Overdue invoices still owe. */
  outstanding: z.number(),
  overdue: z.number(),
  /** Received this month as a percentage of invoiced this month; null with nothing invoiced. */
  collection_rate: z.number().nullable(),
  /** The last six months, oldest first. */
  months: z.array(monthFigures),
});
export type FinancialOverview = z.infer<typeof financialOverview>;

export const comparedCentre = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  capacity: z.number().int(),
  student_count: z.number().int(),
  staff_count: z.number().int(),
  classroom_count: z.number().int(),
  /** Enrolled (active and paused) children as a percentage of capacity. */
  occupancy: z.number(),
  open_enquiries: z.number().int(),
  children_in_now: z.number().int(),
  /** Rooms whose children in need more staff than are clocked in right now. */
  rooms_out_of_ratio: z.number().int(),
  /** Only for roles that see money. */
  received_this_month: z.number().optional(),
  outstanding: z.number().optional(),
});
export type ComparedCentre = z.infer<typeof comparedCentre>;
export const centerComparison = z.object({ centers: z.array(comparedCentre) });
export type CenterComparison = z.infer<typeof centerComparison>;

export const INSIGHT_SEVERITIES = ["info", "warning", "error"] as const;
export const insight = z.object({
  key: z.string(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(INSIGHT_SEVERITIES),
  /** The page that deals with it. */
  link: z.string(),
});
export type Insight = z.infer<typeof insight>;
export const insightsResponse = z.object({ insights: z.array(insight) });

/** The spec's owner insight thresholds and the ones computed from data. */
export const INSIGHT_RULES = {
  highEnquiryVolume: 10,
  outstandingPayments: 0,
  lowOccupancyPercent: 70,
} as const;

/* ---------- Teacher and coordinator homes ---------- */

export const teacherRoom = z.object({
  id: z.string(),
  name: z.string(),
  /** Active children of the room: those expected in today (paused ones are not). */
  expected: z.number().int(),
  children_in: z.number().int(),
  absent: z.number().int(),
  staff_in: z.number().int(),
  staff_required: z.number().int(),
  in_ratio: z.boolean(),
});

export const healthWatch = z.object({
  child_id: z.string(),
  child_name: z.string(),
  classroom_name: z.string(),
  allergies: z.array(z.string()),
  /** Medications with a standing consent covering today, and whether today's dose is logged. */
  medications: z.array(
    z.object({ id: z.string(), name: z.string(), dose: z.string(), schedule: z.string(), given_today: z.boolean() }),
  ),
});

export const teacherHome = z.object({
  date: z.string(),
  classrooms: z.array(teacherRoom),
  health: z.array(healthWatch),
  unread_messages: z.number().int(),
});
export type TeacherHome = z.infer<typeof teacherHome>;

export const coordinatorHome = z.object({
  date: z.string(),
  classrooms: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      center_name: z.string(),
      enrolled: z.number().int(),
      children_in: z.number().int(),
      teachers: z.number().int(),
      has_plan_today: z.boolean(),
    }),
  ),
  plans_today: z.array(z.object({ id: z.string(), classroom_name: z.string(), topic: z.string() })),
  /** Assignments due from today for the next week, soonest first. */
  assignments_due: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      classroom_name: z.string(),
      due_date: z.string(),
      submissions: z.number().int(),
    }),
  ),
});
export type CoordinatorHome = z.infer<typeof coordinatorHome>;
