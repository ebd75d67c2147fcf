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
import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import {
  type Invoice,
  PAYMENT_MODE_LABEL_IDS,
  PAYMENT_MODES,
  type PaymentRequest,
  paymentRequest,
} from "@sprout/shared/schemas/billing";
import { todayIn } from "@sprout/shared/schemas/children";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDateField, FormSelectField, FormTextField } from "../../components/form/fields";
import { useServerError } from "../../components/useServerError";
import { formatCurrency } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";

interface Props {
  invoice: Invoice | null;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (values: PaymentRequest) => void;
}

/** Records money received: date, amount (the balance by default), mode and reference. */
export function PaymentDialog({ invoice, pending, error, onClose, onSubmit }: Props) {
  const say = useSay();
  const form = useForm<PaymentRequest, unknown, z.output<typeof paymentRequest>>({
    resolver: zodResolver(paymentRequest),
  });
  const { handleSubmit, reset, watch } = form;
  const server = useServerError(error, watch);
  useEffect(() => {
    if (invoice) reset({ amount: invoice.balance, paid_on: todayIn(DEFAULT_TIME_ZONE), mode: "upi", reference: "" });
  }, [invoice, reset]);

  return (
    <Dialog open={invoice !== null} onClose={onClose} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          server.submitted();
          onSubmit(values);
        })}
        aria-label={say("billing.recordPaymentTip")}
      >
        <DialogTitle>{say("billing.recordPayment")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {invoice && (
              <Typography variant="body2" color="text.secondary">
                {say("billing.paymentFor", {
                  number: invoice.invoice_number,
                  name: `${invoice.child_first_name} ${invoice.child_last_name}`,
                  balance: formatCurrency(invoice.balance),
                  total: formatCurrency(invoice.total_amount),
                })}
              </Typography>
            )}
            {server.error && <Alert severity="error">{server.error}</Alert>}
            <FormTextField
              form={form}
              name="amount"
              label={say("billing.amount")}
              required
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            />
            <FormDateField form={form} name="paid_on" label={say("billing.paymentDate")} required />
            <FormSelectField
              form={form}
              name="mode"
              label={say("billing.paymentMode")}
              required
              options={PAYMENT_MODES.map((mode) => ({ value: mode, label: say(PAYMENT_MODE_LABEL_IDS[mode]) }))}
            />
            <FormTextField
              form={form}
              name="reference"
              label={say("billing.reference")}
              placeholder={say("billing.referenceHint")}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("billing.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? say("billing.saving") : say("billing.recordPayment")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
