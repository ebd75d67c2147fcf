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
import { PERFORMANCE_RATING_LABELS, type StaffReview } from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { useStaffOverview, useStaffReviews } from "./api";
import { RatingSpread } from "./RatingSpread";
import { StaffReviewDialog } from "./StaffReviewDialog";

const columns: Column<StaffReview>[] = [
  { header: "Staff member", cell: (row) => row.staff_name },
  { header: "Period", cell: (row) => `${formatDate(row.period_start)} – ${formatDate(row.period_end)}`, nowrap: true },
  { header: "Rating", cell: (row) => PERFORMANCE_RATING_LABELS[row.overall_rating] },
  { header: "Reviewer", cell: (row) => row.reviewer_name },
  { header: "Notes", cell: (row) => row.notes },
];

/** Staff Overview: present and on leave today, the rating spread, who is due a review, the reviews. */
export function StaffTab({ centerId, mayReview }: { centerId: string; mayReview: boolean }) {
  const overview = useStaffOverview(centerId);
  const paging = usePaging(10);
  const reviews = useStaffReviews(centerId, paging.page, paging.limit);
  const [reviewing, setReviewing] = useState<string | null>(null);
  if (overview.isPending) return <CircularProgress aria-label="Loading staff overview" />;
  if (overview.isError)
    return <Alert severity="error">{refusalMessage(overview.error, "Failed to load the staff overview")}</Alert>;
  const data = overview.data;
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                Today
              </Typography>
              <Typography data-testid="staff-overview-present">
                {data.present_count} of {data.total_staff} present · {data.on_leave_count} on leave
              </Typography>
              {data.on_leave.length > 0 && (
                <List dense aria-label="On leave today">
                  {data.on_leave.map((person) => (
                    <ListItem key={person.staff_id} disableGutters>
                      <ListItemText primary={person.name} secondary="On leave" />
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
                Rating spread
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Each member of staff's latest review
              </Typography>
              {data.rating_spread.every((row) => row.count === 0) ? (
                <Typography sx={{ mt: 1 }}>No one has been reviewed yet.</Typography>
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
              Reviews due ({data.reviews_due_total})
            </Typography>
            {mayReview && data.staff.length > 0 && (
              <Button variant="contained" onClick={() => setReviewing(data.staff[0]!.staff_id)}>
                Record review
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            No review in the last 6 months
          </Typography>
          {data.reviews_due.length === 0 ? (
            <Typography sx={{ mt: 1 }}>Everyone has had a review in the last 6 months.</Typography>
          ) : (
            <List dense aria-label="Reviews due">
              {data.reviews_due.map((person) => (
                <ListItem
                  key={person.staff_id}
                  disableGutters
                  data-testid="review-due"
                  secondaryAction={
                    mayReview && (
                      <Button size="small" onClick={() => setReviewing(person.staff_id)}>
                        Review
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={person.name}
                    secondary={person.last_review ? `Last review ${formatDate(person.last_review)}` : "Never reviewed"}
                  />
                  <Chip size="small" label={person.role.replaceAll("_", " ")} sx={{ mr: 8 }} />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          Performance reviews
        </Typography>
        <PagedTable
          label="Performance reviews"
          columns={columns}
          card={(row) => (
            <Stack spacing={0.5}>
              <Typography sx={{ fontWeight: 600 }}>{row.staff_name}</Typography>
              <Typography variant="body2">{PERFORMANCE_RATING_LABELS[row.overall_rating]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(row.period_start)} – {formatDate(row.period_end)} · by {row.reviewer_name}
              </Typography>
              {row.notes && <Typography variant="body2">{row.notes}</Typography>}
            </Stack>
          )}
          rowKey={(row) => row.id}
          page={reviews.data && { rows: reviews.data.reviews, pagination: reviews.data.pagination }}
          paging={paging}
          loading={reviews.isPending}
          error={reviews.isError ? refusalMessage(reviews.error, "Failed to load reviews") : undefined}
          empty="No performance reviews recorded yet."
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
