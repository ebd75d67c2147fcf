import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import Badge from "@mui/icons-material/Badge";
import ChildCare from "@mui/icons-material/ChildCare";
import Feedback from "@mui/icons-material/Feedback";
import { Box, Card, CardActionArea, CardContent, Grid, LinearProgress, Stack, Typography } from "@mui/material";
import type { DirectorDashboard } from "@sprout/shared/schemas/center-director";
import { Link as RouterLink } from "react-router";
import { formatCurrency, formatNumber } from "../../format";

interface Figure {
  label: string;
  value: string;
  detail: string;
  percent?: number;
  to: string;
  icon: SvgIconComponent;
  color: string;
  testId: string;
}

/** Spec 2: Students Enrolled, Staff Present, Budget Remaining and Pending Feedback, each opening its list. */
export function FigureCards({ data }: { data: DirectorDashboard["data"] }) {
  const figures: Figure[] = [
    {
      label: "Students Enrolled",
      value: formatNumber(data.enrollment.current_enrollment),
      detail: `${data.enrollment.percent}% of ${formatNumber(data.enrollment.capacity)} places`,
      percent: data.enrollment.percent,
      to: "/children",
      icon: ChildCare,
      color: "#1976d2",
      testId: "students-enrolled",
    },
    {
      label: "Staff Present",
      value: `${data.staff.present_count} / ${data.staff.total_staff}`,
      detail: `${data.staff.percent}% of those expected · ${data.staff.on_leave_count} on leave`,
      percent: data.staff.percent,
      // The centre on screen (an owner's or the super admin's choice) opens on Attendance too.
      to: `/attendance?center=${data.center.id}`,
      icon: Badge,
      color: "#2e7d32",
      testId: "staff-present",
    },
    {
      label: "Budget Remaining",
      value: formatCurrency(data.budget.remaining),
      detail: `${data.budget.percent_left}% left of ${formatCurrency(data.budget.limit)} this year`,
      percent: data.budget.percent_left,
      to: "/budget",
      icon: AccountBalanceWallet,
      color: "#ed6c02",
      testId: "budget-remaining",
    },
    {
      label: "Pending Feedback",
      value: formatNumber(data.feedback.pending_feedback),
      detail: `${formatNumber(data.feedback.total_feedback)} in all${
        data.feedback.avg_rating === null ? "" : ` · average ${data.feedback.avg_rating} of 5`
      }`,
      to: "/parent-communication",
      icon: Feedback,
      color: "#9c27b0",
      testId: "pending-feedback",
    },
  ];
  return (
    <Grid container spacing={2}>
      {figures.map(({ icon: Icon, ...figure }) => (
        <Grid key={figure.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card sx={{ height: "100%" }}>
            <CardActionArea component={RouterLink} to={figure.to} sx={{ height: "100%" }}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
                  <Box
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: 2,
                      display: "grid",
                      placeItems: "center",
                      bgcolor: `${figure.color}1a`,
                      color: figure.color,
                      flexShrink: 0,
                    }}
                  >
                    <Icon aria-hidden />
                  </Box>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {figure.label}
                    </Typography>
                  </Box>
                </Stack>
                <Typography
                  variant="h5"
                  component="p"
                  // Under the label, a lakh amount has the card's whole width.
                  sx={{
                    fontWeight: 700,
                    fontSize: { xs: "1.5rem", lg: "1.3rem", xl: "1.5rem" },
                    overflowWrap: "anywhere",
                  }}
                  data-testid={figure.testId}
                >
                  {figure.value}
                </Typography>
                {figure.percent !== undefined && (
                  <LinearProgress
                    variant="determinate"
                    value={Math.min(100, Math.max(0, figure.percent))}
                    sx={{ mt: 1.5, height: 6, borderRadius: 3 }}
                    aria-hidden
                  />
                )}
                <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
                  {figure.detail}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
