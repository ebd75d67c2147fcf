import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { IncidentCounts, IncidentsPage, incidentsQuery } from "@sprout/shared/schemas/incidents";
import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Caller, readableChildren, type Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { incidentChildren, incidents } from "../../db/schema/incidents.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { assertMayManage, assertMayReport } from "./policy.ts";
import { toListItem } from "./presenter.ts";
import type { IncidentQueries } from "./queries.ts";

/**
 * The reports a caller reads beyond their centres: a teacher only those naming a child of her
 * classrooms and those she filed herself (ADR 0046); everyone else no further limit.
 */
export function readableReports(db: Database, caller: Caller, scope: Scope): SQL | undefined {
  if (!scope.classroomIds) return undefined;
  const aboutTheirChildren = db
    .select({ id: incidentChildren.incidentId })
    .from(incidentChildren)
    .innerJoin(students, eq(students.id, incidentChildren.studentId))
    .where(readableChildren(scope));
  return or(eq(incidents.reportedBy, caller.userId), inArray(incidents.id, aboutTheirChildren));
}

/** The staff list of reports, a page at a time, and the director dashboard's counts. */
export function createIncidentLists({ db, clock, queries }: { db: Database; clock: Clock; queries: IncidentQueries }) {
  async function listReports(caller: Caller, query: z.output<typeof incidentsQuery>): Promise<IncidentsPage> {
    assertMayReport(caller);
    const scope = await caller.scope();
    if (query.center_id && !scope.centerIds.includes(query.center_id)) throw notFound("Center");
    const centres = query.center_id ? [query.center_id] : scope.centerIds;
    const pagination = { current_page: query.page, total_pages: 0, total_items: 0, items_per_page: query.limit };
    if (centres.length === 0) return { incidents: [], pagination };
    const conditions: SQL[] = [inArray(incidents.centerId, centres)];
    const readable = readableReports(db, caller, scope);
    if (readable) conditions.push(readable);
    if (query.status) conditions.push(eq(incidents.status, query.status));
    if (query.severity) conditions.push(eq(incidents.severity, query.severity));
    // Dates are calendar days at the centre.
    if (query.from)
      conditions.push(
        gte(incidents.occurredAt, sql`(${query.from}::date)::timestamp at time zone ${DEFAULT_TIME_ZONE}`),
      );
    if (query.to)
      conditions.push(
        lt(incidents.occurredAt, sql`(${query.to}::date + 1)::timestamp at time zone ${DEFAULT_TIME_ZONE}`),
      );
    if (query.child_id)
      conditions.push(
        inArray(
          incidents.id,
          db
            .select({ id: incidentChildren.incidentId })
            .from(incidentChildren)
            .where(eq(incidentChildren.studentId, query.child_id)),
        ),
      );
    const where = and(...conditions);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(incidents).where(where);
    const rows = (
      await queries
        .selectReports()
        .where(where)
        .orderBy(desc(incidents.occurredAt), desc(incidents.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
    ).map(queries.toRow);
    const ids = rows.map((row) => row.id);
    const [children, photos, acknowledgements] = await Promise.all([
      queries.childrenOf(ids),
      queries.photosOf(ids),
      queries.acknowledgementsOf(ids),
    ]);
    return {
      incidents: rows.map((row) =>
        toListItem(
          row,
          children.get(row.id) ?? [],
          photos.get(row.id)?.length ?? 0,
          acknowledgements.get(row.id) ?? [],
        ),
      ),
      pagination: { ...pagination, total_items: total, total_pages: Math.ceil(total / query.limit) },
    };
  }

  /** The director dashboard's three counts, in one grouped statement. */
  async function countReports(caller: Caller, centerId?: string): Promise<IncidentCounts> {
    assertMayManage(caller);
    const scope = await caller.scope();
    if (centerId && !scope.centerIds.includes(centerId)) throw notFound("Center");
    const centres = centerId ? [centerId] : scope.centerIds;
    if (centres.length === 0) return { this_month: 0, pending: 0, critical: 0 };
    const monthStart = sql`date_trunc('month', (${clock.now().toISOString()}::timestamptz) at time zone ${DEFAULT_TIME_ZONE}) at time zone ${DEFAULT_TIME_ZONE}`;
    const [row] = await db
      .select({
        thisMonth: sql<number>`count(*) filter (where ${incidents.occurredAt} >= ${monthStart})::int`,
        pending: sql<number>`count(*) filter (where ${incidents.status} <> 'resolved')::int`,
        critical: sql<number>`count(*) filter (where ${incidents.severity} = 'critical')::int`,
      })
      .from(incidents)
      .where(inArray(incidents.centerId, centres));
    return { this_month: row?.thisMonth ?? 0, pending: row?.pending ?? 0, critical: row?.critical ?? 0 };
  }

  return {
    list: listReports,
    counts: countReports,
  };
}
