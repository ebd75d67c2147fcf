import { hasFeature } from "@sprout/shared/roles";
import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { FinanceDashboard } from "./FinanceDashboard";
import { RequestsPage } from "./RequestsPage";

/** /budget: the budget holders' dashboard, or the requests page for those who ask. */
export function BudgetPage() {
  const user = useSignedInUser();
  const [params] = useSearchParams();
  if (hasFeature(user.role, "financial_oversight"))
    return <FinanceDashboard initialTab={params.get("tab") === "approvals" ? 1 : 0} />;
  return <RequestsPage />;
}
