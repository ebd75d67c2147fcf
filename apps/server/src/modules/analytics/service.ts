import type { Overview } from "@sprout/shared/schemas/analytics";
import type { Scope } from "../../auth/caller.ts";
import type { ChildrenService } from "../children/service.ts";

/** A count that another area contributes to the overview (enquiries, billing ...). */
export type ScopedCount = (scope: Scope) => Promise<number>;

interface Deps {
  children: ChildrenService;
  openEnquiries: ScopedCount;
  unpaidInvoices: (scope: Scope) => Promise<{ pending: number; overdue: number }>;
}

export function createAnalyticsService({ children, openEnquiries, unpaidInvoices }: Deps) {
  return {
    async overview(scope: Scope): Promise<Overview> {
      const [total_students, total_classrooms, open_enquiries, unpaid] = await Promise.all([
        children.countEnrolled(scope),
        children.countClassrooms(scope),
        openEnquiries(scope),
        unpaidInvoices(scope),
      ]);
      return {
        total_students,
        total_classrooms,
        open_enquiries,
        pending_invoices: unpaid.pending,
        overdue_invoices: unpaid.overdue,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
