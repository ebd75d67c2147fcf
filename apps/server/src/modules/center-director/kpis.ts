import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import {
  KPI_METRIC_NAMES,
  KPI_METRICS,
  type Kpi,
  type KpiMetricName,
  type KpiTargetInput,
  kpiStatus,
} from "@sprout/shared/schemas/center-director";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { kpiMeasurements, kpiTargets } from "../../db/schema/center-director.ts";
import { centers } from "../../db/schema/organisations.ts";
import { intlFor } from "../../i18n/intl.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { createDutyService, type DutyService } from "../attendance/duty.ts";
import { centreDay } from "../attendance/time.ts";
import { resolveCentre } from "./centres.ts";
import {
  addDays,
  type Centre,
  childrenPresent,
  enquiryFunnel,
  enrolment,
  feedbackFigures,
  incidentFigures,
  monthCollections,
} from "./figures.ts";
import { assert, mayManageOperations } from "./policy.ts";

/** The catalogue's words for each metric; `KPI_METRICS[name].label` is their English. */
const KPI_LABEL_IDS: Record<KpiMetricName, MessageId> = {
  occupancy: "centerDirector.server.kpiOccupancy",
  attendance_rate: "centerDirector.server.kpiAttendanceRate",
  collection_rate: "centerDirector.server.kpiCollectionRate",
  enquiry_conversion: "centerDirector.server.kpiEnquiryConversion",
  incidents_this_month: "centerDirector.server.kpiIncidentsThisMonth",
  staff_attendance: "centerDirector.server.kpiStaffAttendance",
  parent_rating: "centerDirector.server.kpiParentRating",
};

/** Days of history behind each KPI's trend line. */
const HISTORY_DAYS = 30;
const round = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => round((part / whole) * 100);

/**
 * Today's value of every KPI that has one at a centre. A rate with nothing to divide by (no
 * invoices this month, no enquiries in 90 days, no feedback) is left out rather than shown as 0.
 */
export async function computeKpis(
  db: Database,
  board: DutyService["board"],
  centre: Centre,
  now: Date,
): Promise<Partial<Record<KpiMetricName, number>>> {
  const today = centreDay(centre.timeZone, now);
  const ninetyDaysAgo = new Date(now.getTime() - 90 * 86_400_000);
  const [children, present, money, funnel, incidents, staff, feedback] = await Promise.all([
    enrolment(db, centre.id),
    childrenPresent(db, centre.id, today),
    monthCollections(db, centre.id, today),
    enquiryFunnel(db, centre.id, today),
    incidentFigures(db, centre, today),
    board(centre.id, today, now),
    feedbackFigures(db, centre.id, ninetyDaysAgo),
  ]);
  const expectedStaff = staff.list.length - staff.onLeaveCount;
  const values: Partial<Record<KpiMetricName, number>> = {
    occupancy: centre.capacity > 0 ? percent(children.enrolled, centre.capacity) : undefined,
    // Of the children expected today: a paused child is enrolled but not expected in.
    attendance_rate: children.active > 0 ? percent(present, children.active) : undefined,
    collection_rate: money.invoicedPaise > 0 ? percent(money.paidPaise, money.invoicedPaise) : undefined,
    enquiry_conversion: funnel.total > 0 ? percent(funnel.converted, funnel.total) : undefined,
    incidents_this_month: incidents.thisMonth,
    staff_attendance:
      expectedStaff > 0 ? percent(Math.min(staff.presentCount, expectedStaff), expectedStaff) : undefined,
    parent_rating: feedback.average === null ? undefined : round(feedback.average),
  };
  for (const key of KPI_METRIC_NAMES) if (values[key] === undefined) delete values[key];
  return values;
}

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  board: DutyService["board"];
}

