import Assessment from "@mui/icons-material/Assessment";
import Groups from "@mui/icons-material/Groups";
import Insights from "@mui/icons-material/Insights";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Settings from "@mui/icons-material/Settings";
import { Alert, Box, Grid, Stack, Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { formatLongDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCenterComparison, useFinancialOverview, useInsights } from "./api";
import { BusinessFigures } from "./BusinessFigures";
import { CentersPerformance } from "./CentersPerformance";
import { InsightsList } from "./InsightsList";
import { LinkCards } from "./LinkCards";
import { loadError } from "./loadError";
import { RevenueTrend } from "./RevenueTrend";
import { useOverview } from "./useOverview";

const FIGURES = [
  { figure: "revenue", label: "dashboard.monthlyRevenue" },
  { figure: "students", label: "dashboard.totalStudents" },
  { figure: "staff", label: "dashboard.activeStaff" },
  { figure: "enquiries", label: "dashboard.openEnquiries" },
  { figure: "pending", label: "dashboard.pendingPayments" },
  { figure: "classrooms", label: "dashboard.totalClassrooms" },
] as const;

const BUSINESS_MANAGEMENT = [
  {
    title: "dashboard.linkFinancialReports",
    description: "dashboard.linkFinancialReportsText",
    to: "/reports?report=revenue",
    icon: Assessment,
  },
  {
    title: "dashboard.linkStaffManagement",
    description: "dashboard.linkStaffManagementText",
    to: "/staff",
    icon: Groups,
  },
  {
    title: "dashboard.linkBusinessAnalytics",
    description: "dashboard.linkBusinessAnalyticsText",
    to: "/reports",
    icon: Insights,
  },
  {
    title: "dashboard.linkCenterSettings",
    description: "dashboard.linkCenterSettingsText",
    to: "/settings",
    icon: Settings,
  },
  {
    title: "dashboard.linkPortfolios",
    description: "dashboard.linkPortfoliosOwnerText",
    to: "/admin/portfolios",
    icon: PhotoLibrary,
  },
] as const;

/** The owner's home (spec 2): business-wide figures, each centre, management links and insights. */
export function OwnerDashboard({ user }: { user: SessionUser }) {
  const say = useSay();
  const overview = useOverview();
  const financial = useFinancialOverview();
  const centres = useCenterComparison();
  const insights = useInsights();
  const failed = [overview, financial, centres].find((query) => query.isError);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("dashboard.welcomeBack", { name: user.fullName || say("dashboard.businessOwner") })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {say("dashboard.ownerSubtitle", { date: formatLongDate(new Date()) })}
        </Typography>
      </Box>
      {failed && <Alert severity="error">{loadError(say, failed.error)}</Alert>}
      <BusinessFigures
        overview={overview.data}
        financial={financial.data}
        loading={overview.isPending || financial.isPending}
        figures={FIGURES}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>{financial.data && <RevenueTrend financial={financial.data} />}</Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <InsightsList insights={insights.data?.insights} loading={insights.isPending} failed={insights.isError} />
        </Grid>
      </Grid>
      <CentersPerformance
        title={say("dashboard.centersPerformance")}
        centres={centres.data?.centers}
        loading={centres.isPending}
      />
      <LinkCards titleId="dashboard.businessManagement" cards={BUSINESS_MANAGEMENT} role={user.role} />
    </Stack>
  );
}
