import type { SvgIconComponent } from "@mui/icons-material";
import AccountBalanceWallet from "@mui/icons-material/AccountBalanceWallet";
import Badge from "@mui/icons-material/Badge";
import ChildCare from "@mui/icons-material/ChildCare";
import Feedback from "@mui/icons-material/Feedback";
import { Box, Card, CardActionArea, CardContent, Grid, LinearProgress, Stack, Typography } from "@mui/material";
import type { DirectorDashboard } from "@sprout/shared/schemas/center-director";
import { Link as RouterLink } from "react-router";
import { formatCurrency, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";

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
  const say = useSay();
  const figures: Figure[] = [
    {
      label: say("centerDirector.studentsEnrolled"),
      value: formatNumber(data.enrollment.current_enrollment),
      detail: say("centerDirector.enrolledDetail", {
        percent: data.enrollment.percent,
        capacity: formatNumber(data.enrollment.capacity),
      }),
      percent: data.enrollment.percent,
      to: "/children",
      icon: ChildCare,
      color: "#1976d2",
      testId: "students-enrolled",
    },
    {
      label: say("centerDirector.staffPresent"),
      value: `${data.staff.present_count} / ${data.staff.total_staff}`,
      detail: say("centerDirector.staffDetail", { percent: data.staff.percent, leave: data.staff.on_leave_count }),
      percent: data.staff.percent,
      // The centre on screen (an owner's or the super admin's choice) opens on Attendance too.
      to: `/attendance?center=${data.center.id}`,
      icon: Badge,
      color: "#2e7d32",
      testId: "staff-present",
    },
    {
      label: say("centerDirector.budgetRemaining"),
      value: formatCurrency(data.budget.remaining),
      detail: say("centerDirector.budgetDetail", {
        percent: data.budget.percent_left,
        limit: formatCurrency(data.budget.limit),
      }),
      percent: data.budget.percent_left,
      to: "/budget",
      icon: AccountBalanceWallet,
      color: "#ed6c02",
      testId: "budget-remaining",
    },
    {
      label: say("centerDirector.pendingFeedback"),
      value: formatNumber(data.feedback.pending_feedback),
      detail:
        data.feedback.avg_rating === null
          ? say("centerDirector.feedbackDetail", { total: formatNumber(data.feedback.total_feedback) })
          : say("centerDirector.feedbackDetailRated", {
              total: formatNumber(data.feedback.total_feedback),
              rating: data.feedback.avg_rating,
            }),
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
