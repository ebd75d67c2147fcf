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
import { PAUSE_MESSAGES, pauseExpiry, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { usePausedStudents } from "./api";
import { centreToday, pauseDate } from "./shared";

const expiryOf = (student: Student) => pauseExpiry(student.pause_end_date ?? "", centreToday(student.time_zone));

const ExpiryChip = ({ row }: { row: Student }) => {
  const expiry = expiryOf(row);
  return <Chip size="small" color={expiry.color} label={expiry.label} />;
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
  const paging = usePaging(10);
  const paused = usePausedStudents(centerId || undefined, paging.page, paging.limit);
  const [details, setDetails] = useState<Student | null>(null);
  const counts = paused.data?.counts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new centre starts from the first page
  useEffect(() => paging.restart(), [centerId]);
  const page = paused.data && { rows: paused.data.students, pagination: paused.data.pagination };
  const actions = (row: Student) => (
    <Box sx={{ whiteSpace: "nowrap" }}>
      <Tooltip title="Resume">
        <IconButton color="success" onClick={() => onResume(row)} aria-label={`Resume ${row.name}`}>
          <PlayCircle />
        </IconButton>
      </Tooltip>
      <Tooltip title="View details">
        <IconButton onClick={() => setDetails(row)} aria-label={`View details of ${row.name}`}>
          <Visibility />
        </IconButton>
      </Tooltip>
    </Box>
  );
  const columns: Column<Student>[] = [
    { header: "Student Name", cell: (row) => <StudentName row={row} /> },
    { header: "Classroom", cell: (row) => row.classroom_name ?? "Unassigned" },
    { header: "Pause Start", cell: (row) => pauseDate(row.pause_start_date), nowrap: true },
    { header: "Pause End", cell: (row) => pauseDate(row.pause_end_date), nowrap: true },
    { header: "Status", cell: (row) => <ExpiryChip row={row} /> },
    { header: "Actions", cell: actions, align: "right" },
  ];

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {[
          { label: "Total Paused", value: counts?.total, colour: "warning.main" },
          { label: "Expired Pauses", value: counts?.expired, colour: "error.main" },
          { label: "Due Soon (0-3 days)", value: counts?.due_soon, colour: "info.main" },
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
            Paused Students
          </Typography>
          <Button startIcon={<Refresh />} onClick={() => void paused.refetch()} disabled={paused.isFetching}>
            Refresh
          </Button>
        </Stack>
        <PagedTable
          label="Paused students"
          columns={columns}
          card={(row) => (
            <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <StudentName row={row} />
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {row.classroom_name ?? "Unassigned"} · {pauseDate(row.pause_start_date)} to{" "}
                  {pauseDate(row.pause_end_date)}
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
          error={paused.isError ? refusalMessage(paused.error, PAUSE_MESSAGES.listFailed) : undefined}
          empty="No Paused Students. All students are currently active."
        />
      </Card>
      <Dialog
        open={Boolean(details)}
        onClose={() => setDetails(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="paused-details-title"
      >
        <DialogTitle id="paused-details-title">Paused Student Details</DialogTitle>
        <DialogContent dividers>
          {details && (
            <Stack spacing={1.5}>
              {[
                ["Name", details.name],
                ["Student ID", details.student_id],
                ["Classroom", details.classroom_name ?? "Unassigned"],
                ["Pause start", pauseDate(details.pause_start_date)],
                ["Pause end", pauseDate(details.pause_end_date)],
                ["Paused by", details.paused_by_name ?? "Unknown"],
                ["Reason", details.pause_reason || "No reason provided"],
                ["Additional notes", details.pause_notes || "—"],
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
          <Button onClick={() => setDetails(null)}>Close</Button>
          <Button
            variant="contained"
            color="success"
            onClick={() => {
              const student = details!;
              setDetails(null);
              onResume(student);
            }}
          >
            Resume Student
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
