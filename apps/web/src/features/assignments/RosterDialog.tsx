import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  LinearProgress,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type Assignment, commentInput, type Submission } from "@sprout/shared/schemas/assignments";
import { useState } from "react";
import { useSay } from "../../i18n/useSay";
import { catalogueError } from "../lesson-plans/api";
import { useAssignmentMutations, useRoster } from "./api";
import { SubmissionView } from "./SubmissionView";

function CommentBox({ item, submission, onSaved }: { item: Assignment; submission: Submission; onSaved: () => void }) {
  const say = useSay();
  const { comment } = useAssignmentMutations();
  const [text, setText] = useState(submission.teacher_comment ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = commentInput.safeParse({ comment: text });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    comment.mutate({ id: item.id, submissionId: submission.id, comment: parsed.data.comment }, { onSuccess: onSaved });
  };
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
      <TextField
        size="small"
        label={say("assignments.commentFor", { name: submission.child_name })}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onBlur={() => text && setError(commentInput.safeParse({ comment: text }).error?.issues[0]?.message ?? null)}
        error={Boolean(error) || comment.isError}
        helperText={
          error ?? (comment.isError ? catalogueError(comment.error, "comment on submissions", say) : undefined)
        }
        fullWidth
      />
      <Button variant="outlined" onClick={save} disabled={comment.isPending} sx={{ minHeight: 40 }}>
        {say("assignments.saveComment")}
      </Button>
    </Stack>
  );
}

/** The teacher's view of a room: every child, submitted or not, with the work and a comment box. */
export function RosterDialog({
  item,
  onClose,
  onCommented,
}: {
  item: Assignment;
  onClose: () => void;
  onCommented: () => void;
}) {
  const say = useSay();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const roster = useRoster(item.id);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="roster-title">
      <DialogTitle id="roster-title">{say("assignments.submissionsTitle", { title: item.title })}</DialogTitle>
      <DialogContent>
        {roster.isPending && <LinearProgress aria-label={say("assignments.loadingSubmissions")} />}
        {roster.isError && <Alert severity="error">{catalogueError(roster.error, "view submissions", say)}</Alert>}
        {roster.data && (
          <Stack spacing={1.5} divider={<Divider flexItem />}>
            <Typography color="text.secondary">
              {say("assignments.submittedCount", {
                submitted: roster.data.submitted,
                total: roster.data.children.length,
              })}
            </Typography>
            {roster.data.children.map((row) => (
              <Box
                key={row.child_id}
                component="section"
                aria-label={say("assignments.submissionOf", { name: row.child_name })}
              >
                <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{row.child_name}</Typography>
                  <Chip
                    size="small"
                    color={row.submission ? "success" : "default"}
                    label={say(row.submission ? "assignments.submittedChip" : "assignments.notSubmitted")}
                  />
                </Stack>
                {row.submission && (
                  <Stack spacing={1}>
                    <SubmissionView submission={row.submission} />
                    {item.can_edit && <CommentBox item={item} submission={row.submission} onSaved={onCommented} />}
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("assignments.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
