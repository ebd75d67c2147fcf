import type { Language } from "@sprout/shared/i18n/languages";
import { DEFAULT_MONTHLY_BUDGET_RUPEES, fiscalYearOf, fiscalYearStart } from "@sprout/shared/schemas/budget";
import {
  DEFAULT_DIRECTOR_BUDGET_LIMIT,
  type DirectorDashboard,
  TASKS_ON_CARD,
} from "@sprout/shared/schemas/center-director";
import { and, count, eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { staff } from "../../db/schema/staff.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { Clock } from "../../lib/clock.ts";
import { toRupees } from "../../lib/money.ts";
import type { DutyService } from "../attendance/duty.ts";
import { centreDay } from "../attendance/time.ts";
import { budgetRemaining } from "../budget/remaining.ts";
import type { CalendarService } from "./calendar.ts";
import { resolveCentre } from "./centres.ts";
import { budgetFigures, enrolment, feedbackFigures, incidentFigures } from "./figures.ts";
import type { KpiService } from "./kpis.ts";
import { liveUpdates } from "./live-updates.ts";
import { assert, mayChooseCentre, mayManageOperations, mayViewDashboard } from "./policy.ts";
import { percentOf } from "./presenter.ts";
import { ratingSpread } from "./staff-reviews.ts";

interface Deps {
  db: Database;
  clock: Clock;
  kpis: KpiService;
  calendar: CalendarService;
  board: DutyService["board"];
}

/** GET /api/center-director/dashboard: the spec's response, every figure from the records. */
export function createDashboardService({ db, clock, kpis, calendar, board }: Deps) {
  return {
    async load(caller: Caller, requested: string | undefined, language: Language = "en"): Promise<DirectorDashboard> {
      assert(mayViewDashboard(caller));
      const centre = await resolveCentre(db, caller, requested);
      const now = clock.now();
      const today = centreDay(centre.timeZone, now);
      const fiscalYear = fiscalYearStart(fiscalYearOf(today));
      await kpis.ensureToday(centre, today);
      const [children, staffBoard, [activeStaff], budget, money, feedback, incidents, kpiList, spread, updates, tasks] =
        await Promise.all([
          enrolment(db, centre.id),
          board(centre.id, today, now),
          db
            .select({ n: count() })
            .from(staff)
            .where(and(eq(staff.centerId, centre.id), eq(staff.activeStatus, true))),
          budgetRemaining(db, centre.id, today),
          budgetFigures(db, centre.id, fiscalYear),
          feedbackFigures(db, centre.id),
          incidentFigures(db, centre, today),
          kpis.list(centre, today, language),
          ratingSpread(db, centre.id),
          liveUpdates(db, centre.id, today, language),
          calendar.tasks(centre.id, centre.timeZone, today, 1, TASKS_ON_CARD, language),
        ]);
      const expectedStaff = staffBoard.list.length - staffBoard.onLeaveCount;
      const approvalLimit = money.limit ? toRupees(money.limit.limit) : DEFAULT_DIRECTOR_BUDGET_LIMIT;
      return {
        success: true,
        message: intlFor(language).formatMessage({ id: "centerDirector.server.dashboardLoaded" }),
        data: {
          center: { id: centre.id, name: centre.name, date: today, capacity: centre.capacity },
          centers: mayChooseCentre(caller) ? centre.centres : [],
          centerInfo: {
            name: centre.name,
            director_budget_limit: approvalLimit,
            monthly_budget: DEFAULT_MONTHLY_BUDGET_RUPEES,
            emergency_fund: null,
          },
          enrollment: {
            current_enrollment: children.enrolled,
            capacity: centre.capacity,
            percent: percentOf(children.enrolled, centre.capacity),
          },
          staff: {
            total_staff: staffBoard.list.length,
            active_staff: activeStaff?.n ?? 0,
            present_count: staffBoard.presentCount,
            on_leave_count: staffBoard.onLeaveCount,
            overtime_count: staffBoard.overtimeCount,
            percent: percentOf(Math.min(staffBoard.presentCount, expectedStaff), expectedStaff),
          },
          kpis: kpiList,
          budget: {
            approved_amount: toRupees(money.approvedPaise),
            pending_approvals: money.pendingCount,
            pending_amount: toRupees(money.pendingPaise),
            dynamic_approval_limit: money.limit ? toRupees(money.limit.limit - money.limit.used) : approvalLimit,
            approval_limit: approvalLimit,
            limit: budget.limit,
            spent: budget.spent,
            remaining: budget.remaining,
            percent_left: budget.limit > 0 ? Math.max(0, percentOf(budget.remaining, budget.limit)) : 0,
          },
          performance: spread,
          feedback: {
            total_feedback: feedback.total,
            pending_feedback: feedback.pending,
            avg_rating: feedback.average === null ? null : Math.round(feedback.average * 10) / 10,
          },
          incidents: {
            this_month: incidents.thisMonth,
            pending: incidents.pending,
            critical: incidents.critical,
            recent: incidents.recent.map((row) => ({
              id: row.id,
              incident_type: row.incidentType,
              incident_date: row.occurredAt.toISOString(),
              status: row.status,
              severity: row.severity,
            })),
          },
          live_updates: updates,
          upcoming_tasks: tasks,
          may_manage: mayManageOperations(caller),
        },
      };
    },
  };
}
