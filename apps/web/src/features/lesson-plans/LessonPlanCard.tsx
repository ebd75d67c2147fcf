import Delete from "@mui/icons-material/Delete";
import Edit from "@mui/icons-material/Edit";
import {
  Box,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  IconButton,
  Stack,
  Typography,
} from "@mui/material";
import {
  type CheckoffStatus,
  LESSON_PARTS,
  type LessonPart,
  type LessonPlan,
} from "@sprout/shared/schemas/lesson-plans";
import { useEffect, useState } from "react";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { CompetencyChip } from "../development/CompetencyPicker";

const doneKey = (part: LessonPart) => `${part}_done` as keyof CheckoffStatus;

/** One plan: topic, date, the three parts with their check-offs, and the editor's actions. */
export function LessonPlanCard({
  plan,
  onCheck,
  onEdit,
  onDelete,
  busy,
}: {
  plan: LessonPlan;
  onCheck: (parts: Partial<CheckoffStatus>) => void;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  // A tick shows the moment it is clicked: the checkbox is controlled, and the cache's optimistic
  // update lands only after the query is cancelled and the store notifies, so without this the box
  // flicks back for a moment (and a click can read as "nothing changed"). Once the save settles the
  // plan's own state (saved, or put back after a refusal) shows again.
  const say = useSay();
  const [ticked, setTicked] = useState<Partial<CheckoffStatus>>({});
  useEffect(() => {
    if (!busy) setTicked({});
  }, [busy]);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={say("lessonPlans.planAria", { topic: plan.topic })}
      sx={{ height: "100%" }}
    >
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {formatDate(plan.date)} · {plan.classroom_name}
        </Typography>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {plan.topic}
        </Typography>
        {plan.competencies.length > 0 && (
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 1 }} aria-label={say("development.competencies")}>
            {plan.competencies.map((tag) => (
              <CompetencyChip key={`${tag.framework_key}:${tag.code}`} tag={tag} />
            ))}
          </Box>
        )}
        {LESSON_PARTS.map((part) => {
          const items = plan[part] ?? [];
          const done = ticked[doneKey(part)] ?? plan.checkoff_status?.[doneKey(part)];
          return (
            <Box key={part} sx={{ mt: 1.5 }}>
              <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1 }}>
                <Typography variant="subtitle2">{say("lessonPlans.part", { part })}</Typography>
                {plan.can_checkoff ? (
                  <FormControlLabel
                    sx={{ mr: 0 }}
                    control={
                      <Checkbox
                        checked={Boolean(done)}
                        disabled={busy}
                        onChange={(event) => {
                          const parts = { [doneKey(part)]: event.target.checked };
                          setTicked((before) => ({ ...before, ...parts }));
                          onCheck(parts);
                        }}
                        slotProps={{ input: { "aria-label": say("lessonPlans.partDone", { part }) } }}
                      />
                    }
                    label={say("lessonPlans.done")}
                  />
                ) : (
                  done !== undefined && (
                    <Chip
                      size="small"
                      color={done ? "success" : "default"}
                      label={say(done ? "lessonPlans.done" : "lessonPlans.notDone")}
                    />
                  )
                )}
              </Stack>
              {items.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {say("lessonPlans.noneListed")}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {items.map((item) => (
                    <Typography component="li" variant="body2" key={item} sx={{ overflowWrap: "anywhere" }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
        {plan.notes && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, whiteSpace: "pre-wrap" }}>
            {say("lessonPlans.notes", { notes: plan.notes })}
          </Typography>
        )}
      </CardContent>
      {plan.can_edit && (
        <CardActions sx={{ justifyContent: "flex-end" }}>
          <IconButton aria-label={say("lessonPlans.editTopic", { topic: plan.topic })} onClick={onEdit}>
            <Edit />
          </IconButton>
          <IconButton aria-label={say("lessonPlans.deleteTopic", { topic: plan.topic })} onClick={onDelete}>
            <Delete />
          </IconButton>
        </CardActions>
      )}
    </Card>
  );
}
