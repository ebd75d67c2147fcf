import { Paper, Stack, Typography } from "@mui/material";
import type { PaymentClaim } from "@sprout/shared/schemas/fee-collection/pay";
import { ApiError } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useInvoiceClaims } from "./api";
import { ClaimStatusChip } from "./ClaimStatusChip";

/** What the office made of it: a rejection's reason, a confirmation's receipt number. */
function Outcome({ claim }: { claim: PaymentClaim }) {
  const say = useSay();
  if (claim.status === "Rejected")
    return (
      <Typography variant="body2" color="error">
        {say("paymentClaims.rejectedBecause", { reason: claim.reject_reason ?? "" })}
      </Typography>
    );
  if (claim.status === "Confirmed")
    return (
      <Typography variant="body2">{say("paymentClaims.receipt", { number: claim.receipt_number ?? "" })}</Typography>
    );
  return (
    <Typography variant="body2" color="text.secondary">
      {say("paymentClaims.waitingHint")}
    </Typography>
  );
}

/** The invoice's payment claims, newest first, with their status and what the office said. */
export function ClaimsList({ invoiceId }: { invoiceId: string }) {
  const say = useSay();
  const paging = usePaging(10);
  const claims = useInvoiceClaims(invoiceId, paging.query);
  if (claims.data && claims.data.pagination.total === 0) return null;
  const columns: Column<PaymentClaim>[] = [
    { header: say("paymentClaims.paidOn"), cell: (claim) => formatDate(claim.paid_on), nowrap: true },
    {
      header: say("paymentClaims.amount"),
      cell: (claim) => formatCurrency(claim.amount),
      align: "right",
      nowrap: true,
    },
    { header: say("paymentClaims.utr"), cell: (claim) => claim.utr, nowrap: true },
    { header: say("paymentClaims.status"), cell: (claim) => <ClaimStatusChip status={claim.status} /> },
    { header: say("paymentClaims.outcome"), cell: (claim) => <Outcome claim={claim} /> },
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="claims-heading">
      <Typography id="claims-heading" variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
        {say("paymentClaims.yourClaims")}
      </Typography>
      <PagedTable
        label={say("paymentClaims.yourClaims")}
        columns={columns}
        card={(claim) => (
          <Stack spacing={0.5}>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{formatCurrency(claim.amount)}</Typography>
              <ClaimStatusChip status={claim.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {say("paymentClaims.paidOnUtr", { date: formatDate(claim.paid_on), utr: claim.utr })}
            </Typography>
            <Outcome claim={claim} />
          </Stack>
        )}
        rowKey={(claim) => claim.id}
        page={claims.data}
        paging={paging}
        loading={claims.isPending}
        error={
          claims.isError
            ? claims.error instanceof ApiError && claims.error.hasServerMessage
              ? claims.error.message
              : say("paymentClaims.loadFailed")
            : undefined
        }
        empty={say("paymentClaims.none")}
      />
    </Paper>
  );
}
