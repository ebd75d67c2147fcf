import { Alert, TextField } from "@mui/material";
import { type Assignment, submissionFields } from "@sprout/shared/schemas/assignments";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../components/form/FormDialog";
import { FormSelectField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { catalogueError } from "../lesson-plans/api";
import { useAssignmentMutations } from "./api";
import { FilesField } from "./FilesField";

type Values = z.input<typeof submissionFields>;

/** A parent hands in work for one of their children in the assignment's classroom: text, files or both. */
export function SubmitDialog({
  item,
  onClose,
  onSubmitted,
}: {
  item: Assignment;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const say = useSay();
  const children = item.my_children ?? [];
  const { submit } = useAssignmentMutations();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof submissionFields>>({
    resolver: zodResolver(submissionFields),
    mode: "onTouched",
    defaultValues: { child_id: children.length === 1 ? children[0]!.child_id : "", submission_text: "" },
  });
  const { errors } = form.formState;
  const send = form.handleSubmit((values) => {
    if (!values.submission_text && files.length === 0) {
      setEmptyError(true);
      return;
    }
    const body = new FormData();
    body.append("child_id", values.child_id);
    body.append("submission_text", values.submission_text);
    for (const file of files) body.append("submission_files", file);
    submit.mutate({ id: item.id, form: body }, { onSuccess: onSubmitted });
  });

  return (
    <FormDialog
      title={say("assignments.submitTitle", { title: item.title })}
      onClose={onClose}
      onSubmit={send}
      submitDisabled={submit.isPending || fileError !== null}
      submitLabel={say("assignments.submit")}
    >
      {submit.isError && (
        <Alert severity="error">
          {catalogueError(submit.error, "submit assignments", say, say("assignments.submitFailed"))}
        </Alert>
      )}
      <FormSelectField
        form={form}
        name="child_id"
        label={say("assignments.child")}
        required
        options={children.map((child) => ({ value: child.child_id, label: child.child_name }))}
      />
      <TextField
        label={say("assignments.submission")}
        multiline
        minRows={3}
        {...form.register("submission_text", { onChange: () => setEmptyError(false) })}
        error={emptyError || Boolean(errors.submission_text)}
        helperText={emptyError ? say("assignments.submissionEmpty") : (errors.submission_text?.message ?? undefined)}
      />
      <FilesField
        label={say("assignments.uploadFiles")}
        inputLabel={say("assignments.submissionFiles")}
        files={files}
        error={fileError}
        onPicked={(picked) => {
          setFiles(picked.files);
          setFileError(picked.error);
          setEmptyError(false);
        }}
      />
    </FormDialog>
  );
}
