import UploadFile from "@mui/icons-material/UploadFile";
import { Alert, Button, Typography } from "@mui/material";
import {
  POLICY_AUDIENCE_LABEL_IDS,
  POLICY_AUDIENCES,
  POLICY_PDF_MAX_BYTES,
  type Policy,
  policyFields,
} from "@sprout/shared/schemas/policies";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { FormDialog } from "../../components/form/FormDialog";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { usePolicyMutations } from "./api";

type Values = z.input<typeof policyFields>;

/** Publish a policy, or a new version of one (text, a PDF, or both). */
export function PolicyForm({
  item,
  today,
  onClose,
  onSaved,
}: {
  item: Policy | null;
  today: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const say = useSay();
  const user = useSignedInUser();
  const owner = user.role === "owner";
  const centres = useCentres();
  const { save } = usePolicyMutations();
  const [pdf, setPdf] = useState<File | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof policyFields>>({
    resolver: zodResolver(policyFields),
    mode: "onTouched",
    defaultValues: {
      title: item?.title ?? "",
      body: item?.body ?? "",
      audience: item?.audience ?? "both",
      effective_date: item?.effective_date ?? today,
      center_id: item?.center_id ?? (owner ? undefined : (user.center_id ?? undefined)),
    },
  });
  const submit = form.handleSubmit((values) => {
    if (!values.body && !pdf && !item?.pdf) {
      form.setError("body", { message: say("policies.contentRequired") });
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) if (value) body.append(key, value);
    if (pdf) body.append("pdf", pdf);
    save.mutate(
      { id: item?.id ?? null, form: body },
      { onSuccess: () => onSaved(say(item ? "policies.newVersion" : "policies.published")) },
    );
  });

  return (
    <FormDialog
      title={item ? say("policies.newVersionOf", { title: item.title }) : say("policies.publishPolicy")}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={save.isPending || pdfError !== null}
      submitLabel={say(item ? "policies.publishNewVersion" : "policies.publish")}
    >
      {save.isError && <Alert severity="error">{refusalMessage(save.error, say("policies.saveFailed"))}</Alert>}
      <FormTextField form={form} name="title" label={say("policies.fieldTitle")} required />
      {owner && !item && (
        <FormSelectField
          form={form}
          name="center_id"
          label={say("policies.fieldCentre")}
          required
          options={(centres.data ?? []).map((centre) => ({ value: centre.id, label: centre.center_name }))}
        />
      )}
      <FormSelectField
        form={form}
        name="audience"
        label={say("policies.fieldAudience")}
        required
        options={POLICY_AUDIENCES.map((audience) => ({
          value: audience,
          label: say(POLICY_AUDIENCE_LABEL_IDS[audience]),
        }))}
      />
      <FormDateField form={form} name="effective_date" label={say("policies.fieldEffectiveDate")} required />
      <FormTextField form={form} name="body" label={say("policies.fieldText")} multiline minRows={5} />
      <Button component="label" variant="outlined" startIcon={<UploadFile />} sx={{ alignSelf: "flex-start" }}>
        {say(item?.pdf ? "policies.replacePdf" : "policies.uploadPdf")}
        <input
          hidden
          type="file"
          accept="application/pdf"
          aria-label={say("policies.pdfLabel")}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const wrong = file && file.type !== "application/pdf";
            const big = file && file.size > POLICY_PDF_MAX_BYTES;
            setPdfError(wrong ? say("policies.fileType") : big ? say("policies.fileTooLarge") : null);
            setPdf(wrong || big ? null : file);
            form.clearErrors("body");
          }}
        />
      </Button>
      {pdfError && <Alert severity="error">{pdfError}</Alert>}
      {(pdf || item?.pdf) && (
        <Typography variant="body2" color="text.secondary">
          {pdf?.name ?? item?.pdf?.name}
        </Typography>
      )}
      {item && <Alert severity="info">{say("policies.versionNote", { version: item.version + 1 })}</Alert>}
    </FormDialog>
  );
}
