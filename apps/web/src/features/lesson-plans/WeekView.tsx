import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { Alert, Box, Card, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { addDays } from "@sprout/shared/schemas/children";
import type { LessonPlan } from "@sprout/shared/schemas/lesson-plans";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { catalogueError, useLessonPlans } from "./api";

/** The days of a week, Monday first, as the catalogue names them. */
const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** The Monday of the week holding an ISO date. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

const doneCount = (plan: LessonPlan) =>
  plan.checkoff_status ? Object.values(plan.checkoff_status).filter(Boolean).length : null;

/** One classroom's week, Monday to Sunday: a column per day on a desktop, a list on a phone. */
export function WeekView({
  classroomId,
  monday,
  onWeek,
  onOpen,
}: {
  classroomId: string;
  monday: string;
  onWeek: (monday: string) => void;
  onOpen: (plan: LessonPlan) => void;
}) {
  const say = useSay();
  const sunday = addDays(monday, 6);
  const plans = useLessonPlans({ classroom_id: classroomId, from: monday, to: sunday, limit: 50 });
  const days = DAY_NAMES.map((day, index) => ({
    name: say("lessonPlans.dayName", { day }),
    date: addDays(monday, index),
  }));
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
        <IconButton aria-label={say("lessonPlans.previousWeek")} onClick={() => onWeek(addDays(monday, -7))}>
          <ChevronLeft />
        </IconButton>
        <Typography sx={{ fontWeight: 600 }} data-testid="week-range">
          {formatDate(monday)} – {formatDate(sunday)}
        </Typography>
        <IconButton aria-label={say("lessonPlans.nextWeek")} onClick={() => onWeek(addDays(monday, 7))}>
          <ChevronRight />
        </IconButton>
      </Stack>
      {plans.isFetching && <LinearProgress aria-label={say("lessonPlans.loadingWeek")} />}
      {plans.isError && <Alert severity="error">{catalogueError(plans.error, "view lesson plans", say)}</Alert>}
      <Box
        sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "repeat(7, minmax(0, 1fr))" } }}
        role="list"
        aria-label={say("lessonPlans.weekList")}
      >
        {days.map((day) => {
          const ofDay = (plans.data?.lesson_plans ?? []).filter((plan) => plan.date === day.date);
          return (
            <Card
              key={day.date}
              variant="outlined"
              role="listitem"
              aria-label={`${day.name} ${formatDate(day.date)}`}
              sx={{ p: 1, minHeight: { md: 140 } }}
            >
              <Typography variant="subtitle2">{day.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(day.date)}
              </Typography>
              {ofDay.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {say("lessonPlans.noPlan")}
                </Typography>
              )}
              {ofDay.map((plan) => {
                const done = doneCount(plan);
                return (
                  <Box
                    key={plan.id}
                    component="button"
                    type="button"
                    onClick={() => onOpen(plan)}
                    sx={{
                      display: "block",
                      width: "100%",
                      textAlign: "left",
                      mt: 0.5,
                      p: 0.75,
                      border: 1,
                      borderColor: "divider",
                      borderRadius: 1,
                      bgcolor: "background.paper",
                      cursor: "pointer",
                      font: "inherit",
                    }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                      {plan.topic}
                    </Typography>
                    {done !== null && (
                      <Typography variant="caption" color="text.secondary">
                        {say("lessonPlans.partsDone", { done })}
                      </Typography>
                    )}
                  </Box>
                );
              })}
            </Card>
          );
        })}
      </Box>
      {plans.data && plans.data.lesson_plans.length === 0 && (
        <Typography color="text.secondary">{say("lessonPlans.noPlans")}</Typography>
      )}
    </Stack>
  );
}
