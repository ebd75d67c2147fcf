import Assessment from "@mui/icons-material/Assessment";
import Groups from "@mui/icons-material/Groups";
import Insights from "@mui/icons-material/Insights";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Settings from "@mui/icons-material/Settings";
import { Alert, Box, Grid, Stack, Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { formatLongDate } from "../../format";
import { useCenterComparison, useFinancialOverview, useInsights } from "./api";
import { BusinessFigures } from "./BusinessFigures";
import { CentersPerformance } from "./CentersPerformance";
import { InsightsList } from "./InsightsList";
import { LinkCards } from "./LinkCards";
import { loadError } from "./loadError";
import { RevenueTrend } from "./RevenueTrend";
import { useOverview } from "./useOverview";

const FIGURES = [
  { figure: "revenue", label: "Monthly Revenue" },
  { figure: "students", label: "Total Students" },
  { figure: "staff", label: "Active Staff" },
  { figure: "enquiries", label: "Open Enquiries" },
  { figure: "pending", label: "Pending Payments" },
  { figure: "classrooms", label: "Total Classrooms" },
] as const;

const BUSINESS_MANAGEMENT = [
  {
    title: "Financial Reports",
    description: "Revenue, collections and dues ageing",
    to: "/reports?report=revenue",
    icon: Assessment,
  },
  { title: "Staff Management", description: "Teams, roles and leave", to: "/staff", icon: Groups },
  {
    title: "Business Analytics",
    description: "Enrolment, attendance and enquiries over time",
    to: "/reports",
    icon: Insights,
  },
  { title: "Center Settings", description: "Centres, programs and fees", to: "/settings", icon: Settings },
  {
    title: "Digital Portfolios",
    description: "Photos across the centres",
    to: "/admin/portfolios",
    icon: PhotoLibrary,
  },
] as const;

/** The owner's home (spec 2): business-wide figures, each centre, management links and insights. */
export function OwnerDashboard({ user }: { user: SessionUser }) {
  const overview = useOverview();
  const financial = useFinancialOverview();
  const centres = useCenterComparison();
  const insights = useInsights();
  const failed = [overview, financial, centres].find((query) => query.isError);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1">
          Welcome back, {user.fullName || "Business Owner"}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())} · your business at a glance
        </Typography>
      </Box>
      {failed && <Alert severity="error">{loadError(failed.error)}</Alert>}
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
      <CentersPerformance title="Centers Performance" centres={centres.data?.centers} loading={centres.isPending} />
      <LinkCards title="Business Management" cards={BUSINESS_MANAGEMENT} role={user.role} />
    </Stack>
  );
}
