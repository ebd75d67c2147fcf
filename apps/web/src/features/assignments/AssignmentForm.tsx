import { Alert, Button, Stack, TextField, Typography } from "@mui/material";
import { ASSIGNMENT_FILES_MAX, type Assignment, assignmentFields } from "@sprout/shared/schemas/assignments";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useMyClassrooms } from "../child-day/api";
import { catalogueError } from "../lesson-plans/api";
import { useAssignmentMutations } from "./api";
import { FilesField } from "./FilesField";

type Values = z.input<typeof assignmentFields>;

/** Set or edit an assignment for one of the teacher's classrooms (multipart: fields and files). */
export function AssignmentForm({
  item,
  onClose,
  onSaved,
}: {
  item: Assignment | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const say = useSay();
  const rooms = useMyClassrooms();
  const { save } = useAssignmentMutations();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  // Attachments already on the assignment that this save drops (the cap counts what is kept).
  const [removed, setRemoved] = useState<string[]>([]);
  const kept = (item?.attachments ?? []).filter((file) => !removed.includes(file.id));
  const overCap = kept.length + files.length > ASSIGNMENT_FILES_MAX;
  const form = useForm<Values, unknown, z.output<typeof assignmentFields>>({
    resolver: zodResolver(assignmentFields),
    mode: "onTouched",
    defaultValues: {
      title: item?.title ?? "",
      description: item?.description ?? "",
      due_date: item?.due_date ?? "",
      classroom_id: item?.classroom_id ?? "",
    },
  });
  const submit = form.handleSubmit((values) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) body.append(key, value);
    for (const file of files) body.append("attachments", file);
    if (removed.length) body.append("remove_attachments", removed.join(","));
    save.mutate(
      { id: item?.id ?? null, form: body },
      { onSuccess: () => onSaved(say(item ? "assignments.updated" : "assignments.created")) },
    );
  });

  return (
    <FormDialog
      title={say(item ? "assignments.editAssignment" : "assignments.newAssignment")}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={save.isPending || fileError !== null || overCap}
      submitLabel={say(item ? "assignments.saveChanges" : "assignments.createAssignment")}
    >
      {save.isError && (
        <Alert severity="error">
          {catalogueError(save.error, "save assignments", say, say("assignments.saveFailed"))}
        </Alert>
      )}
      <FormTextField form={form} name="title" label={say("assignments.titleField")} required />
      <FormSelectField
        form={form}
        name="classroom_id"
        label={say("assignments.classroom")}
        required
        options={(rooms.data ?? []).map((room) => ({ value: room.id, label: room.name }))}
      />
      <TextField label={say("assignments.description")} multiline minRows={3} {...form.register("description")} />
      <FormDateField form={form} name="due_date" label={say("assignments.dueDateField")} />
      {item && item.attachments.length > 0 && (
        <Stack
          component="ul"
          aria-label={say("assignments.attachedFiles")}
          spacing={0.5}
          sx={{ m: 0, p: 0, listStyle: "none" }}
        >
          {item.attachments.map((file) => {
            const dropped = removed.includes(file.id);
            return (
              <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <Typography
                  variant="body2"
                  noWrap
                  sx={{ flex: 1, minWidth: 0, textDecoration: dropped ? "line-through" : undefined }}
                  color={dropped ? "text.secondary" : undefined}
                >
                  {file.name}
                </Typography>
                <Button
                  size="small"
                  aria-label={say(dropped ? "assignments.keepFile" : "assignments.removeFile", { name: file.name })}
                  onClick={() =>
                    setRemoved((ids) => (dropped ? ids.filter((id) => id !== file.id) : [...ids, file.id]))
                  }
                >
                  {say(dropped ? "assignments.keep" : "assignments.remove")}
                </Button>
              </Stack>
            );
          })}
        </Stack>
      )}
      {overCap && <Alert severity="error">{say("assignments.tooManyFiles")}</Alert>}
      <FilesField
        label={say("assignments.attachFiles")}
        inputLabel={say("assignments.attachments")}
        files={files}
        error={fileError}
        onPicked={(picked) => {
          setFiles(picked.files);
          setFileError(picked.error);
        }}
      />
    </FormDialog>
  );
}
