import { hasFeature } from "@sprout/shared/roles";
import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { FinanceDashboard } from "./FinanceDashboard";
import { RequestsPage } from "./RequestsPage";

/** Links into the dashboard (a notification's "/budget?tab=approvals") open on their tab. */
const INITIAL_TABS: Record<string, number> = { approvals: 1, requests: 5 };

/** /budget: the budget holders' dashboard, or the requests page for those who ask. */
export function BudgetPage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  if (hasFeature(user.role, "financial_oversight"))
    return <FinanceDashboard initialTab={INITIAL_TABS[params.get("tab") ?? ""] ?? 0} />;
  return <RequestsPage />;
}
