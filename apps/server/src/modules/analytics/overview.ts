import type { Overview } from "@sprout/shared/schemas/analytics";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { staff } from "../../db/schema/staff.ts";
import type { ChildrenService } from "../children/service.ts";
import { presentOverview } from "./presenter.ts";

/** A count that another area contributes to the overview (enquiries, billing ...). */
export type ScopedCount = (scope: Scope) => Promise<number>;

export interface OverviewDeps {
  db: Database;
  children: ChildrenService;
  openEnquiries: ScopedCount;
  unpaidInvoices: (scope: Scope) => Promise<{ pending: number; overdue: number }>;
}

/** Active staff records of the given centres: the Staff list's active rows. */
export async function countActiveStaff(db: Database, centerIds: string[]): Promise<number> {
  if (centerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(inArray(staff.centerId, centerIds), eq(staff.activeStatus, true)));
  return row?.n ?? 0;
}

/** The overview analytics: the counters every home shows, each equal to its list's total. */
export function createOverviewService({ db, children, openEnquiries, unpaidInvoices }: OverviewDeps) {
  async function figures(scope: Scope): Promise<Required<Overview>> {
    const [total_students, total_classrooms, open_enquiries, total_staff, unpaid] = await Promise.all([
      children.countEnrolled(scope),
      children.countClassrooms(scope),
      openEnquiries(scope),
      scope.childIds ? Promise.resolve(0) : countActiveStaff(db, scope.centerIds),
      unpaidInvoices(scope),
    ]);
    return {
      total_students,
      total_classrooms,
      open_enquiries,
      total_staff,
      pending_invoices: unpaid.pending,
      overdue_invoices: unpaid.overdue,
    };
  }
  return {
    figures,
    async overview(caller: Caller): Promise<Overview> {
      return presentOverview(caller, await figures(await caller.scope()));
    },
  };
}
