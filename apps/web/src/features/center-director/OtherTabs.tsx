import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { PieChart } from "@mui/x-charts/PieChart";
import type { DirectorDashboard } from "@sprout/shared/schemas/center-director";
import { FEEDBACK_CATEGORY_LABEL_IDS } from "@sprout/shared/schemas/communication";
import { INCIDENT_TYPE_LABEL_IDS } from "@sprout/shared/schemas/incidents";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { refusalMessage } from "../../api/errors";
import { formatCurrency, formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { usePendingFeedback } from "./api";
import { INCIDENT_STATUS_LABELS, SEVERITY_LABELS } from "./labels";

type Data = DirectorDashboard["data"];

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Grid>
  );
}

function Section({ title, to, action, children }: { title: string; to: string; action: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Button component={RouterLink} to={to} size="small">
            {action}
          </Button>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Budget & Finance: this fiscal year's budget, spending and the requests of the centre. */
export function BudgetTab({ data }: { data: Data }) {
  const say = useSay();
  const budget = data.budget;
  return (
    <Section title={say("centerDirector.tabBudget")} to="/budget" action={say("centerDirector.openBudget")}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Grid container spacing={2}>
            <Figure label={say("centerDirector.budgetYear")} value={formatCurrency(budget.limit)} />
            <Figure label={say("centerDirector.spent")} value={formatCurrency(budget.spent)} />
            <Figure label={say("centerDirector.remaining")} value={formatCurrency(budget.remaining)} />
            <Figure
              label={say("centerDirector.monthlyBudget")}
              value={formatCurrency(data.centerInfo.monthly_budget)}
            />
            <Figure label={say("centerDirector.approvedRequests")} value={formatCurrency(budget.approved_amount)} />
            <Figure
              label={say("centerDirector.waitingApproval")}
              value={`${budget.pending_approvals} · ${formatCurrency(budget.pending_amount)}`}
              testId="budget-pending"
            />
            <Figure label={say("centerDirector.approvalLimit")} value={formatCurrency(budget.approval_limit)} />
            <Figure label={say("centerDirector.limitLeft")} value={formatCurrency(budget.dynamic_approval_limit)} />
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PieChart
            height={200}
            series={[
              {
                innerRadius: 50,
                data: [
                  { id: 0, label: say("centerDirector.spent"), value: Math.max(0, budget.spent) },
                  { id: 1, label: say("centerDirector.remaining"), value: Math.max(0, budget.remaining) },
                ],
              },
            ]}
          />
        </Grid>
      </Grid>
    </Section>
  );
}

/** Parent Feedback: the figures and the feedback still waiting for an answer. */
export function FeedbackTab({ data }: { data: Data }) {
  const say = useSay();
  const pending = usePendingFeedback(data.center.id);
  return (
    <Section
      title={say("centerDirector.tabFeedback")}
      to="/parent-communication"
      action={say("centerDirector.answerFeedback")}
    >
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <Figure label={say("centerDirector.allFeedback")} value={data.feedback.total_feedback} />
        <Figure label={say("centerDirector.waitingAnswer")} value={data.feedback.pending_feedback} />
        <Figure
          label={say("centerDirector.averageRating")}
          value={data.feedback.avg_rating === null ? "—" : `${data.feedback.avg_rating} / 5`}
        />
      </Grid>
      {pending.isError && (
        <Alert severity="error">{refusalMessage(pending.error, say("centerDirector.feedbackFailed"))}</Alert>
      )}
      {pending.data?.feedback.length === 0 && (
        <Typography color="text.secondary">{say("centerDirector.noFeedbackWaiting")}</Typography>
      )}
      <List dense aria-label={say("centerDirector.feedbackWaitingList")}>
        {pending.data?.feedback.map((item) => (
          <ListItem key={item.id} disableGutters>
            <ListItemText
              primary={say("centerDirector.feedbackLine", {
                category: say(FEEDBACK_CATEGORY_LABEL_IDS[item.category]),
                rating: item.rating,
                parent: item.parent_name,
              })}
              secondary={`${item.comment} (${formatDateTime(item.created_at)})`}
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

/** Incidents & Safety: this month's count, what is still open, and the latest reports. */
export function IncidentsTab({ data }: { data: Data }) {
  const say = useSay();
  return (
    <Section title={say("centerDirector.tabIncidents")} to="/incidents" action={say("centerDirector.openIncidents")}>
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <Figure label={say("centerDirector.thisMonth")} value={data.incidents.this_month} testId="incidents-month" />
        <Figure label={say("centerDirector.open")} value={data.incidents.pending} />
        <Figure label={say("centerDirector.openCritical")} value={data.incidents.critical} />
      </Grid>
      {data.incidents.recent.length === 0 ? (
        <Typography color="text.secondary">{say("centerDirector.noIncidents")}</Typography>
      ) : (
        <List dense aria-label={say("centerDirector.recentIncidents")}>
          {data.incidents.recent.map((incident) => (
            <ListItem key={incident.id} disableGutters>
              <ListItemText
                primary={say(INCIDENT_TYPE_LABEL_IDS[incident.incident_type])}
                secondary={formatDateTime(incident.incident_date)}
              />
              <Chip
                size="small"
                label={say(SEVERITY_LABELS[incident.severity])}
                color={incident.severity === "critical" || incident.severity === "high" ? "error" : "default"}
                sx={{ mr: 1 }}
              />
              <Chip size="small" variant="outlined" label={say(INCIDENT_STATUS_LABELS[incident.status])} />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
