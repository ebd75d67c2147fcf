import Assessment from "@mui/icons-material/Assessment";
import Business from "@mui/icons-material/Business";
import ManageAccounts from "@mui/icons-material/ManageAccounts";
import { Alert, Box, Stack, Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { formatLongDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCenterComparison, useFinancialOverview } from "./api";
import { BusinessFigures } from "./BusinessFigures";
import { CentersPerformance } from "./CentersPerformance";
import { LinkCards } from "./LinkCards";
import { loadError } from "./loadError";
import { useOverview } from "./useOverview";

const FIGURES = [
  { figure: "students", label: "dashboard.totalStudents" },
  { figure: "staff", label: "dashboard.totalStaff" },
  { figure: "classrooms", label: "dashboard.totalClassrooms" },
  { figure: "enquiries", label: "dashboard.openEnquiries" },
  { figure: "pending", label: "dashboard.pendingInvoices" },
  { figure: "revenue", label: "dashboard.monthlyRevenue" },
] as const;

/** The spec's System Management items, with System Analytics and Center Management made real links. */
const SYSTEM_MANAGEMENT = [
  {
    title: "dashboard.linkUserManagement",
    description: "dashboard.linkUserManagementText",
    to: "/users",
    icon: ManageAccounts,
  },
  {
    title: "dashboard.linkSystemAnalytics",
    description: "dashboard.linkSystemAnalyticsText",
    to: "/reports",
    icon: Assessment,
  },
  {
    title: "dashboard.linkCenterManagement",
    description: "dashboard.linkCenterManagementText",
    to: "/settings",
    icon: Business,
  },
] as const;

/** The super admin's home (spec 2): system-wide figures, every centre, and system management. */
export function SuperAdminDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const overview = useOverview();
  const financial = useFinancialOverview();
  const centres = useCenterComparison();
  const failed = [overview, financial, centres].find((query) => query.isError);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dashboard.systemOverview")}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {say("dashboard.signedInAs", { date: formatLongDate(new Date()), name: user.fullName })}
        </Typography>
      </Box>
      {failed && <Alert severity="error">{loadError(say, failed.error)}</Alert>}
      <BusinessFigures
        overview={overview.data}
        financial={financial.data}
        loading={overview.isPending || financial.isPending}
        figures={FIGURES}
      />
      <CentersPerformance
        title={say("dashboard.centersOverview")}
        centres={centres.data?.centers}
        loading={centres.isPending}
      />
      <LinkCards titleId="dashboard.systemManagement" cards={SYSTEM_MANAGEMENT} role={user.role} />
    </Stack>
  );
}
