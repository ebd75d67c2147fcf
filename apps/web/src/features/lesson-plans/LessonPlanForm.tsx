import { Alert, TextField } from "@mui/material";
import { LESSON_PARTS, type LessonPlan, lessonPlanFields } from "@sprout/shared/schemas/lesson-plans";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { fieldError } from "../child-day/fieldError";
import { CompetencyPicker, type PickedCompetency, pickedFromTag } from "../development/CompetencyPicker";
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
  const say = useSay();
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
      competencies: plan?.competencies.map((tag) => tag.code) ?? [],
    },
  });
  const [tags, setTags] = useState<PickedCompetency[]>(plan?.competencies.map(pickedFromTag) ?? []);
  const roomId = form.watch("classroom_id");
  const centreId = (rooms.data ?? []).find((room) => room.id === roomId)?.center_id ?? null;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: plan?.id ?? null, body },
      { onSuccess: () => onSaved(say(plan ? "lessonPlans.updated" : "lessonPlans.created")) },
    ),
  );

  return (
    <FormDialog
      title={say(plan ? "lessonPlans.editTitle" : "lessonPlans.newPlan")}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={save.isPending}
      submitLabel={say(plan ? "lessonPlans.saveChanges" : "lessonPlans.createPlan")}
    >
      {save.isError && (
        <Alert severity="error">
          {catalogueError(save.error, "save lesson plans", say, say("lessonPlans.saveFailed"))}
        </Alert>
      )}
      <FormTextField form={form} name="topic" label={say("lessonPlans.topic")} required />
      <FormDateField form={form} name="date" label={say("lessonPlans.date")} required />
      <FormSelectField
        form={form}
        name="classroom_id"
        label={say("lessonPlans.classroom")}
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
              label={say("lessonPlans.part", { part })}
              multiline
              minRows={2}
              value={(field.value ?? []).join("\n")}
              onChange={(event) => field.onChange(event.target.value.split("\n"))}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? say("lessonPlans.onePerLine")}
            />
          )}
        />
      ))}
      <CompetencyPicker
        value={tags}
        centerId={centreId}
        onChange={(next) => {
          setTags(next);
          form.setValue(
            "competencies",
            next.map((tag) => tag.code),
            { shouldDirty: true },
          );
        }}
        error={Boolean(form.formState.errors.competencies)}
        helperText={fieldError(form.formState.errors.competencies?.message, say)}
      />
      <FormTextField
        form={form}
        name="notes"
        label={say("lessonPlans.staffNotes")}
        multiline
        minRows={2}
        helperText={say("lessonPlans.notForParents")}
      />
    </FormDialog>
  );
}
