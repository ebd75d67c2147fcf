import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { PAUSE_MESSAGES, pauseDuration, pauseExpiry, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useStudentActions } from "./api";
import { ChildHeading, ConsequenceList } from "./DialogParts";
import { centreToday, missingTokens, pauseDate } from "./shared";

const AFTER_RESUME = [
  "The student is active again from today",
  "The student appears in attendance again",
  "Billing resumes from today",
];

/** Resume Student Enrollment: the pause period, days remaining or since expiry, optional notes. */
export function ResumeDialog({
  student,
  onClose,
  onDone,
}: {
  student: Student | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { resume } = useStudentActions();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (student) {
      setNotes("");
      setError("");
      resume.reset();
    }
  }, [student?.id]);

  const start = student?.pause_start_date ?? "";
  const end = student?.pause_end_date ?? "";
  const expiry = end ? pauseExpiry(end, centreToday(student!.time_zone)) : null;
  const days = pauseDuration(start, end);

  const submit = async () => {
    const tokens = missingTokens();
    if (tokens) return setError(tokens);
    setError("");
    try {
      const answer = await resume.mutateAsync({ id: student!.id, body: { notes } });
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, PAUSE_MESSAGES.resumeFailed));
    }
  };

  return (
    <Dialog
      open={Boolean(student)}
      onClose={resume.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="resume-title"
    >
      <DialogTitle id="resume-title">Resume Student Enrollment</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ChildHeading
            name={student?.name}
            studentId={student?.student_id}
            chip={<Chip size="small" color="warning" label="Currently Paused" />}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Typography variant="body2" color="text.secondary">
              Pause period
            </Typography>
            <Typography>
              {pauseDate(start)} – {pauseDate(end)} ({days} day{days === 1 ? "" : "s"})
            </Typography>
          </Box>
          {expiry && <Chip sx={{ alignSelf: "flex-start" }} color={expiry.color} label={expiry.label} />}
          <Box>
            <Typography variant="body2" color="text.secondary">
              Original reason
            </Typography>
            <Typography>{student?.pause_reason || "No reason provided"}</Typography>
          </Box>
          <TextField
            label="Resume notes (optional)"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
            fullWidth
          />
          <ConsequenceList severity="info" title="After resuming:" lines={AFTER_RESUME} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resume.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="success" onClick={submit} disabled={resume.isPending}>
          {resume.isPending ? "Resuming..." : "Resume Student"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
