import Delete from "@mui/icons-material/Delete";
import Edit from "@mui/icons-material/Edit";
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Divider,
  IconButton,
  Stack,
  Typography,
} from "@mui/material";
import type { Assignment } from "@sprout/shared/schemas/assignments";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { Attachment } from "../child-day/Attachment";
import { SubmissionView } from "./SubmissionView";

/** One assignment: title, classroom, due date, description, attachments and the role's actions. */
export function AssignmentCard({
  item,
  onEdit,
  onDelete,
  onRoster,
  onSubmit,
}: {
  item: Assignment;
  onEdit: () => void;
  onDelete: () => void;
  onRoster: () => void;
  onSubmit: () => void;
}) {
  const say = useSay();
  const children = item.my_children;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={say("assignments.ariaCard", { title: item.title })}
      sx={{ height: "100%" }}
    >
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" color="text.secondary">
            {item.classroom_name} · {item.created_by}
          </Typography>
          {item.due_date && <Chip size="small" label={say("assignments.due", { date: formatDate(item.due_date) })} />}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {item.title}
        </Typography>
        {item.description && (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {item.description}
          </Typography>
        )}
        {item.attachments.length > 0 && (
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }}>
            {item.attachments.map((file) => (
              <Attachment key={file.id} file={file} />
            ))}
          </Box>
        )}
        {children?.map((child) => (
          <Box key={child.child_id} sx={{ mt: 1.5 }}>
            <Divider sx={{ mb: 1 }} />
            <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 0.5 }}>
              <Typography variant="subtitle2">{child.child_name}</Typography>
              {!child.submission && <Chip size="small" label={say("assignments.notSubmitted")} />}
            </Stack>
            {child.submission && <SubmissionView submission={child.submission} />}
          </Box>
        ))}
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end", flexWrap: "wrap" }}>
        {children && children.length > 0 && (
          <Button variant="contained" onClick={onSubmit}>
            {say(children.every((child) => child.submission) ? "assignments.submitAgain" : "assignments.submit")}
          </Button>
        )}
        {item.submitted_count !== undefined && (
          <Button onClick={onRoster}>{say("assignments.submissionsCount", { count: item.submitted_count })}</Button>
        )}
        {item.can_edit && (
          <>
            <IconButton aria-label={say("assignments.editTitle", { title: item.title })} onClick={onEdit}>
              <Edit />
            </IconButton>
            <IconButton aria-label={say("assignments.deleteTitle", { title: item.title })} onClick={onDelete}>
              <Delete />
            </IconButton>
          </>
        )}
      </CardActions>
    </Card>
  );
}
