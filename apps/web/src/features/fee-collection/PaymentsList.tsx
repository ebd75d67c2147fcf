import Download from "@mui/icons-material/Download";
import { Alert, Button, List, ListItem, ListItemText, Paper, Typography } from "@mui/material";
import { type InvoiceDetail, PAYMENT_MODE_LABEL_IDS } from "@sprout/shared/schemas/billing";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useDownloadReceipt } from "./api";

/** The payments received against the invoice, each with its receipt number and the receipt PDF. */
export function PaymentsList({ payments }: { payments: InvoiceDetail["payments"] }) {
  const say = useSay();
  const download = useDownloadReceipt();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="payments-heading">
      <Typography id="payments-heading" variant="h6" component="h2" sx={{ p: 2, pb: 1 }}>
        {say("receipts.paymentsTitle")}
      </Typography>
      {download.isError && (
        <Alert severity="error" sx={{ mx: 2 }}>
          {say("receipts.downloadFailed")}
        </Alert>
      )}
      {payments.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {say("receipts.noPayments")}
        </Typography>
      ) : (
        <List disablePadding>
          {payments.map((payment, index) => (
            <ListItem key={payment.id} divider={index < payments.length - 1} sx={{ flexWrap: "wrap", gap: 1 }}>
              <ListItemText
                sx={{ minWidth: 200 }}
                primary={`${formatCurrency(payment.amount)} · ${say(PAYMENT_MODE_LABEL_IDS[payment.mode])}`}
                secondary={
                  payment.receipt_number
                    ? say("receipts.paidOnNumber", {
                        date: formatDate(payment.paid_on),
                        number: payment.receipt_number,
                      })
                    : formatDate(payment.paid_on)
                }
              />
              {payment.receipt_number && (
                <Button
                  size="small"
                  startIcon={<Download />}
                  disabled={download.isPending}
                  aria-label={say("receipts.downloadNumber", { number: payment.receipt_number })}
                  onClick={() =>
                    download.mutate({ paymentId: payment.id, receiptNumber: payment.receipt_number ?? "" })
                  }
                >
                  {say("receipts.download")}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
