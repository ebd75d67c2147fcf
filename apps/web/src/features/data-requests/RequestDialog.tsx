import { Alert } from "@mui/material";
import {
  DATA_REQUEST_KIND_LABEL_IDS,
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
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useDataMutations } from "./api";

type Form = z.input<typeof dataRequestInput>;

/** A parent asks for a correction (what is wrong, what it should be) or for erasure. */
export function RequestDialog({ kids, onClose }: { kids: ParentChild[]; onClose: () => void }) {
  const say = useSay();
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
      title={say("dataRequests.askTitle")}
      submitLabel={say("dataRequests.sendRequest")}
      onSubmit={submit}
      onClose={onClose}
      submitDisabled={ask.isPending}
    >
      <Alert severity="info">{say("dataRequests.answersWithin", { days: REQUEST_DUE_DAYS })}</Alert>
      {kids.length > 1 && (
        <FormSelectField
          form={form}
          name="student_id"
          label={say("dataRequests.child")}
          options={kids.map((child) => ({
            value: child.id,
            label: `${child.first_name} ${child.last_name}`.trim(),
          }))}
        />
      )}
      <FormSelectField
        form={form}
        name="kind"
        label={say("dataRequests.iAskFor")}
        options={DATA_REQUEST_KINDS.map((value) => ({ value, label: say(DATA_REQUEST_KIND_LABEL_IDS[value]) }))}
      />
      <FormTextField
        form={form}
        name="details"
        label={say(kind === "erasure" ? "dataRequests.whyErasure" : "dataRequests.whatIsWrong")}
        multiline
        minRows={2}
        helperText={kind === "erasure" ? say("dataRequests.erasureNote") : undefined}
      />
      {kind === "correction" && (
        <FormTextField form={form} name="correction" label={say("dataRequests.whatShouldBe")} multiline minRows={2} />
      )}
      {ask.isError && <Alert severity="error">{refusalMessage(ask.error, say("dataRequests.requestFailed"))}</Alert>}
    </FormDialog>
  );
}
