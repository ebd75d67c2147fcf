import PlayCircle from "@mui/icons-material/PlayCircle";
import Refresh from "@mui/icons-material/Refresh";
import Visibility from "@mui/icons-material/Visibility";
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { pauseExpiry, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { useSay } from "../../i18n/useSay";
import { usePausedStudents } from "./api";
import { centreToday, expiryLabel, pauseDate } from "./shared";

const expiryOf = (student: Student) => pauseExpiry(student.pause_end_date ?? "", centreToday(student.time_zone));

const ExpiryChip = ({ row }: { row: Student }) => {
  const say = useSay();
  const expiry = expiryOf(row);
  return <Chip size="small" color={expiry.color} label={expiryLabel(say, expiry)} />;
};

const StudentName = ({ row }: { row: Student }) => (
  <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
    <Avatar sx={{ width: 32, height: 32, bgcolor: "warning.main", display: { xs: "none", sm: "flex" } }}>
      {row.first_name.charAt(0)}
    </Avatar>
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {row.student_id}
      </Typography>
    </Box>
  </Stack>
);

/** Paused Students: summary cards, the paged table, and a details dialog. */
export function PausedStudents({ centerId, onResume }: { centerId: string; onResume: (student: Student) => void }) {
  const say = useSay();
  const paging = usePaging(10);
  const paused = usePausedStudents(centerId || undefined, paging.page, paging.limit);
  const [details, setDetails] = useState<Student | null>(null);
  const counts = paused.data?.counts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new centre starts from the first page
  useEffect(() => paging.restart(), [centerId]);
  const page = paused.data && { rows: paused.data.students, pagination: paused.data.pagination };
  const actions = (row: Student) => (
    <Box sx={{ whiteSpace: "nowrap" }}>
      <Tooltip title={say("children.actionResume")}>
        <IconButton
          color="success"
          onClick={() => onResume(row)}
          aria-label={say("children.resumeName", { name: row.name })}
        >
          <PlayCircle />
        </IconButton>
      </Tooltip>
      <Tooltip title={say("children.viewDetails")}>
        <IconButton onClick={() => setDetails(row)} aria-label={say("children.viewDetailsOf", { name: row.name })}>
          <Visibility />
        </IconButton>
      </Tooltip>
    </Box>
  );
  const columns: Column<Student>[] = [
    { header: say("children.colStudentName"), cell: (row) => <StudentName row={row} /> },
    { header: say("children.colClassroom"), cell: (row) => row.classroom_name ?? say("children.unassigned") },
    { header: say("children.colPauseStart"), cell: (row) => pauseDate(row.pause_start_date), nowrap: true },
    { header: say("children.colPauseEnd"), cell: (row) => pauseDate(row.pause_end_date), nowrap: true },
    { header: say("children.colStatus"), cell: (row) => <ExpiryChip row={row} /> },
    { header: say("children.colActions"), cell: actions, align: "right" },
  ];

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {[
          { label: say("children.totalPaused"), value: counts?.total, colour: "warning.main" },
          { label: say("children.expiredPauses"), value: counts?.expired, colour: "error.main" },
          { label: say("children.dueSoon"), value: counts?.due_soon, colour: "info.main" },
        ].map((card) => (
          <Grid key={card.label} size={4}>
            <Card variant="outlined" sx={{ height: "100%" }}>
              <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
                <Typography color="text.secondary" sx={{ fontSize: { xs: "0.8rem", sm: "1rem" } }}>
                  {card.label}
                </Typography>
                <Typography
                  variant="h4"
                  component="p"
                  sx={{ color: card.colour, fontWeight: 700, fontSize: { xs: "1.6rem", sm: "2.1rem" } }}
                >
                  {card.value ?? "…"}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Card variant="outlined">
        <Stack direction="row" sx={{ p: 2, alignItems: "center", justifyContent: "space-between" }}>
          <Typography variant="h6" component="h2">
            {say("children.tabPaused")}
          </Typography>
          <Button startIcon={<Refresh />} onClick={() => void paused.refetch()} disabled={paused.isFetching}>
            {say("children.refresh")}
          </Button>
        </Stack>
        <PagedTable
          label={say("children.pausedTableLabel")}
          columns={columns}
          card={(row) => (
            <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <StudentName row={row} />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {say("children.pausedCardLine", {
                    classroom: row.classroom_name ?? say("children.unassigned"),
                    start: pauseDate(row.pause_start_date),
                    end: pauseDate(row.pause_end_date),
                  })}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <ExpiryChip row={row} />
                </Box>
              </Box>
              {actions(row)}
            </Stack>
          )}
          rowKey={(row) => row.id}
          page={page}
          paging={paging}
          loading={paused.isPending}
          error={paused.isError ? refusalMessage(paused.error, say("children.pauseListFailed")) : undefined}
          empty={say("children.pausedEmpty")}
        />
      </Card>
      <Dialog
        open={Boolean(details)}
        onClose={() => setDetails(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="paused-details-title"
      >
        <DialogTitle id="paused-details-title">{say("children.pausedDetails")}</DialogTitle>
        <DialogContent dividers>
          {details && (
            <Stack spacing={1.5}>
              {[
                [say("children.colName"), details.name],
                [say("children.studentId"), details.student_id],
                [say("children.colClassroom"), details.classroom_name ?? say("children.unassigned")],
                [say("children.pauseStart"), pauseDate(details.pause_start_date)],
                [say("children.pauseEnd"), pauseDate(details.pause_end_date)],
                [say("children.pausedBy"), details.paused_by_name ?? say("children.unknown")],
                [say("children.reason"), details.pause_reason || say("children.noReason")],
                [say("children.additionalNotes"), details.pause_notes || "—"],
              ].map(([label, value]) => (
                <Box key={label}>
                  <Typography variant="caption" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography>{value}</Typography>
                </Box>
              ))}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetails(null)}>{say("children.close")}</Button>
          <Button
            variant="contained"
            color="success"
            onClick={() => {
              const student = details!;
              setDetails(null);
              onResume(student);
            }}
          >
            {say("children.resumeStudent")}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
