import type { CalendarEvent, StaffReview } from "@sprout/shared/schemas/center-director";
import type { centreCalendarEvents, staffReviews } from "../../db/schema/center-director.ts";

type EventRow = typeof centreCalendarEvents.$inferSelect;
type ReviewRow = typeof staffReviews.$inferSelect;

export function toCalendarEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    event_date: row.eventDate,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
  };
}

export function toStaffReview(row: ReviewRow & { staffName: string; reviewerName: string }): StaffReview {
  return {
    id: row.id,
    staff_id: row.staffId,
    staff_name: row.staffName,
    reviewer_name: row.reviewerName,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    overall_rating: row.overallRating,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

export function paginationOf(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** Percentages on the cards: one decimal, 0 when there is nothing to divide by. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
