import { Box, Chip, Stack, Typography } from "@mui/material";
import type { Submission } from "@sprout/shared/schemas/assignments";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { Attachment } from "../child-day/Attachment";

/** A submission as both sides read it: when, late or not, the text, the files and the teacher's comment. */
export function SubmissionView({ submission }: { submission: Submission }) {
  const say = useSay();
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary">
          {say("assignments.submittedAt", { time: formatDateTime(submission.submitted_at) })}
        </Typography>
        {submission.is_late && <Chip size="small" color="warning" label={say("assignments.late")} />}
      </Stack>
      {submission.submission_text && (
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {submission.submission_text}
        </Typography>
      )}
      {submission.submission_files.length > 0 && (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {submission.submission_files.map((file) => (
            <Attachment key={file.id} file={file} />
          ))}
        </Box>
      )}
      {submission.teacher_comment && (
        <Box sx={{ bgcolor: "action.hover", borderRadius: 1, p: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {say("assignments.teacherComment")}
          </Typography>
          <Typography variant="body2">{submission.teacher_comment}</Typography>
        </Box>
      )}
    </Stack>
  );
}
