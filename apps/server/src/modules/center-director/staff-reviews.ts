import { english } from "@sprout/shared/i18n/english";
import {
  DIRECTOR_MESSAGES,
  PERFORMANCE_RATINGS,
  type PerformanceRating,
  REVIEW_DUE_MONTHS,
  type StaffOverview,
  type StaffReviewInput,
} from "@sprout/shared/schemas/center-director";
import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { staffReviews } from "../../db/schema/center-director.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { DutyService } from "../attendance/duty.ts";
import { centreDay } from "../attendance/time.ts";
import { resolveCentre } from "./centres.ts";
import { assert, mayReviewStaff, mayViewDashboard } from "./policy.ts";
import { paginationOf, toStaffReview } from "./presenter.ts";

/** The reviews-due list is bounded; its total says how many more there are. */
const DUE_SHOWN = 50;

/** The first day of the window: a review created on or after it counts as recent. */
export function reviewDueSince(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - REVIEW_DUE_MONTHS);
  return date.toISOString().slice(0, 10);
}

/** Each member of staff's latest review only: the rating spread counts people, not reviews. */
export async function ratingSpread(db: Database, centerId: string) {
  const latest = db
    .selectDistinctOn([staffReviews.staffId], { staffId: staffReviews.staffId, rating: staffReviews.overallRating })
    .from(staffReviews)
    .innerJoin(staff, eq(staff.id, staffReviews.staffId))
    .where(and(eq(staffReviews.centerId, centerId), eq(staff.activeStatus, true)))
    .orderBy(staffReviews.staffId, desc(staffReviews.periodEnd), desc(staffReviews.createdAt))
    .as("latest");
  const rows = await db.select({ rating: latest.rating, n: count() }).from(latest).groupBy(latest.rating);
  const counts = new Map(rows.map((row) => [row.rating as PerformanceRating, row.n]));
  return PERFORMANCE_RATINGS.map((rating) => ({ overall_rating: rating, count: counts.get(rating) ?? 0 }));
}

const reviewerName = sql<string>`(select ${users.fullName} from ${users} where ${users.id} = ${staffReviews.reviewerId})`;
const staffName = sql<string>`${staff.firstName} || ' ' || ${staff.lastName}`;

export function createStaffReviewsService({
  db,
  clock,
  board,
}: {
  db: Database;
  clock: Clock;
  board: DutyService["board"];
}) {
  return {
    async create(caller: Caller, input: StaffReviewInput) {
      assert(mayReviewStaff(caller));
      const [member] = await db
        .select({ id: staff.id, centerId: staff.centerId, userId: staff.userId, active: staff.activeStatus })
        .from(staff)
        .where(eq(staff.id, input.staff_id));
      const scope = await caller.scope();
      if (!member || !scope.centerIds.includes(member.centerId)) throw notFound("Staff member");
      if (member.userId === caller.userId)
        throw badRequest(english("server.cannotReviewYourself"), { staff_id: english("server.cannotReviewYourself") });
      const centre = await resolveCentre(db, caller, member.centerId);
      if (input.period_end > centreDay(centre.timeZone, clock.now())) {
        throw badRequest(DIRECTOR_MESSAGES.periodFuture, { period_end: DIRECTOR_MESSAGES.periodFuture });
      }
      const [row] = await db
        .insert(staffReviews)
        .values({
          centerId: member.centerId,
          staffId: member.id,
          reviewerId: caller.userId,
          periodStart: input.period_start,
          periodEnd: input.period_end,
          overallRating: input.overall_rating,
          notes: input.notes,
          createdAt: clock.now(),
        })
        .returning({ id: staffReviews.id });
      const [saved] = await db
        .select({ review: staffReviews, staffName, reviewerName })
        .from(staffReviews)
        .innerJoin(staff, eq(staff.id, staffReviews.staffId))
        .where(eq(staffReviews.id, row!.id));
      return toStaffReview({ ...saved!.review, staffName: saved!.staffName, reviewerName: saved!.reviewerName });
    },

    async list(caller: Caller, query: { center_id?: string; page: number; limit: number }) {
      assert(mayViewDashboard(caller));
      const centre = await resolveCentre(db, caller, query.center_id);
      const where = eq(staffReviews.centerId, centre.id);
      const [rows, [total]] = await Promise.all([
        db
          .select({ review: staffReviews, staffName, reviewerName })
          .from(staffReviews)
          .innerJoin(staff, eq(staff.id, staffReviews.staffId))
          .where(where)
          .orderBy(desc(staffReviews.createdAt), asc(staffReviews.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(staffReviews).where(where),
      ]);
      return {
        reviews: rows.map((row) =>
          toStaffReview({ ...row.review, staffName: row.staffName, reviewerName: row.reviewerName }),
        ),
        pagination: paginationOf(query.page, query.limit, total?.n ?? 0),
      };
    },

    /** Who is in and on leave today, the rating spread, and who is due a review. */
    async overview(caller: Caller, query: { center_id?: string }): Promise<StaffOverview> {
      assert(mayViewDashboard(caller));
      const centre = await resolveCentre(db, caller, query.center_id);
      const now = clock.now();
      const today = centreDay(centre.timeZone, now);
      const lastReview = sql<
        string | null
      >`(select max(${staffReviews.createdAt})::date::text from ${staffReviews} where ${staffReviews.staffId} = ${staff.id})`;
      const dueWhere = and(
        eq(staff.centerId, centre.id),
        eq(staff.activeStatus, true),
        ne(staff.userId, caller.userId),
        sql`not exists (select 1 from ${staffReviews} where ${staffReviews.staffId} = ${staff.id} and ${staffReviews.createdAt} >= ${reviewDueSince(today)}::date)`,
      );
      const [figures, spread, due, [dueTotal], people] = await Promise.all([
        board(centre.id, today, now),
        ratingSpread(db, centre.id),
        db
          .select({ id: staff.id, name: staffName, role: staff.role, lastReview })
          .from(staff)
          .where(dueWhere)
          .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id))
          .limit(DUE_SHOWN),
        db.select({ n: count() }).from(staff).where(dueWhere),
        db
          .select({ id: staff.id, userId: staff.userId, name: staffName, role: staff.role })
          .from(staff)
          .where(and(eq(staff.centerId, centre.id), eq(staff.activeStatus, true)))
          .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id))
          .limit(500),
      ]);
      const staffIdOf = new Map(people.map((person) => [person.userId, person.id]));
      return {
        date: today,
        total_staff: figures.list.length,
        present_count: figures.presentCount,
        on_leave_count: figures.onLeaveCount,
        on_leave: figures.list
          .filter((person) => person.status === "on_leave")
          .map((person) => ({ staff_id: staffIdOf.get(person.user_id) ?? person.user_id, name: person.name })),
        rating_spread: spread,
        reviews_due: due.map((row) => ({
          staff_id: row.id,
          name: row.name,
          role: row.role,
          last_review: row.lastReview,
        })),
        reviews_due_total: dueTotal?.n ?? 0,
        staff: people
          .filter((person) => person.userId !== caller.userId)
          .map((person) => ({ staff_id: person.id, name: person.name, role: person.role })),
      };
    },
  };
}
export type StaffReviewsService = ReturnType<typeof createStaffReviewsService>;
