import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import BarChart from "@mui/icons-material/BarChart";
import EventNote from "@mui/icons-material/EventNote";
import Feedback from "@mui/icons-material/Feedback";
import PersonAdd from "@mui/icons-material/PersonAdd";
import ReportProblem from "@mui/icons-material/ReportProblem";
import { Button, Stack } from "@mui/material";
import { type Feature, hasAnyFeature, type Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";

interface Action {
  label: string;
  to: string;
  icon: SvgIconComponent;
  features: readonly Feature[];
}

/** Spec 2's quick actions, each opening its real screen; a role sees those it may open. */
export function QuickActions({ role, centerId }: { role: Role; centerId: string }) {
  const actions: Action[] = [
    { label: "Add Staff", to: "/staff", icon: PersonAdd, features: ["staff_management"] },
    {
      label: "Schedule",
      to: `/center-director/tasks?centerId=${centerId}`,
      icon: EventNote,
      features: ["operational_kpi"],
    },
    {
      label: "Budget",
      to: "/budget",
      icon: AccountBalanceWallet,
      features: ["budget_approval", "budget_requests", "budget_limit", "expense_tracking"],
    },
    { label: "Feedback", to: "/parent-communication", icon: Feedback, features: ["parent_feedback"] },
    { label: "Report", to: "/incidents", icon: ReportProblem, features: ["incident_management"] },
    {
      label: "Analytics",
      to: "/reports",
      icon: BarChart,
      features: ["reports_view", "financial_reports", "attendance_reports", "performance_analytics"],
    },
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }} component="nav" aria-label="Quick actions">
      {actions
        .filter((action) => hasAnyFeature(role, action.features))
        .map(({ icon: Icon, ...action }) => (
          <Button key={action.label} component={RouterLink} to={action.to} variant="outlined" startIcon={<Icon />}>
            {action.label}
          </Button>
        ))}
    </Stack>
  );
}
