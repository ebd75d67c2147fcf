import ArrowBack from "@mui/icons-material/ArrowBack";
import { Alert, Box, Button, CircularProgress, Paper, Snackbar, Stack, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import type { InvoiceDetail } from "@sprout/shared/schemas/billing";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { InvoiceStatusChip } from "../../components/InvoiceList/InvoiceList";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useInvoiceClaims, useInvoiceDetail } from "./api";
import { ClaimForm } from "./ClaimForm";
import { ClaimsList } from "./ClaimsList";
import { CreditNotesSection } from "./CreditNotesSection";
import { PaymentsList } from "./PaymentsList";
import { UpiPayPanel } from "./UpiPayPanel";

/** Number, child, dates, status, the lines and the totals. */
function InvoiceSummary({ invoice }: { invoice: InvoiceDetail }) {
  const say = useSay();
  const totals: [string, number, boolean][] = [
    [say("invoicePage.total"), invoice.total_amount, false],
    [say("invoicePage.paid"), invoice.amount_paid, false],
    ...(invoice.amount_credited > 0
      ? [[say("invoicePage.credited"), invoice.amount_credited, false] as [string, number, boolean]]
      : []),
    [say("invoicePage.outstanding"), invoice.balance, true],
  ];
  const taxDocument =
    invoice.supplier_gstin && invoice.tax_document !== "invoice"
      ? say(invoice.tax_document === "tax_invoice" ? "invoicePage.taxInvoice" : "invoicePage.billOfSupply", {
          gstin: invoice.supplier_gstin,
        })
      : null;
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby="invoice-heading">
      <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id="invoice-heading" variant="h5" component="h1" sx={{ fontFamily: "monospace", flexGrow: 1 }}>
          {invoice.invoice_number}
        </Typography>
        <InvoiceStatusChip status={invoice.status} />
      </Stack>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        {invoice.child_first_name} {invoice.child_last_name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {[invoice.classroom_name, invoice.center_name].filter(Boolean).join(" · ")}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {say("invoicePage.issuedDue", { issued: formatDate(invoice.issue_date), due: formatDate(invoice.due_date) })}
        {taxDocument && (
          <Box component="span" sx={{ display: "block" }}>
            {taxDocument}
          </Box>
        )}
      </Typography>
      {invoice.status === "Cancelled" && invoice.cancel_reason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {say("invoicePage.cancelled", { reason: invoice.cancel_reason })}
        </Alert>
      )}
      <Box component="dl" sx={{ m: 0 }}>
        {invoice.lines.map((line, index) => (
          <Stack
            // Lines have no id of their own; their order is the invoice's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
            key={index}
            direction="row"
            sx={{ py: 1, borderBottom: 1, borderColor: "divider", gap: 2 }}
          >
            <Typography component="dt" sx={{ flexGrow: 1 }}>
              {line.description}
              {line.gst_rate > 0 && (
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: "block" }}>
                  {say("invoicePage.lineTax", {
                    code: line.sac_code,
                    rate: line.gst_rate,
                    amount: formatCurrency(line.cgst + line.sgst + line.igst),
                  })}
                </Typography>
              )}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: "nowrap" }}>
              {formatCurrency(line.amount)}
            </Typography>
          </Stack>
        ))}
        {totals.map(([label, amount, strong]) => (
          <Stack key={label} direction="row" sx={{ pt: 1, gap: 2 }}>
            <Typography component="dt" sx={{ flexGrow: 1, fontWeight: strong ? 700 : 400, textAlign: "right" }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              sx={{ m: 0, minWidth: 110, textAlign: "right", fontWeight: strong ? 700 : 400, whiteSpace: "nowrap" }}
              data-testid={strong ? "invoice-outstanding" : undefined}
            >
              {formatCurrency(amount)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * One invoice, for the child's parents and billing staff: what it bills, what is paid (with each
 * receipt), and while it is unpaid the ways to pay it by UPI; the parent says "I have paid" and
 * follows their claims until the office confirms or rejects them.
 */
export function InvoicePage() {
  const say = useSay();
  const { id = "" } = useParams();
  const user = useSignedInUser();
  const canClaim = may(user.role, "payments.claim");
  const invoice = useInvoiceDetail(id);
  // The claims list's own first page (one request for both): what the parent already told the office.
  const claims = useInvoiceClaims(id, { page: 1, limit: 10 });
  const [claiming, setClaiming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const back = (
    <Button component={RouterLink} to="/billing" startIcon={<ArrowBack />} sx={{ alignSelf: "flex-start" }}>
      {say("invoicePage.back")}
    </Button>
  );
  if (invoice.isPending)
    return (
      <Stack sx={{ alignItems: "center", py: 6 }}>
        <CircularProgress aria-label={say("invoicePage.loading")} />
      </Stack>
    );
  if (invoice.isError)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">
          {invoice.error instanceof ApiError && invoice.error.hasServerMessage
            ? invoice.error.message
            : say("invoicePage.loadFailed")}
        </Alert>
      </Stack>
    );
  const detail = invoice.data;
  const unpaid = detail.status === "Pending" || detail.status === "Overdue";
  const waiting = (claims.data?.rows ?? [])
    .filter((claim) => claim.status === "Waiting")
    .reduce((sum, claim) => sum + Math.round(claim.amount * 100), 0);
  // Told the office about all of it already: no second payment is offered while it checks.
  const allClaimed = unpaid && waiting > 0 && waiting >= Math.round(detail.balance * 100);
  // The claim form stays until its answer arrives (its callback runs only while it is shown),
  // even when the claim it files makes the invoice all claimed.
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      {back}
      <InvoiceSummary invoice={detail} />
      {unpaid &&
        (claiming ? (
          <ClaimForm
            invoiceId={detail.id}
            outstanding={detail.balance}
            onClose={() => setClaiming(false)}
            onFiled={(message) => {
              setClaiming(false);
              setNotice(message);
            }}
          />
        ) : allClaimed ? (
          <Alert severity="info">{say("payByUpi.allClaimed")}</Alert>
        ) : (
          <UpiPayPanel invoiceId={detail.id} canClaim={canClaim} onPaid={() => setClaiming(true)} />
        ))}
      <ClaimsList invoiceId={detail.id} />
      <PaymentsList payments={detail.payments} />
      <CreditNotesSection invoice={detail} />
      <Snackbar open={notice !== null} autoHideDuration={8000} onClose={() => setNotice(null)}>
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ width: "100%" }}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
