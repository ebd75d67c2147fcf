import { Alert, Link, Typography } from "@mui/material";
import {
  answerInput,
  DATA_REQUEST_STATUS_LABEL_IDS,
  type DeskDataRequest,
  erasureInput,
} from "@sprout/shared/schemas/data-requests";
import { useForm } from "react-hook-form";
import { FormattedMessage } from "react-intl";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDialog } from "../../components/form/FormDialog";
import { FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useDataMutations } from "./api";

function Asked({ request }: { request: DeskDataRequest }) {
  const say = useSay();
  return (
    <>
      <Typography>
        <FormattedMessage
          id="dataRequests.askedAbout"
          values={{
            parent: request.requested_by_name,
            child: request.child_name,
            details: request.details,
            b: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      </Typography>
      {request.correction && (
        <Typography>{say("dataRequests.shouldBe", { correction: request.correction })}</Typography>
      )}
    </>
  );
}

/**
 * Answer a request. For a correction the record is changed in the child's own screen first
 * (linked here); this closes the request with what was done, or why not.
 */
export function AnswerDialog({ request, onClose }: { request: DeskDataRequest; onClose: () => void }) {
  const say = useSay();
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
      title={say("dataRequests.answerTitle")}
      submitLabel={say("dataRequests.sendAnswer")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={answer.isPending}
    >
      <Asked request={request} />
      {request.kind === "correction" && (
        <Alert severity="info">
          <FormattedMessage
            id="dataRequests.correctFirst"
            values={{
              child: request.child_name,
              link: (chunks) => (
                <Link component={RouterLink} to={`/children/${request.student_id}`}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </Alert>
      )}
      <FormSelectField
        form={form}
        name="status"
        label={say("dataRequests.outcome")}
        options={outcomes.map((value) => ({ value, label: say(DATA_REQUEST_STATUS_LABEL_IDS[value]) }))}
      />
      <FormTextField form={form} name="answer" label={say("dataRequests.answerToParent")} multiline minRows={3} />
      {answer.isError && (
        <Alert severity="error">{refusalMessage(answer.error, say("dataRequests.answerFailed"))}</Alert>
      )}
    </FormDialog>
  );
}

/** Runs an erasure: only for a child who has left; confirms what goes and what stays. */
export function EraseDialog({ request, onClose }: { request: DeskDataRequest; onClose: () => void }) {
  const say = useSay();
  const { erase } = useDataMutations();
  const form = useForm<z.input<typeof erasureInput>, unknown, z.output<typeof erasureInput>>({
    resolver: zodResolver(erasureInput),
    defaultValues: { answer: say("dataRequests.erasedAnswer", { child: request.child_name }) },
    mode: "onBlur",
  });
  const submit = form.handleSubmit((body) => erase.mutate({ id: request.id, body }, { onSuccess: onClose }));
  return (
    <FormDialog
      title={say("dataRequests.eraseTitle", { child: request.child_name })}
      submitLabel={say("dataRequests.eraseNow")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={erase.isPending}
    >
      <Asked request={request} />
      <Alert severity="warning">{say("dataRequests.eraseWarning")}</Alert>
      <FormTextField form={form} name="answer" label={say("dataRequests.answerToParent")} multiline minRows={2} />
      {erase.isError && <Alert severity="error">{refusalMessage(erase.error, say("dataRequests.eraseFailed"))}</Alert>}
    </FormDialog>
  );
}
