import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from "@mui/material";
import type { ParentDay } from "@sprout/shared/schemas/attendance";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { formatDate, formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { KioskPinForm } from "./KioskPinForm";

// The form's date pickers are a large download that most visits never need: it loads when opened.
const AbsenceNoticeForm = lazy(async () => ({ default: (await import("./AbsenceNoticeForm")).AbsenceNoticeForm }));

/**
 * The parent home's "Today": each child's check-in and check-out, and an advance absence notice.
 * `day` is `useParentDay()`, read by the home, which lays out its sections once it has answered.
 */
export function ParentToday({ day }: { day: UseQueryResult<ParentDay> }) {
  const [open, setOpen] = useState(false);
  const say = useSay();
  if (day.isError) return <Alert severity="error">{say("parentToday.loadError")}</Alert>;
  if (!day.data || day.data.children.length === 0) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
          <Typography variant="h6" component="h2">
            {say("parentToday.title")}
          </Typography>
          <Button size="small" onClick={() => setOpen((value) => !value)}>
            {say(open ? "parentToday.close" : "parentToday.tellAbsence")}
          </Button>
        </Stack>
        <Stack spacing={1}>
          {day.data.children.map((child) => (
            <Box key={child.student_id} data-testid={`today-${child.student_id}`}>
              <Typography sx={{ fontWeight: 600 }}>
                {child.first_name}{" "}
                <Chip size="small" label={say("parentToday.status", { status: child.status })} sx={{ ml: 1 }} />
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {child.check_in_at
                  ? say("parentToday.checkedIn", { time: formatTime(child.check_in_at) })
                  : say("parentToday.noCheckIn")}
                {child.check_out_at && say("parentToday.checkedOut", { time: formatTime(child.check_out_at) })}
                {child.collected_by && say("parentToday.collectedBy", { name: child.collected_by })}
              </Typography>
            </Box>
          ))}
          {day.data.notices.map((notice) => (
            <Typography key={notice.id} variant="body2">
              {say("parentToday.away", {
                name: notice.first_name,
                from: formatDate(notice.start_date),
                to: formatDate(notice.end_date),
                reason: notice.reason,
              })}
            </Typography>
          ))}
        </Stack>
        <Stack sx={{ mt: 1.5 }}>
          <KioskPinForm hasPin={day.data.has_pin} who="family" />
        </Stack>
        {open && (
          <Suspense fallback={<LinearProgress aria-label={say("parentToday.loadingForm")} sx={{ mt: 2 }} />}>
            <AbsenceNoticeForm
              kids={day.data.children.map((child) => ({ id: child.student_id, name: child.first_name }))}
              today={day.data.date}
              onDone={() => setOpen(false)}
            />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
