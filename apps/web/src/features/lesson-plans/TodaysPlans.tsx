import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from "@mui/material";
import type { LessonPlan } from "@sprout/shared/schemas/lesson-plans";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { catalogueError, useTodayPlans } from "./api";

/** The Play and Learn tile's line: today's topic of the child's classroom. */
export function usePlayAndLearnLine(childId: string): string {
  const say = useSay();
  const today = useTodayPlans(childId);
  const first = today.data?.lesson_plans[0];
  if (today.isPending) return say("lessonPlans.loadingLine");
  if (today.isError) return say("lessonPlans.loadFailed");
  return first ? first.topic : say("lessonPlans.noPlanToday");
}

function PlanSummary({ plan }: { plan: LessonPlan }) {
  const say = useSay();
  return (
    <Box component="article" aria-label={say("lessonPlans.todaysPlan", { topic: plan.topic })}>
      <Typography variant="body2" color="text.secondary">
        {plan.classroom_name}
      </Typography>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere" }}>
        {plan.topic}
      </Typography>
      {plan.activities.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {say("lessonPlans.activities")}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {plan.activities.map((activity) => (
              <Typography component="li" variant="body2" key={activity}>
                {activity}
              </Typography>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/** The parent's Play and Learn detail: what the child's classroom plans to do today. */
export function PlayAndLearn({ childId, childName }: { childId: string; childName: string }) {
  const say = useSay();
  const today = useTodayPlans(childId);
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {say("lessonPlans.playAndLearn")}
      </Typography>
      {today.isPending && <LinearProgress aria-label={say("lessonPlans.loadingTodaysPlan")} />}
      {today.isError && <Alert severity="error">{catalogueError(today.error, "view lesson plans", say)}</Alert>}
      {today.data && (
        <Typography variant="body2" color="text.secondary">
          {say("lessonPlans.classroomToday", { name: childName, date: formatDate(today.data.date) })}
        </Typography>
      )}
      {today.data?.lesson_plans.length === 0 && (
        <Typography color="text.secondary">{say("lessonPlans.noPlanToday")}</Typography>
      )}
      {today.data?.lesson_plans.map((plan) => (
        <Card key={plan.id} variant="outlined">
          <CardContent>
            <PlanSummary plan={plan} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** The teacher's home card: today's plans of their classrooms, with the way to check them off. */
export function TodaysPlansCard() {
  const say = useSay();
  const today = useTodayPlans();
  return (
    <Card variant="outlined" component="section" aria-labelledby="todays-plans-heading">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1 }}>
          <Typography id="todays-plans-heading" variant="h6" component="h2">
            {say("lessonPlans.todaysPlans")}
          </Typography>
          <Button component={RouterLink} to="/lesson-plans" size="small">
            {say("lessonPlans.allPlans")}
          </Button>
        </Stack>
        {today.isPending && <LinearProgress aria-label={say("lessonPlans.loadingTodaysPlans")} />}
        {today.isError && <Alert severity="error">{catalogueError(today.error, "view lesson plans", say)}</Alert>}
        {today.data?.lesson_plans.length === 0 && (
          <Typography color="text.secondary">{say("lessonPlans.noPlanToday")}</Typography>
        )}
        <Stack spacing={2}>
          {today.data?.lesson_plans.map((plan) => (
            <PlanSummary key={plan.id} plan={plan} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
