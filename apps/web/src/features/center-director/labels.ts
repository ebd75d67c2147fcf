import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { PerformanceRating, TASK_PRIORITIES } from "@sprout/shared/schemas/center-director";

/** A performance rating as the reader says it. */
export const RATING_LABELS: Record<PerformanceRating, MessageId> = {
  outstanding: "centerDirector.ratingOutstanding",
  exceeds_expectations: "centerDirector.ratingExceedsExpectations",
  meets_expectations: "centerDirector.ratingMeetsExpectations",
  below_expectations: "centerDirector.ratingBelowExpectations",
  unsatisfactory: "centerDirector.ratingUnsatisfactory",
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
