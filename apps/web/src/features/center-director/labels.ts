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
