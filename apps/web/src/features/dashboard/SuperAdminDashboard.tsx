import Assessment from "@mui/icons-material/Assessment";
import Business from "@mui/icons-material/Business";
import ManageAccounts from "@mui/icons-material/ManageAccounts";
import { Alert, Box, Stack, Typography } from "@mui/material";
import type { SessionUser } from "@sprout/shared/schemas/auth";
import { formatLongDate } from "../../format";
import { useCenterComparison, useFinancialOverview } from "./api";
import { BusinessFigures } from "./BusinessFigures";
import { CentersPerformance } from "./CentersPerformance";
import { LinkCards } from "./LinkCards";
import { loadError } from "./loadError";
import { useOverview } from "./useOverview";

const FIGURES = [
  { figure: "students", label: "Total Students" },
  { figure: "staff", label: "Total Staff" },
  { figure: "classrooms", label: "Total Classrooms" },
  { figure: "enquiries", label: "Open Enquiries" },
  { figure: "pending", label: "Pending Invoices" },
  { figure: "revenue", label: "Monthly Revenue" },
] as const;

/** The spec's System Management items, with System Analytics and Center Management made real links. */
const SYSTEM_MANAGEMENT = [
  { title: "User Management", description: "Accounts, roles and access", to: "/users", icon: ManageAccounts },
  { title: "System Analytics", description: "Reports across every centre", to: "/reports", icon: Assessment },
  { title: "Center Management", description: "Add and edit centres", to: "/settings", icon: Business },
] as const;

/** The super admin's home (spec 2): system-wide figures, every centre, and system management. */
export function SuperAdminDashboard({ user }: { user: SessionUser }) {
  const overview = useOverview();
  const financial = useFinancialOverview();
  const centres = useCenterComparison();
  const failed = [overview, financial, centres].find((query) => query.isError);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1">
          System Overview
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {formatLongDate(new Date())} · signed in as {user.fullName}
        </Typography>
      </Box>
      {failed && <Alert severity="error">{loadError(failed.error)}</Alert>}
      <BusinessFigures
        overview={overview.data}
        financial={financial.data}
        loading={overview.isPending || financial.isPending}
        figures={FIGURES}
      />
      <CentersPerformance title="Centers Overview" centres={centres.data?.centers} loading={centres.isPending} />
      <LinkCards title="System Management" cards={SYSTEM_MANAGEMENT} role={user.role} />
    </Stack>
  );
}
