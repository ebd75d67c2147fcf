import { Alert, Button, InputAdornment, Paper, Stack, Typography } from "@mui/material";
import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import { todayIn } from "@sprout/shared/schemas/children";
import { type PaymentClaimRequest, paymentClaimRequest } from "@sprout/shared/schemas/fee-collection/pay";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { FormDateField, FormTextField } from "../../components/form/fields";
import { useServerError } from "../../components/useServerError";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { usePayMutations } from "./api";

interface Props {
  invoiceId: string;
  /** Rupees still to pay: the amount the form starts with. */
  outstanding: number;
  onClose: () => void;
  onFiled: (message: string) => void;
}

/** "I have paid": the UTR from the UPI app, the amount (the outstanding by default) and the day (today). */
export function ClaimForm({ invoiceId, outstanding, onClose, onFiled }: Props) {
  const say = useSay();
  const { file } = usePayMutations();
  const form = useForm<PaymentClaimRequest, unknown, z.output<typeof paymentClaimRequest>>({
    resolver: zodResolver(paymentClaimRequest),
    defaultValues: { utr: "", amount: outstanding, paid_on: todayIn(DEFAULT_TIME_ZONE) },
  });
  const refused =
    file.error instanceof ApiError && file.error.hasServerMessage
      ? file.error.message
      : file.error
        ? say("paymentClaims.fileFailed")
        : undefined;
  const server = useServerError(refused, form.watch);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="claim-form-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <form
        noValidate
        onSubmit={form.handleSubmit((body) => {
          server.submitted();
          file.mutate({ invoiceId, body }, { onSuccess: (answer) => onFiled(answer.message) });
        })}
      >
        <Stack spacing={2}>
          <Typography id="claim-form-heading" variant="h6" component="h2">
            {say("paymentClaims.formTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say("paymentClaims.formIntro")}
          </Typography>
          {server.error && <Alert severity="error">{server.error}</Alert>}
          <FormTextField
            form={form}
            name="utr"
            label={say("paymentClaims.utr")}
            helperText={say("paymentClaims.utrHint")}
            required
            inputMode="numeric"
            autoComplete="off"
            autoFocus
          />
          <FormTextField
            form={form}
            name="amount"
            label={say("paymentClaims.amount")}
            required
            inputMode="decimal"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
          />
          <FormDateField form={form} name="paid_on" label={say("paymentClaims.paidOn")} required />
          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
            <Button onClick={onClose}>{say("paymentClaims.cancel")}</Button>
            <Button type="submit" variant="contained" disabled={file.isPending}>
              {file.isPending ? say("paymentClaims.sending") : say("paymentClaims.send")}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
