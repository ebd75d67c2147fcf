import { Alert, Box, Button, Link, MenuItem, Paper, Snackbar, Stack, TextField, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import {
  PAYMENT_CLAIM_STATUSES,
  type PaymentClaim,
  type PaymentClaimStatus,
  rejectPaymentClaimRequest,
} from "@sprout/shared/schemas/fee-collection/pay";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { AccessDenied } from "../../components/AccessDenied";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate, formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { ReasonDialog } from "../billing/ReasonDialog";
import { usePayMutations, usePaymentClaims } from "./api";
import { CLAIM_STATUS_IDS, ClaimStatusChip } from "./ClaimStatusChip";

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.hasServerMessage ? error.message : fallback;

/**
 * Payment claims for the finance staff: parents' "I have paid" with the UTR, newest first. Each
 * waiting claim is checked against the bank account, then confirmed (the payment is recorded
 * with its receipt) or rejected with a reason the parent reads.
 */
export function ClaimsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const paging = usePaging(25);
  const [status, setStatus] = useState<PaymentClaimStatus>("Waiting");
  const claims = usePaymentClaims({ ...paging.query, status });
  const { confirm, reject } = usePayMutations();
  const [rejecting, setRejecting] = useState<PaymentClaim | null>(null);
  const [snack, setSnack] = useState<{ text: string; severity: "success" | "error" } | null>(null);
  if (!may(user.role, "payments.reconcile")) return <AccessDenied />;

  const decide = (claim: PaymentClaim) => (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
      <Button
        size="small"
        variant="contained"
        disabled={confirm.isPending}
        aria-label={say("paymentClaims.confirmFor", { utr: claim.utr })}
        onClick={() =>
          confirm.mutate(claim.id, {
            onSuccess: (answer) => setSnack({ text: answer.message, severity: "success" }),
            onError: (error) =>
              setSnack({ text: messageOf(error, say("paymentClaims.actionFailed")), severity: "error" }),
          })
        }
      >
        {say("paymentClaims.confirm")}
      </Button>
      <Button
        size="small"
        color="error"
        aria-label={say("paymentClaims.rejectFor", { utr: claim.utr })}
        onClick={() => setRejecting(claim)}
      >
        {say("paymentClaims.reject")}
      </Button>
    </Stack>
  );
  const invoiceLink = (claim: PaymentClaim) => (
    <Link component={RouterLink} to={`/billing/invoices/${claim.invoice_id}`} sx={{ fontFamily: "monospace" }}>
      {claim.invoice_number}
    </Link>
  );
  const columns: Column<PaymentClaim>[] = [
    { header: say("paymentClaims.claimedAt"), cell: (claim) => formatDateTime(claim.claimed_at), nowrap: true },
    {
      header: say("paymentClaims.child"),
      cell: (claim) => (
        <>
          {claim.child_name}
          <Typography variant="caption" color="text.secondary" component="div">
            {claim.center_name}
          </Typography>
        </>
      ),
    },
    { header: say("paymentClaims.invoice"), cell: invoiceLink, nowrap: true },
    {
      header: say("paymentClaims.amount"),
      cell: (claim) => formatCurrency(claim.amount),
      align: "right",
      nowrap: true,
    },
    { header: say("paymentClaims.paidOn"), cell: (claim) => formatDate(claim.paid_on), nowrap: true },
    { header: say("paymentClaims.utr"), cell: (claim) => <Box sx={{ fontFamily: "monospace" }}>{claim.utr}</Box> },
    {
      header: say("paymentClaims.status"),
      cell: (claim) => (
        <>
          <ClaimStatusChip status={claim.status} />
          {claim.reject_reason && (
            <Typography variant="caption" color="text.secondary" component="div">
              {claim.reject_reason}
            </Typography>
          )}
          {claim.receipt_number && (
            <Typography variant="caption" color="text.secondary" component="div">
              {claim.receipt_number}
            </Typography>
          )}
        </>
      ),
    },
    {
      header: say("paymentClaims.actions"),
      align: "right",
      nowrap: true,
      cell: (claim) => (claim.status === "Waiting" ? decide(claim) : null),
    },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {say("paymentClaims.title")}
        </Typography>
        <Typography color="text.secondary">{say("paymentClaims.subtitle")}</Typography>
      </Box>
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 2, justifyContent: "flex-end" }}>
          <TextField
            select
            size="small"
            label={say("paymentClaims.status")}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PaymentClaimStatus);
              paging.restart();
            }}
            sx={{ minWidth: 160 }}
          >
            {PAYMENT_CLAIM_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {say(CLAIM_STATUS_IDS[value])}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <PagedTable
          label={say("paymentClaims.title")}
          columns={columns}
          card={(claim) => (
            <Stack spacing={0.5}>
              <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{claim.child_name}</Typography>
                <ClaimStatusChip status={claim.status} />
              </Stack>
              <Typography variant="body2">
                {invoiceLink(claim)} · {formatCurrency(claim.amount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {say("paymentClaims.paidOnUtr", { date: formatDate(claim.paid_on), utr: claim.utr })}
              </Typography>
              {claim.reject_reason && (
                <Typography variant="body2" color="text.secondary">
                  {claim.reject_reason}
                </Typography>
              )}
              {claim.status === "Waiting" && decide(claim)}
            </Stack>
          )}
          rowKey={(claim) => claim.id}
          page={claims.data}
          paging={paging}
          loading={claims.isPending}
          error={claims.isError ? messageOf(claims.error, say("paymentClaims.loadFailed")) : undefined}
          empty={say("paymentClaims.noneWithStatus")}
        />
      </Paper>
      <ReasonDialog
        open={rejecting !== null}
        title={say("paymentClaims.rejectTitle")}
        text={rejecting ? say("paymentClaims.rejectText", { utr: rejecting.utr, name: rejecting.child_name }) : ""}
        confirmLabel={say("paymentClaims.reject")}
        schema={rejectPaymentClaimRequest}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (!rejecting) return;
          reject.mutate(
            { id: rejecting.id, reason },
            {
              onSuccess: (answer) => {
                setRejecting(null);
                setSnack({ text: answer.message, severity: "success" });
              },
              onError: (error) =>
                setSnack({ text: messageOf(error, say("paymentClaims.actionFailed")), severity: "error" }),
            },
          );
        }}
      />
      <Snackbar open={snack !== null} autoHideDuration={6000} onClose={() => setSnack(null)}>
        <Alert severity={snack?.severity ?? "success"} onClose={() => setSnack(null)} sx={{ width: "100%" }}>
          {snack?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
