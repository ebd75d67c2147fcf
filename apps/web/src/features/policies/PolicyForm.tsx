import { zodResolver } from "@hookform/resolvers/zod";
import UploadFile from "@mui/icons-material/UploadFile";
import { Alert, Button, Typography } from "@mui/material";
import {
  POLICY_AUDIENCE_LABELS,
  POLICY_AUDIENCES,
  POLICY_MESSAGES,
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
      form.setError("body", { message: POLICY_MESSAGES.contentRequired });
      return;
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(values)) if (value) body.append(key, value);
    if (pdf) body.append("pdf", pdf);
    save.mutate(
      { id: item?.id ?? null, form: body },
      { onSuccess: () => onSaved(item ? POLICY_MESSAGES.newVersion : POLICY_MESSAGES.published) },
    );
  });

  return (
    <FormDialog
      title={item ? `New Version of ${item.title}` : "Publish Policy"}
      onClose={onClose}
      onSubmit={submit}
      submitDisabled={save.isPending || pdfError !== null}
      submitLabel={item ? "Publish New Version" : "Publish"}
    >
      {save.isError && <Alert severity="error">{refusalMessage(save.error, POLICY_MESSAGES.saveFailed)}</Alert>}
      <FormTextField form={form} name="title" label="Title" required />
      {owner && !item && (
        <FormSelectField
          form={form}
          name="center_id"
          label="Centre"
          required
          options={(centres.data ?? []).map((centre) => ({ value: centre.id, label: centre.center_name }))}
        />
      )}
      <FormSelectField
        form={form}
        name="audience"
        label="Audience"
        required
        options={POLICY_AUDIENCES.map((audience) => ({ value: audience, label: POLICY_AUDIENCE_LABELS[audience] }))}
      />
      <FormDateField form={form} name="effective_date" label="Effective date" required />
      <FormTextField form={form} name="body" label="Policy text" multiline minRows={5} />
      <Button component="label" variant="outlined" startIcon={<UploadFile />} sx={{ alignSelf: "flex-start" }}>
        {item?.pdf ? "Replace PDF" : "Upload PDF"}
        <input
          hidden
          type="file"
          accept="application/pdf"
          aria-label="Policy PDF"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const wrong = file && file.type !== "application/pdf";
            const big = file && file.size > POLICY_PDF_MAX_BYTES;
            setPdfError(wrong ? POLICY_MESSAGES.fileType : big ? POLICY_MESSAGES.fileTooLarge : null);
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
      {item && (
        <Alert severity="info">Publishing version {item.version + 1} asks everyone to acknowledge it again.</Alert>
      )}
    </FormDialog>
  );
}
