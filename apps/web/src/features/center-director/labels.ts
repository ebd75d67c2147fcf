import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Role } from "@sprout/shared/roles";
import type { KpiMetricName, PerformanceRating, TASK_PRIORITIES } from "@sprout/shared/schemas/center-director";
import type { Say } from "../../i18n/useSay";

/** A performance rating as the reader says it. */
export const RATING_LABELS: Record<PerformanceRating, MessageId> = {
  outstanding: "centerDirector.ratingOutstanding",
  exceeds_expectations: "centerDirector.ratingExceedsExpectations",
  meets_expectations: "centerDirector.ratingMeetsExpectations",
  below_expectations: "centerDirector.ratingBelowExpectations",
  unsatisfactory: "centerDirector.ratingUnsatisfactory",
};

/** A KPI's name as the reader says it (the server's `label` is its English). */
export const KPI_NAME_LABELS: Record<KpiMetricName, MessageId> = {
  occupancy: "centerDirector.kpiNameOccupancy",
  attendance_rate: "centerDirector.kpiNameAttendanceRate",
  collection_rate: "centerDirector.kpiNameCollectionRate",
  enquiry_conversion: "centerDirector.kpiNameEnquiryConversion",
  incidents_this_month: "centerDirector.kpiNameIncidentsThisMonth",
  staff_attendance: "centerDirector.kpiNameStaffAttendance",
  parent_rating: "centerDirector.kpiNameParentRating",
};

/** A task's priority as the reader says it. */
export const PRIORITY_LABELS: Record<(typeof TASK_PRIORITIES)[number], MessageId> = {
  High: "centerDirector.priorityHigh",
  Medium: "centerDirector.priorityMedium",
  Low: "centerDirector.priorityLow",
};

/** An incident's or an alert's severity as the reader says it (the English is the stored value). */
export const SEVERITY_LABELS: Record<"low" | "medium" | "high" | "critical", MessageId> = {
  low: "centerDirector.severityLow",
  medium: "centerDirector.severityMedium",
  high: "centerDirector.severityHigh",
  critical: "centerDirector.severityCritical",
};

/** An incident's status as the reader says it. */
export const INCIDENT_STATUS_LABELS: Record<"open" | "resolved", MessageId> = {
  open: "centerDirector.incidentOpen",
  resolved: "centerDirector.incidentResolved",
};

/** A member of staff's role on the staff overview, as the reader says it ("academic coordinator"). */
const STAFF_ROLE_LABELS: Record<Role, MessageId> = {
  super_admin: "centerDirector.staffRoleSuperAdmin",
  owner: "centerDirector.staffRoleOwner",
  financial_manager: "centerDirector.staffRoleFinancialManager",
  center_director: "centerDirector.staffRoleCenterDirector",
  admin: "centerDirector.staffRoleAdmin",
  academic_coordinator: "centerDirector.staffRoleAcademicCoordinator",
  teacher: "centerDirector.staffRoleTeacher",
  parent: "centerDirector.staffRoleParent",
};

export function staffRole(say: Say, role: string): string {
  const id = STAFF_ROLE_LABELS[role as Role];
  return id ? say(id) : role.replaceAll("_", " ");
}
