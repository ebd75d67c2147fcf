import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import type { StaffReview } from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useStaffOverview, useStaffReviews } from "./api";
import { RATING_LABELS, staffRole } from "./labels";
import { RatingSpread } from "./RatingSpread";
import { StaffReviewDialog } from "./StaffReviewDialog";

const columnsFor = (say: Say): Column<StaffReview>[] => [
  { header: say("centerDirector.colStaff"), cell: (row) => row.staff_name },
  {
    header: say("centerDirector.colPeriod"),
    cell: (row) => `${formatDate(row.period_start)} – ${formatDate(row.period_end)}`,
    nowrap: true,
  },
  { header: say("centerDirector.colRating"), cell: (row) => say(RATING_LABELS[row.overall_rating]) },
  { header: say("centerDirector.colReviewer"), cell: (row) => row.reviewer_name },
  { header: say("centerDirector.colNotes"), cell: (row) => row.notes },
];

/** Staff Overview: present and on leave today, the rating spread, who is due a review, the reviews. */
export function StaffTab({ centerId, mayReview }: { centerId: string; mayReview: boolean }) {
  const say = useSay();
  const overview = useStaffOverview(centerId);
  const paging = usePaging(10);
  const reviews = useStaffReviews(centerId, paging.page, paging.limit);
  const [reviewing, setReviewing] = useState<string | null>(null);
  if (overview.isPending) return <CircularProgress aria-label={say("centerDirector.loadingStaff")} />;
  if (overview.isError)
    return <Alert severity="error">{refusalMessage(overview.error, say("centerDirector.staffFailed"))}</Alert>;
  const data = overview.data;
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {say("centerDirector.today")}
              </Typography>
              <Typography data-testid="staff-overview-present">
                {say("centerDirector.presentLine", {
                  present: data.present_count,
                  total: data.total_staff,
                  leave: data.on_leave_count,
                })}
              </Typography>
              {data.on_leave.length > 0 && (
                <List dense aria-label={say("centerDirector.onLeaveToday")}>
                  {data.on_leave.map((person) => (
                    <ListItem key={person.staff_id} disableGutters>
                      <ListItemText primary={person.name} secondary={say("centerDirector.onLeave")} />
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {say("centerDirector.ratingSpread")}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {say("centerDirector.ratingSpreadHint")}
              </Typography>
              {data.rating_spread.every((row) => row.count === 0) ? (
                <Typography sx={{ mt: 1 }}>{say("centerDirector.noneReviewed")}</Typography>
              ) : (
                <RatingSpread spread={data.rating_spread} />
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
            <Typography variant="h6" component="h2">
              {say("centerDirector.reviewsDueTitle", { count: data.reviews_due_total })}
            </Typography>
            {mayReview && data.staff.length > 0 && (
              <Button variant="contained" onClick={() => setReviewing(data.staff[0]!.staff_id)}>
                {say("centerDirector.recordReview")}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {say("centerDirector.reviewsDueHint")}
          </Typography>
          {data.reviews_due.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{say("centerDirector.everyoneReviewed")}</Typography>
          ) : (
            <List dense aria-label={say("centerDirector.reviewsDue")}>
              {data.reviews_due.map((person) => (
                <ListItem
                  key={person.staff_id}
                  disableGutters
                  data-testid="review-due"
                  secondaryAction={
                    mayReview && (
                      <Button size="small" onClick={() => setReviewing(person.staff_id)}>
                        {say("centerDirector.review")}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={person.name}
                    secondary={
                      person.last_review
                        ? say("centerDirector.lastReview", { date: formatDate(person.last_review) })
                        : say("centerDirector.neverReviewed")
                    }
                  />
                  <Chip size="small" label={staffRole(say, person.role)} sx={{ mr: 8 }} />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          {say("centerDirector.performanceReviews")}
        </Typography>
        <PagedTable
          label={say("centerDirector.performanceReviews")}
          columns={columnsFor(say)}
          card={(row) => (
            <Stack spacing={0.5}>
              <Typography sx={{ fontWeight: 600 }}>{row.staff_name}</Typography>
              <Typography variant="body2">{say(RATING_LABELS[row.overall_rating])}</Typography>
              <Typography variant="body2" color="text.secondary">
                {say("centerDirector.reviewCardLine", {
                  start: formatDate(row.period_start),
                  end: formatDate(row.period_end),
                  reviewer: row.reviewer_name,
                })}
              </Typography>
              {row.notes && <Typography variant="body2">{row.notes}</Typography>}
            </Stack>
          )}
          rowKey={(row) => row.id}
          page={reviews.data && { rows: reviews.data.reviews, pagination: reviews.data.pagination }}
          paging={paging}
          loading={reviews.isPending}
          error={reviews.isError ? refusalMessage(reviews.error, say("centerDirector.reviewsFailed")) : undefined}
          empty={say("centerDirector.noReviews")}
        />
      </Card>
      {reviewing && (
        <StaffReviewDialog
          staff={data.staff}
          staffId={reviewing}
          today={data.date}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
