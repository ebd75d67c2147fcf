import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
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
import { Controller, useForm } from "react-hook-form";
import { DateField } from "../../components/DateField";
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
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<PaymentRequest>({ resolver: zodResolver(paymentRequest) as never });
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
            <TextField
              label="Amount"
              required
              inputMode="decimal"
              error={Boolean(errors.amount)}
              helperText={errors.amount?.message}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
              {...register("amount")}
            />
            <Controller
              control={control}
              name="paid_on"
              render={({ field }) => (
                <DateField
                  label="Payment date"
                  required
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.paid_on)}
                  helperText={errors.paid_on?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <TextField
                  select
                  label="Mode"
                  required
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  error={Boolean(errors.mode)}
                  helperText={errors.mode?.message}
                >
                  {PAYMENT_MODES.map((mode) => (
                    <MenuItem key={mode} value={mode}>
                      {PAYMENT_MODE_LABELS[mode]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label="Reference"
              placeholder="UTR, cheque or receipt number"
              error={Boolean(errors.reference)}
              helperText={errors.reference?.message}
              {...register("reference")}
            />
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
