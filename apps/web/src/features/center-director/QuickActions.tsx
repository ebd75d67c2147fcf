import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import BarChart from "@mui/icons-material/BarChart";
import EventNote from "@mui/icons-material/EventNote";
import Feedback from "@mui/icons-material/Feedback";
import PersonAdd from "@mui/icons-material/PersonAdd";
import ReportProblem from "@mui/icons-material/ReportProblem";
import { Button, Stack } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { type Feature, hasAnyFeature, type Role } from "@sprout/shared/roles";
import { Link as RouterLink } from "react-router";
import { useSay } from "../../i18n/useSay";

interface Action {
  label: MessageId;
  to: string;
  icon: SvgIconComponent;
  features: readonly Feature[];
}

/** Spec 2's quick actions, each opening its real screen; a role sees those it may open. */
export function QuickActions({ role, centerId }: { role: Role; centerId: string }) {
  const say = useSay();
  const actions: Action[] = [
    { label: "centerDirector.quickAddStaff", to: "/staff", icon: PersonAdd, features: ["staff_management"] },
    {
      label: "centerDirector.quickSchedule",
      to: `/center-director/tasks?centerId=${centerId}`,
      icon: EventNote,
      features: ["operational_kpi"],
    },
    {
      label: "centerDirector.quickBudget",
      to: "/budget",
      icon: AccountBalanceWallet,
      features: ["budget_approval", "budget_requests", "budget_limit", "expense_tracking"],
    },
    {
      label: "centerDirector.quickFeedback",
      to: "/parent-communication",
      icon: Feedback,
      features: ["parent_feedback"],
    },
    { label: "centerDirector.quickReport", to: "/incidents", icon: ReportProblem, features: ["incident_management"] },
    {
      label: "centerDirector.quickAnalytics",
      to: "/reports",
      icon: BarChart,
      features: ["reports_view", "financial_reports", "attendance_reports", "performance_analytics"],
    },
  ];
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: "wrap", gap: 1 }}
      component="nav"
      aria-label={say("centerDirector.quickActions")}
    >
      {actions
        .filter((action) => hasAnyFeature(role, action.features))
        .map(({ icon: Icon, ...action }) => (
          <Button key={action.label} component={RouterLink} to={action.to} variant="outlined" startIcon={<Icon />}>
            {say(action.label)}
          </Button>
        ))}
    </Stack>
  );
}
