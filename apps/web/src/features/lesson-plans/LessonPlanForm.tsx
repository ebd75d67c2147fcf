import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, TextField } from "@mui/material";
import {
  LESSON_PART_LABELS,
  LESSON_PARTS,
  LESSON_PLAN_MESSAGES,
  type LessonPlan,
  lessonPlanFields,
} from "@sprout/shared/schemas/lesson-plans";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { catalogueError, useClassroomOptions, useLessonPlanMutations } from "./api";

type Values = z.input<typeof lessonPlanFields>;

/** Create or edit a plan; each part is written one entry per line. */
export function LessonPlanForm({
  plan,
  today,
  classroomId,
  onClose,
  onSaved,
}: {
  plan: LessonPlan | null;
  today: string;
  classroomId: string | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const rooms = useClassroomOptions();
  const { save } = useLessonPlanMutations();
  const form = useForm<Values, unknown, z.output<typeof lessonPlanFields>>({
    resolver: zodResolver(lessonPlanFields),
    mode: "onTouched",
    defaultValues: {
      topic: plan?.topic ?? "",
      date: plan?.date ?? today,
      classroom_id: plan?.classroom_id ?? classroomId ?? "",
      objectives: plan?.objectives ?? [],
      activities: plan?.activities ?? [],
      resources: plan?.resources ?? [],
      notes: plan?.notes ?? "",
    },
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: plan?.id ?? null, body },
      { onSuccess: () => onSaved(plan ? LESSON_PLAN_MESSAGES.updated : LESSON_PLAN_MESSAGES.created) },
    ),
  );

  return (
    <FormDialog
      title={plan ? "Edit Lesson Plan" : "New Lesson Plan"}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={save.isPending}
      submitLabel={plan ? "Save Changes" : "Create Lesson Plan"}
    >
      {save.isError && (
        <Alert severity="error">
          {catalogueError(save.error, "save lesson plans", LESSON_PLAN_MESSAGES.saveFailed)}
        </Alert>
      )}
      <FormTextField form={form} name="topic" label="Topic" required />
      <FormDateField form={form} name="date" label="Date" required />
      <FormSelectField
        form={form}
        name="classroom_id"
        label="Classroom"
        required
        options={(rooms.data ?? []).map((room) => ({ value: room.id, label: room.name }))}
      />
      {LESSON_PARTS.map((part) => (
        <Controller
          key={part}
          control={form.control}
          name={part}
          render={({ field, fieldState }) => (
            <TextField
              label={LESSON_PART_LABELS[part]}
              multiline
              minRows={2}
              value={(field.value ?? []).join("\n")}
              onChange={(event) => field.onChange(event.target.value.split("\n"))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? "One per line"}
            />
          )}
        />
      ))}
      <FormTextField
        form={form}
        name="notes"
        label="Staff notes"
        multiline
        minRows={2}
        helperText="Not shown to parents"
      />
    </FormDialog>
  );
}
