import type {
  AccessLogFilters,
  accessLogQuery,
  CentreAccessPage,
  ChildAccessPage,
} from "@sprout/shared/schemas/privacy";
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { childRecordViews } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { notFound } from "../../lib/errors.ts";
import type { AccessLogWriter } from "./access-log.ts";
import { assert, assertOwnChild, isFamily, mayReadCentreLog } from "./policy.ts";
import { toCentreEntry, toParentEntry, type ViewRow } from "./presenter.ts";

const childName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;
const columns = {
  id: childRecordViews.id,
  viewerId: childRecordViews.viewerId,
  viewerRole: childRecordViews.viewerRole,
  staffName: users.fullName,
  kind: childRecordViews.kind,
  viewedAt: childRecordViews.viewedAt,
  studentId: childRecordViews.studentId,
  childName,
  screen: childRecordViews.screen,
};

const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
});

/** Who read a child's record: a family for its own children, leaders for their centres. */
export function createAccessLogReads({ db, writer }: { db: Database; writer: AccessLogWriter }) {
  async function page(where: SQL, query: { page: number; limit: number }) {
    // This instance's queued reads are written first, so a reader sees what was just read.
    await writer.flush();
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(childRecordViews)
        .innerJoin(users, eq(users.id, childRecordViews.viewerId))
        .innerJoin(students, eq(students.id, childRecordViews.studentId))
        .where(where)
        .orderBy(desc(childRecordViews.viewedAt), desc(childRecordViews.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: count() }).from(childRecordViews).where(where),
    ]);
    return { rows: rows as ViewRow[], total: total?.total ?? 0 };
  }

  return {
    /** "Who viewed <child>'s records", for that child's own family. */
    async forChild(caller: Caller, childId: string, query: { page: number; limit: number }): Promise<ChildAccessPage> {
      assert(isFamily(caller));
      assertOwnChild(await caller.scope(), childId);
      const { rows, total } = await page(eq(childRecordViews.studentId, childId), query);
      return { entries: rows.map(toParentEntry), pagination: pagination(query.page, query.limit, total) };
    },

    /** The caller's centres' log, by staff member and by child. */
    async forCentres(caller: Caller, query: z.output<typeof accessLogQuery>): Promise<CentreAccessPage> {
      assert(mayReadCentreLog(caller));
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) throw notFound("Centre");
      const conditions: SQL[] = [inArray(childRecordViews.centerId, scope.centerIds)];
      if (query.child_id) conditions.push(eq(childRecordViews.studentId, query.child_id));
      if (query.staff_id) conditions.push(eq(childRecordViews.viewerId, query.staff_id));
      const { rows, total } = await page(and(...conditions)!, query);
      return { entries: rows.map(toCentreEntry), pagination: pagination(query.page, query.limit, total) };
    },

    /** The filters' choices: the centres' staff and children (first 100 of each by name). */
    async filters(caller: Caller): Promise<AccessLogFilters> {
      assert(mayReadCentreLog(caller));
      const scope = await caller.scope();
      if (scope.centerIds.length === 0) return { staff: [], children: [] };
      const [staff, children] = await Promise.all([
        db
          .select({ id: users.id, name: users.fullName, role: users.role })
          .from(users)
          .where(and(inArray(users.centerId, scope.centerIds), ne(users.role, "parent")))
          .orderBy(asc(users.fullName), asc(users.id))
          .limit(100),
        db
          .select({ id: students.id, name: childName })
          .from(students)
          .where(inArray(students.centerId, scope.centerIds))
          .orderBy(asc(students.firstName), asc(students.lastName), asc(students.id))
          .limit(100),
      ]);
      return { staff, children };
    },
  };
}
export type AccessLogReads = ReturnType<typeof createAccessLogReads>;
