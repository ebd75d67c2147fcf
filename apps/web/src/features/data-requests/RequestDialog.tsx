import { Alert } from "@mui/material";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  dataRequestInput,
  REQUEST_DUE_DAYS,
} from "@sprout/shared/schemas/data-requests";
import type { ParentChild } from "@sprout/shared/schemas/parents";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormSelectField, FormTextField } from "../../components/form/fields";
import { zodResolver } from "../../i18n/zodResolver";
import { useDataMutations } from "./api";

type Form = z.input<typeof dataRequestInput>;

/** A parent asks for a correction (what is wrong, what it should be) or for erasure. */
export function RequestDialog({ kids, onClose }: { kids: ParentChild[]; onClose: () => void }) {
  const { ask } = useDataMutations();
  const form = useForm<Form, unknown, z.output<typeof dataRequestInput>>({
    resolver: zodResolver(dataRequestInput),
    defaultValues: {
      student_id: kids.length === 1 ? kids[0]!.id : "",
      kind: "correction",
      details: "",
      correction: "",
    },
    mode: "onBlur",
  });
  const kind = form.watch("kind");
  const submit = form.handleSubmit((body) => ask.mutate(body, { onSuccess: onClose }));
  return (
    <FormDialog
      title="Ask about your child's data"
      submitLabel="Send request"
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={ask.isPending}
    >
      <Alert severity="info">
        The centre answers within {REQUEST_DUE_DAYS} days. You will see the answer on this page.
      </Alert>
      {kids.length > 1 && (
        <FormSelectField
          form={form}
          name="student_id"
          label="Child"
          options={kids.map((child) => ({
            value: child.id,
            label: `${child.first_name} ${child.last_name}`.trim(),
          }))}
        />
      )}
      <FormSelectField
        form={form}
        name="kind"
        label="I ask for"
        options={DATA_REQUEST_KINDS.map((value) => ({ value, label: DATA_REQUEST_KIND_LABELS[value] }))}
      />
      <FormTextField
        form={form}
        name="details"
        label={kind === "erasure" ? "Why do you ask for erasure?" : "What is wrong?"}
        multiline
        minRows={2}
        helperText={
          kind === "erasure"
            ? "Erasure is done after your child has left the centre; invoices and payments are kept for the books."
            : undefined
        }
      />
      {kind === "correction" && (
        <FormTextField form={form} name="correction" label="What should it be?" multiline minRows={2} />
      )}
      {ask.isError && <Alert severity="error">{refusalMessage(ask.error, "Could not send the request.")}</Alert>}
    </FormDialog>
  );
}
