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
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { pauseDuration, pauseExpiry, type Student } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { useStudentActions } from "./api";
import { ChildHeading, ConsequenceList } from "./DialogParts";
import { centreToday, expiryLabel, missingTokens, pauseDate } from "./shared";

const AFTER_RESUME: MessageId[] = [
  "children.afterResumeActive",
  "children.afterResumeAttendance",
  "children.afterResumeBilling",
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
  const say = useSay();
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
    const tokens = missingTokens(say);
    if (tokens) return setError(tokens);
    setError("");
    try {
      const answer = await resume.mutateAsync({ id: student!.id, body: { notes } });
      onDone(answer.message);
    } catch (caught) {
      setError(refusalMessage(caught, say("children.resumeFailed")));
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
      <DialogTitle id="resume-title">{say("children.resumeTitle")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ChildHeading
            name={student?.name}
            studentId={student?.student_id}
            chip={<Chip size="small" color="warning" label={say("children.currentlyPaused")} />}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Typography variant="body2" color="text.secondary">
              {say("children.pausePeriod")}
            </Typography>
            <Typography>
              {say("children.pausePeriodLine", { start: pauseDate(start), end: pauseDate(end), count: days })}
            </Typography>
          </Box>
          {expiry && <Chip sx={{ alignSelf: "flex-start" }} color={expiry.color} label={expiryLabel(say, expiry)} />}
          <Box>
            <Typography variant="body2" color="text.secondary">
              {say("children.originalReason")}
            </Typography>
            <Typography>{student?.pause_reason || say("children.noReason")}</Typography>
          </Box>
          <TextField
            label={say("children.resumeNotes")}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
            fullWidth
          />
          <ConsequenceList
            severity="info"
            title={say("children.afterResume")}
            lines={AFTER_RESUME.map((line) => say(line))}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resume.isPending}>
          {say("children.cancel")}
        </Button>
        <Button variant="contained" color="success" onClick={submit} disabled={resume.isPending}>
          {resume.isPending ? say("children.resuming") : say("children.resumeStudent")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
