import type { Overview } from "@sprout/shared/schemas/analytics";
import type { Scope } from "../../auth/caller.ts";
import type { ChildrenService } from "../children/service.ts";

/** A count that another area contributes to the overview (enquiries, billing ...). */
export type ScopedCount = (scope: Scope) => Promise<number>;

interface Deps {
  children: ChildrenService;
  openEnquiries: ScopedCount;
  pendingInvoices: ScopedCount;
}

export function createAnalyticsService({ children, openEnquiries, pendingInvoices }: Deps) {
  return {
    async overview(scope: Scope): Promise<Overview> {
      const [total_students, total_classrooms, open_enquiries, pending_invoices] = await Promise.all([
        children.countEnrolled(scope),
        children.countClassrooms(scope),
        openEnquiries(scope),
        pendingInvoices(scope),
      ]);
      return { total_students, total_classrooms, open_enquiries, pending_invoices };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
