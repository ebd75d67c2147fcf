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
import { FEEDBACK_CATEGORY_LABELS } from "@sprout/shared/schemas/communication";
import { INCIDENT_TYPE_LABELS } from "@sprout/shared/schemas/incidents";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { refusalMessage } from "../../api/errors";
import { formatCurrency, formatDateTime } from "../../format";
import { usePendingFeedback } from "./api";

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
  const budget = data.budget;
  return (
    <Section title="Budget & Finance" to="/budget" action="Open budget">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Grid container spacing={2}>
            <Figure label="Budget this year" value={formatCurrency(budget.limit)} />
            <Figure label="Spent" value={formatCurrency(budget.spent)} />
            <Figure label="Remaining" value={formatCurrency(budget.remaining)} />
            <Figure label="Monthly budget" value={formatCurrency(data.centerInfo.monthly_budget)} />
            <Figure label="Approved requests" value={formatCurrency(budget.approved_amount)} />
            <Figure
              label="Waiting for approval"
              value={`${budget.pending_approvals} · ${formatCurrency(budget.pending_amount)}`}
              testId="budget-pending"
            />
            <Figure label="Director's approval limit" value={formatCurrency(budget.approval_limit)} />
            <Figure label="Limit left" value={formatCurrency(budget.dynamic_approval_limit)} />
          </Grid>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PieChart
            height={200}
            series={[
              {
                innerRadius: 50,
                data: [
                  { id: 0, label: "Spent", value: Math.max(0, budget.spent) },
                  { id: 1, label: "Remaining", value: Math.max(0, budget.remaining) },
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
  const pending = usePendingFeedback(data.center.id);
  return (
    <Section title="Parent Feedback" to="/parent-communication" action="Answer feedback">
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <Figure label="All feedback" value={data.feedback.total_feedback} />
        <Figure label="Waiting for an answer" value={data.feedback.pending_feedback} />
        <Figure
          label="Average rating"
          value={data.feedback.avg_rating === null ? "—" : `${data.feedback.avg_rating} / 5`}
        />
      </Grid>
      {pending.isError && <Alert severity="error">{refusalMessage(pending.error, "Failed to load feedback")}</Alert>}
      {pending.data?.feedback.length === 0 && <Typography color="text.secondary">No feedback is waiting.</Typography>}
      <List dense aria-label="Feedback waiting for an answer">
        {pending.data?.feedback.map((item) => (
          <ListItem key={item.id} disableGutters>
            <ListItemText
              primary={`${FEEDBACK_CATEGORY_LABELS[item.category]} · rated ${item.rating} of 5 · ${item.parent_name}`}
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
  return (
    <Section title="Incidents & Safety" to="/incidents" action="Open incidents">
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <Figure label="This month" value={data.incidents.this_month} testId="incidents-month" />
        <Figure label="Open" value={data.incidents.pending} />
        <Figure label="Open and critical" value={data.incidents.critical} />
      </Grid>
      {data.incidents.recent.length === 0 ? (
        <Typography color="text.secondary">No incidents have been reported.</Typography>
      ) : (
        <List dense aria-label="Recent incidents">
          {data.incidents.recent.map((incident) => (
            <ListItem key={incident.id} disableGutters>
              <ListItemText
                primary={INCIDENT_TYPE_LABELS[incident.incident_type]}
                secondary={formatDateTime(incident.incident_date)}
              />
              <Chip
                size="small"
                label={incident.severity}
                color={incident.severity === "critical" || incident.severity === "high" ? "error" : "default"}
                sx={{ mr: 1 }}
              />
              <Chip size="small" variant="outlined" label={incident.status} />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}
