import { Alert, Link, Typography } from "@mui/material";
import {
  answerInput,
  DATA_REQUEST_STATUS_LABELS,
  type DeskDataRequest,
  erasureInput,
} from "@sprout/shared/schemas/data-requests";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormSelectField, FormTextField } from "../../components/form/fields";
import { zodResolver } from "../../i18n/zodResolver";
import { useDataMutations } from "./api";

function Asked({ request }: { request: DeskDataRequest }) {
  return (
    <>
      <Typography>
        <strong>{request.requested_by_name}</strong> about <strong>{request.child_name}</strong>: {request.details}
      </Typography>
      {request.correction && <Typography>Should be: {request.correction}</Typography>}
    </>
  );
}

/**
 * Answer a request. For a correction the record is changed in the child's own screen first
 * (linked here); this closes the request with what was done, or why not.
 */
export function AnswerDialog({ request, onClose }: { request: DeskDataRequest; onClose: () => void }) {
  const { answer } = useDataMutations();
  const form = useForm<z.input<typeof answerInput>, unknown, z.output<typeof answerInput>>({
    resolver: zodResolver(answerInput),
    defaultValues: { status: request.kind === "erasure" ? "refused" : "done", answer: "" },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((body) => answer.mutate({ id: request.id, body }, { onSuccess: onClose }));
  const outcomes = request.kind === "erasure" ? (["refused"] as const) : (["done", "refused"] as const);
  return (
    <FormDialog
      title="Answer the request"
      submitLabel="Send answer"
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={answer.isPending}
    >
      <Asked request={request} />
      {request.kind === "correction" && (
        <Alert severity="info">
          Correct the record first in{" "}
          <Link component={RouterLink} to={`/children/${request.student_id}`}>
            {request.child_name}'s record
          </Link>
          , then mark the request done and tell the parent what changed.
        </Alert>
      )}
      <FormSelectField
        form={form}
        name="status"
        label="Outcome"
        options={outcomes.map((value) => ({ value, label: DATA_REQUEST_STATUS_LABELS[value] }))}
      />
      <FormTextField form={form} name="answer" label="Answer to the parent" multiline minRows={3} />
      {answer.isError && <Alert severity="error">{refusalMessage(answer.error, "Could not send the answer.")}</Alert>}
    </FormDialog>
  );
}

/** Runs an erasure: only for a child who has left; confirms what goes and what stays. */
export function EraseDialog({ request, onClose }: { request: DeskDataRequest; onClose: () => void }) {
  const { erase } = useDataMutations();
  const form = useForm<z.input<typeof erasureInput>, unknown, z.output<typeof erasureInput>>({
    resolver: zodResolver(erasureInput),
    defaultValues: { answer: `${request.child_name}'s records have been erased.` },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((body) => erase.mutate({ id: request.id, body }, { onSuccess: onClose }));
  return (
    <FormDialog
      title={`Erase ${request.child_name}'s records`}
      submitLabel="Erase now"
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={erase.isPending}
    >
      <Asked request={request} />
      <Alert severity="warning">
        This removes the child's profile details, photos and their files, observations, messages, health records,
        child's-day entries, attendance, pick-up people, documents and consents. Invoices and payments stay, with the
        child's name, as the books require. It cannot be undone.
      </Alert>
      <FormTextField form={form} name="answer" label="Answer to the parent" multiline minRows={2} />
      {erase.isError && <Alert severity="error">{refusalMessage(erase.error, "Could not erase the records.")}</Alert>}
    </FormDialog>
  );
}
