import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  Typography,
} from "@mui/material";
import type { Invoice } from "@sprout/shared/schemas/billing";
import { type CreateCreditNote, createCreditNote } from "@sprout/shared/schemas/fee-collection/credit-notes";
import { PRE_PRIMARY_SAC } from "@sprout/shared/schemas/fee-collection/tax";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormTextField } from "../../components/form/fields";
import { useServerError } from "../../components/useServerError";
import { formatCurrency } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { TaxClassFields } from "./TaxClassFields";

interface Props {
  invoice: Invoice | null;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (values: z.output<typeof createCreditNote>) => void;
}

/**
 * Issue a credit note against an invoice: why, what is credited (tax included) and its tax
 * class. The server takes the next number of the centre's credit-note series and taxes the line
 * as the invoice was; the invoice itself is never edited.
 */
export function CreditNoteDialog({ invoice, pending, error, onClose, onSubmit }: Props) {
  const say = useSay();
  const form = useForm<CreateCreditNote, unknown, z.output<typeof createCreditNote>>({
    resolver: zodResolver(createCreditNote),
  });
  const { handleSubmit, reset, watch, setValue, formState } = form;
  const server = useServerError(error, watch);
  useEffect(() => {
    if (invoice)
      reset({ reason: "", lines: [{ description: "", amount: "", sac_code: PRE_PRIMARY_SAC, gst_rate: 0 }] });
  }, [invoice, reset]);
  const lineErrors = formState.errors.lines?.[0];

  return (
    <Dialog open={invoice !== null} onClose={onClose} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          server.submitted();
          onSubmit(values);
        })}
        aria-label={say("creditNotes.dialogLabel")}
      >
        <DialogTitle>
          {invoice ? say("creditNotes.title", { number: invoice.invoice_number }) : say("creditNotes.issue")}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {server.error && <Alert severity="error">{server.error}</Alert>}
            {invoice && (
              <Typography variant="body2" color="text.secondary">
                {say("creditNotes.outstanding", {
                  child: `${invoice.child_first_name} ${invoice.child_last_name}`,
                  amount: formatCurrency(invoice.balance),
                })}
              </Typography>
            )}
            <FormTextField form={form} name="reason" label={say("creditNotes.reason")} required multiline minRows={2} />
            <FormTextField form={form} name="lines.0.description" label={say("creditNotes.lineDescription")} required />
            <FormTextField
              form={form}
              name="lines.0.amount"
              label={say("creditNotes.amount")}
              required
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            />
            <TaxClassFields
              sacCode={watch("lines.0.sac_code") ?? PRE_PRIMARY_SAC}
              gstRate={Number(watch("lines.0.gst_rate") ?? 0)}
              sacError={lineErrors?.sac_code?.message}
              rateError={lineErrors?.gst_rate?.message}
              onChange={(next) => {
                setValue("lines.0.sac_code", next.sac_code);
                setValue("lines.0.gst_rate", next.gst_rate);
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {say("tax.amountIncludesTax")}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("creditNotes.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? say("creditNotes.issuing") : say("creditNotes.issue")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
