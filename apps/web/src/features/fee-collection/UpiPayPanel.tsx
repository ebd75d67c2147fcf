import Done from "@mui/icons-material/Done";
import OpenInNew from "@mui/icons-material/OpenInNew";
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { ApiError } from "../../api/errors";
import { formatCurrency } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useUpiPayment } from "./api";

interface Props {
  invoiceId: string;
  /** The parent may say they paid (a payment claim); staff only see the QR. */
  canClaim: boolean;
  onPaid: () => void;
}

/**
 * Paying an unpaid invoice by UPI: the QR to scan from another phone, the "Pay with UPI app"
 * link that opens the phone's own UPI app with everything filled in, the UPI ID for those who
 * type it, and "I have paid" for the parent to tell the office.
 */
export function UpiPayPanel({ invoiceId, canClaim, onPaid }: Props) {
  const say = useSay();
  const upi = useUpiPayment(invoiceId, true);
  if (upi.isPending)
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: "center" }}>
        <CircularProgress size={28} aria-label={say("payByUpi.loading")} />
      </Paper>
    );
  if (upi.isError)
    return (
      <Alert severity="info">
        {upi.error instanceof ApiError && upi.error.hasServerMessage ? upi.error.message : say("payByUpi.loadFailed")}
      </Alert>
    );
  const { uri, qr_png: qr, vpa, payee_name: payee, amount } = upi.data;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="pay-by-upi-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="pay-by-upi-heading" variant="h6" component="h2">
        {say("payByUpi.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {say("payByUpi.intro", { amount: formatCurrency(amount), payee })}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={3} sx={{ alignItems: { xs: "stretch", sm: "center" } }}>
        <Box sx={{ textAlign: "center" }}>
          <Box
            component="img"
            src={qr}
            alt={say("payByUpi.qrAlt", { amount: formatCurrency(amount), vpa })}
            sx={{ width: 200, height: 200, border: 1, borderColor: "divider", borderRadius: 1 }}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {say("payByUpi.scanHint")}
          </Typography>
        </Box>
        <Stack spacing={1.5} sx={{ flexGrow: 1 }}>
          <Button
            component="a"
            href={uri}
            variant="contained"
            size="large"
            startIcon={<OpenInNew />}
            data-testid="pay-with-upi-app"
          >
            {say("payByUpi.openApp")}
          </Button>
          <Typography variant="body2">
            {say("payByUpi.upiId")}{" "}
            <Box component="span" sx={{ fontFamily: "monospace", fontWeight: 600, wordBreak: "break-all" }}>
              {vpa}
            </Box>
          </Typography>
          {canClaim && (
            <>
              <Typography variant="body2" color="text.secondary">
                {say("payByUpi.afterPaying")}
              </Typography>
              <Button variant="outlined" size="large" startIcon={<Done />} onClick={onPaid}>
                {say("payByUpi.iHavePaid")}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
