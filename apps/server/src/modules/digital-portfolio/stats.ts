import { type CenterStats, PORTFOLIO_ACTIVITY_DAYS, PORTFOLIO_TOP } from "@sprout/shared/schemas/digital-portfolio";
import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import { childName, readableItems } from "./access.ts";
import { seesWholeCentre } from "./policy.ts";

const TEACHER_CHART = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

const EMPTY: CenterStats = {
  overall: {
    total_items: 0,
    images: 0,
    videos: 0,
    children_with_portfolios: 0,
    active_teachers: 0,
    favorites: 0,
    total_size: 0,
    first_upload: null,
    latest_upload: null,
  },
  recentActivity: [],
  topChildren: [],
  activeTeachers: [],
  teacherUploads: [],
};

/** The admin portfolio dashboard's figures (spec 3), over the photos the caller may see. */
export function createPortfolioStats({ db, clock }: { db: Database; clock: Clock }) {
  /** The last 7 days at the caller's centre (its time zone decides where a day starts). */
  async function lastDays(centerIds: string[], callerCentre: string | null) {
    const [centre] = await db
      .select({ timeZone: centers.timeZone })
      .from(centers)
      .where(inArray(centers.id, callerCentre ? [callerCentre] : centerIds))
      .limit(1);
    const timeZone = centre?.timeZone ?? "Asia/Kolkata";
    const now = clock.now();
    const days = Array.from({ length: PORTFOLIO_ACTIVITY_DAYS }, (_, index) =>
      centreDay(timeZone, new Date(now.getTime() - (PORTFOLIO_ACTIVITY_DAYS - 1 - index) * DAY_MS)),
    );
    return { timeZone, days };
  }

  return {
    async centre(caller: Caller): Promise<CenterStats> {
      if (!seesWholeCentre(caller)) throw forbidden();
      const access = await readableItems(caller);
      if (!access) return EMPTY;
      const where = access.where;
      const [overall] = await db
        .select({
          total_items: count(),
          images: sql<number>`count(*) filter (where ${portfolioItems.mediaType} = 'image')::int`,
          videos: sql<number>`count(*) filter (where ${portfolioItems.mediaType} = 'video')::int`,
          children_with_portfolios: sql<number>`count(distinct ${portfolioItems.studentId})::int`,
          active_teachers: sql<number>`count(distinct ${portfolioItems.uploadedBy})::int`,
          favorites: sql<number>`count(*) filter (where ${portfolioItems.isFavorite})::int`,
          total_size: sql<number>`coalesce(sum(${portfolioItems.sizeBytes}), 0)::bigint`,
          first_upload: sql<Date | null>`min(${portfolioItems.createdAt})`,
          latest_upload: sql<Date | null>`max(${portfolioItems.createdAt})`,
        })
        .from(portfolioItems)
        .where(where);

      const scope = await caller.scope();
      const { timeZone, days } = await lastDays(scope.centerIds, caller.centerId);
      const day = sql<string>`to_char(${portfolioItems.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const activity = await db
        .select({ day, total: count() })
        .from(portfolioItems)
        .where(and(where, gte(portfolioItems.createdAt, new Date(clock.now().getTime() - (days.length + 1) * DAY_MS))))
        // By position: the time zone is a parameter, so the expression would not match itself.
        .groupBy(sql`1`);

      const topChildren = await db
        .select({
          child_id: portfolioItems.studentId,
          child_name: sql<string>`min(${childName})`,
          total_items: count(),
          favorites: sql<number>`count(*) filter (where ${portfolioItems.isFavorite})::int`,
        })
        .from(portfolioItems)
        .innerJoin(students, eq(students.id, portfolioItems.studentId))
        .where(where)
        .groupBy(portfolioItems.studentId)
        .orderBy(desc(count()), portfolioItems.studentId)
        .limit(PORTFOLIO_TOP);

      const teachers = await db
        .select({
          teacher_id: users.id,
          teacher_name: sql<string>`min(${users.fullName})`,
          total_uploads: count(),
          latest_upload: sql<Date | null>`max(${portfolioItems.createdAt})`,
        })
        .from(portfolioItems)
        .innerJoin(users, eq(users.id, portfolioItems.uploadedBy))
        .where(where)
        .groupBy(users.id)
        .orderBy(desc(count()), users.id)
        .limit(TEACHER_CHART);
      const top = teachers.slice(0, PORTFOLIO_TOP);
      const marked = top.length
        ? await db
            .select({ id: portfolioItems.favoritedBy, total: count() })
            .from(portfolioItems)
            .where(
              and(
                where,
                inArray(
                  portfolioItems.favoritedBy,
                  top.map((teacher) => teacher.teacher_id),
                ),
              ),
            )
            .groupBy(portfolioItems.favoritedBy)
        : [];

      const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
      return {
        overall: {
          ...overall!,
          total_size: Number(overall!.total_size),
          first_upload: iso(overall!.first_upload),
          latest_upload: iso(overall!.latest_upload),
        },
        recentActivity: days.map((date) => ({
          upload_date: date,
          items_count: activity.find((row) => row.day === date)?.total ?? 0,
        })),
        topChildren,
        activeTeachers: top.map((teacher) => ({
          ...teacher,
          latest_upload: iso(teacher.latest_upload),
          favorites_marked: marked.find((row) => row.id === teacher.teacher_id)?.total ?? 0,
        })),
        teacherUploads: teachers.map(({ teacher_id, teacher_name, total_uploads }) => ({
          teacher_id,
          teacher_name,
          total_uploads,
        })),
      };
    },
  };
}
export type PortfolioStats = ReturnType<typeof createPortfolioStats>;
