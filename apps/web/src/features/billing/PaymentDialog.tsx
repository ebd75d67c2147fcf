import { zodResolver } from "@hookform/resolvers/zod";
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
  PAYMENT_MODE_LABELS,
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

interface Props {
  invoice: Invoice | null;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (values: PaymentRequest) => void;
}

/** Records money received: date, amount (the balance by default), mode and reference. */
export function PaymentDialog({ invoice, pending, error, onClose, onSubmit }: Props) {
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
        aria-label="Record payment"
      >
        <DialogTitle>Record Payment</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {invoice && (
              <Typography variant="body2" color="text.secondary">
                {invoice.invoice_number} · {invoice.child_first_name} {invoice.child_last_name} · balance{" "}
                {formatCurrency(invoice.balance)} of {formatCurrency(invoice.total_amount)}
              </Typography>
            )}
            {server.error && <Alert severity="error">{server.error}</Alert>}
            <FormTextField
              form={form}
              name="amount"
              label="Amount"
              required
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            />
            <FormDateField form={form} name="paid_on" label="Payment date" required />
            <FormSelectField
              form={form}
              name="mode"
              label="Mode"
              required
              options={PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
            />
            <FormTextField form={form} name="reference" label="Reference" placeholder="UTR, cheque or receipt number" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? "Saving..." : "Record Payment"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