export function createKpiService({ db, clock, realtime, board }: Deps) {
  /** Computes today's values and keeps them (one row per centre, metric and day). */
  async function measure(centre: Centre) {
    const now = clock.now();
    const day = centreDay(centre.timeZone, now);
    const values = await computeKpis(db, board, centre, now);
    const rows = Object.entries(values).map(([metricName, metricValue]) => ({
      centerId: centre.id,
      metricName: metricName as KpiMetricName,
      metricValue: metricValue as number,
      measurementDate: day,
      computedAt: now,
    }));
    if (rows.length > 0) {
      await db
        .insert(kpiMeasurements)
        .values(rows)
        .onConflictDoUpdate({
          target: [kpiMeasurements.centerId, kpiMeasurements.metricName, kpiMeasurements.measurementDate],
          set: { metricValue: sql`excluded.metric_value`, computedAt: sql`excluded.computed_at` },
        });
    }
    // Open dashboards of the centre refetch their KPIs (the event names the metric, not the figures).
    for (const row of rows) {
      realtime.toCentreStaff(centre.id, "dashboard-update", { type: "kpi-update", metric_name: row.metricName });
    }
    return rows;
  }

  /** The latest measurement per metric, its target and status, and its last 30 days. */
  async function list(centre: Centre, today: string, language: Language = "en"): Promise<Kpi[]> {
    const intl = intlFor(language);
    const [history, targets] = await Promise.all([
      db
        .select({
          metricName: kpiMeasurements.metricName,
          value: kpiMeasurements.metricValue,
          date: kpiMeasurements.measurementDate,
        })
        .from(kpiMeasurements)
        .where(
          and(
            eq(kpiMeasurements.centerId, centre.id),
            gte(kpiMeasurements.measurementDate, addDays(today, -(HISTORY_DAYS - 1))),
          ),
        )
        .orderBy(asc(kpiMeasurements.measurementDate)),
      db.select().from(kpiTargets).where(eq(kpiTargets.centerId, centre.id)),
    ]);
    const targetOf = new Map(targets.map((row) => [row.metricName, row.targetValue]));
    const kpis: Kpi[] = [];
    for (const name of KPI_METRIC_NAMES) {
      const mine = history.filter((row) => row.metricName === name);
      const latest = mine[mine.length - 1];
      if (!latest) continue;
      const target = targetOf.get(name) ?? null;
      kpis.push({
        metric_name: name,
        label: intl.formatMessage({ id: KPI_LABEL_IDS[name] }),
        metric_value: latest.value,
        target_value: target,
        metric_unit: KPI_METRICS[name].unit,
        measurement_date: latest.date,
        category: KPI_METRICS[name].category,
        status: kpiStatus(name, latest.value, target),
        history: mine.map((row) => ({ date: row.date, value: row.value })),
      });
    }
    return kpis;
  }

  /** Measures today when nothing is kept for today yet (the first load of the day). */
  async function ensureToday(centre: Centre, today: string) {
    const [kept] = await db
      .select({ id: kpiMeasurements.id })
      .from(kpiMeasurements)
      .where(and(eq(kpiMeasurements.centerId, centre.id), eq(kpiMeasurements.measurementDate, today)))
      .limit(1);
    if (!kept) await measure(centre);
  }

  return {
    measure,
    list,
    ensureToday,

    async setTarget(caller: Caller, metric: KpiMetricName, input: KpiTargetInput) {
      assert(mayManageOperations(caller));
      const centre = await resolveCentre(db, caller, input.center_id);
      if (input.target_value === null) {
        await db.delete(kpiTargets).where(and(eq(kpiTargets.centerId, centre.id), eq(kpiTargets.metricName, metric)));
      } else {
        const row = { centerId: centre.id, metricName: metric, targetValue: input.target_value };
        await db
          .insert(kpiTargets)
          .values({ ...row, setBy: caller.userId, updatedAt: clock.now() })
          .onConflictDoUpdate({
            target: [kpiTargets.centerId, kpiTargets.metricName],
            set: { targetValue: input.target_value, setBy: caller.userId, updatedAt: clock.now() },
          });
      }
      // Open dashboards refetch the KPI's status against its new target.
      realtime.toCentreStaff(centre.id, "dashboard-update", { type: "kpi-update", metric_name: metric });
      return { metric_name: metric, target_value: input.target_value };
    },
  };
}
export type KpiService = ReturnType<typeof createKpiService>;

/**
 * Every active centre's KPIs for today, by one instance at a time (the advisory lock of
 * jobs/lock.ts). Run hourly: today's row per metric is kept up to date, and yesterday's last
 * value stays as that day's history.
 */
export async function runCentreKpis(db: Database, clock: Clock, realtime: RealtimePublisher) {
  // Events wait until the transaction commits: a dashboard refetching on `dashboard-update` before
  // then would read yesterday's (or no) values, and a rolled-back run must announce nothing.
  const { publisher, flush } = afterCommit(realtime);
  const outcome = await runExclusive(db, JOB_LOCKS.centreKpis, async (tx) => {
    const kpis = createKpiService({
      db: tx,
      clock,
      realtime: publisher,
      board: createDutyService({ db: tx, clock, realtime: publisher }).board,
    });
    const all = await tx
      .select({ id: centers.id, name: centers.name, capacity: centers.capacity, timeZone: centers.timeZone })
      .from(centers)
      .where(eq(centers.isActive, true))
      .orderBy(asc(centers.id));
    for (const centre of all) await kpis.measure(centre);
    return all.length;
  });
  if (!outcome) return { ran: false as const, centres: 0 };
  flush();
  return { ran: true as const, centres: outcome.result };
}

/** A publisher that holds every event until `flush`, for work inside a transaction. */
function afterCommit(realtime: RealtimePublisher) {
  const held: (() => void)[] = [];
  const publisher: RealtimePublisher = {
    toCentreStaff: (...args) => void held.push(() => realtime.toCentreStaff(...args)),
    toCentreFamilies: (...args) => void held.push(() => realtime.toCentreFamilies(...args)),
    toUsers: (...args) => void held.push(() => realtime.toUsers(...args)),
    toChildReaders: (...args) => void held.push(() => realtime.toChildReaders(...args)),
  };
  const flush = () => {
    for (const send of held.splice(0)) send();
  };
  return { publisher, flush };
}
