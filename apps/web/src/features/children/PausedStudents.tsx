import PlayCircle from "@mui/icons-material/PlayCircle";
import Refresh from "@mui/icons-material/Refresh";
import Visibility from "@mui/icons-material/Visibility";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { PAUSE_MESSAGES, pauseExpiry, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { usePausedStudents } from "./api";
import { centreToday, pauseDate } from "./shared";

const expiryOf = (student: Student) => pauseExpiry(student.pause_end_date ?? "", centreToday(student.time_zone));

/** Paused Students: summary cards, the paged table, and a details dialog. */
export function PausedStudents({ centerId, onResume }: { centerId: string; onResume: (student: Student) => void }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const paused = usePausedStudents(centerId || undefined, page + 1, size);
  const [details, setDetails] = useState<Student | null>(null);
  const rows = paused.data?.students ?? [];
  const counts = paused.data?.counts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new centre starts from the first page
  useEffect(() => setPage(0), [centerId]);

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
        {paused.isError && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {refusalMessage(paused.error, PAUSE_MESSAGES.listFailed)}
          </Alert>
        )}
        {paused.isPending && (
          <Stack sx={{ alignItems: "center", py: 6 }}>
            <CircularProgress aria-label="Loading paused students" />
          </Stack>
        )}
        {paused.isSuccess && rows.length === 0 && (
          <Box sx={{ p: 5, textAlign: "center" }}>
            <Typography variant="h6" component="p">
              No Paused Students
            </Typography>
            <Typography color="text.secondary">All students are currently active.</Typography>
          </Box>
        )}
        {rows.length > 0 && (
          <>
            <TableContainer>
              <Table size="small" aria-label="Paused students" sx={{ "& td, & th": { px: { xs: 1, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Student Name</TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Classroom</TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Pause Start</TableCell>
                    <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>Pause End</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => {
                    const expiry = expiryOf(row);
                    return (
                      <TableRow key={row.id} hover>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                            <Avatar
                              sx={{
                                width: 32,
                                height: 32,
                                bgcolor: "warning.main",
                                display: { xs: "none", sm: "flex" },
                              }}
                            >
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
                        </TableCell>
                        <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                          {row.classroom_name ?? "Unassigned"}
                        </TableCell>
                        <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                          {pauseDate(row.pause_start_date)}
                        </TableCell>
                        <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
                          {pauseDate(row.pause_end_date)}
                        </TableCell>
                        <TableCell>
                          <Chip size="small" color={expiry.color} label={expiry.label} />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
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
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              labelRowsPerPage="Rows"
              sx={{
                "& .MuiTablePagination-toolbar": { px: { xs: 1, sm: 2 } },
                "& .MuiTablePagination-actions": { ml: { xs: 1, sm: 2.5 } },
              }}
              count={paused.data?.pagination.total ?? 0}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={size}
              onRowsPerPageChange={(event) => {
                setSize(Number(event.target.value));
                setPage(0);
              }}
              rowsPerPageOptions={[10, 25, 50]}
            />
          </>
        )}
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
