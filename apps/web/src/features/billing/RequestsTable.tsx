import { Box, Button, Chip, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { INVOICE_REQUEST_STATUSES, type InvoiceRequest } from "@sprout/shared/schemas/billing";
import { useState } from "react";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { type InvoiceRequestStatus, useInvoiceRequests } from "./api";

const STATUS_COLOURS = { Pending: "warning", Approved: "success", Rejected: "error" } as const;
const STATUS_IDS = {
  Pending: "billing.requestPending",
  Approved: "billing.requestApproved",
  Rejected: "billing.requestRejected",
} as const;

interface Props {
  canDecide: boolean;
  busy: boolean;
  onApprove: (request: InvoiceRequest) => void;
  onReject: (request: InvoiceRequest) => void;
}

/** Invoice requests, Pending first; only Pending rows offer Approve and Reject. */
export function RequestsTable({ canDecide, busy, onApprove, onReject }: Props) {
  const say = useSay();
  const [status, setStatus] = useState<InvoiceRequestStatus | "">("");
  const paging = usePaging(10);
  const requests = useInvoiceRequests({ status: status || undefined, page: paging.page, limit: paging.limit });
  const decide = (request: InvoiceRequest) =>
    request.status === "Pending" && canDecide ? (
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => onApprove(request)}
          aria-label={say("billing.approveFor", { name: request.child_name })}
        >
          {say("billing.approve")}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => onReject(request)}
          aria-label={say("billing.rejectFor", { name: request.child_name })}
        >
          {say("billing.reject")}
        </Button>
      </Stack>
    ) : null;
  const chip = (request: InvoiceRequest) => (
    <Chip
      size="small"
      label={say(STATUS_IDS[request.status])}
      color={STATUS_COLOURS[request.status]}
      variant={request.status === "Pending" ? "filled" : "outlined"}
    />
  );
  const notes = (request: InvoiceRequest) => (
    <>
      {request.status === "Rejected" && request.reject_reason && (
        <Typography variant="caption" color="error" component="div">
          {say("billing.rejectedBecause", { reason: request.reject_reason })}
        </Typography>
      )}
      {request.invoice_number && (
        <Typography variant="caption" color="text.secondary" component="div">
          {say("billing.invoiceNumber", { number: request.invoice_number })}
        </Typography>
      )}
    </>
  );
  const data = requests.data;
  const page = data && { rows: data.requests, pagination: data.pagination };
  const columns: Column<InvoiceRequest>[] = [
    {
      header: say("billing.student"),
      cell: (request) => (
        <>
          {request.child_name}
          <Typography variant="caption" color="text.secondary" component="div">
            {request.student_id}
          </Typography>
        </>
      ),
    },
    { header: say("billing.amount"), cell: (request) => formatCurrency(request.amount), align: "right", nowrap: true },
    { header: say("billing.dueDateColumn"), cell: (request) => formatDate(request.due_date), nowrap: true },
    {
      header: say("billing.description"),
      cell: (request) => (
        <>
          {request.description || "—"}
          {notes(request)}
        </>
      ),
    },
    { header: say("billing.requestedBy"), cell: (request) => request.requested_by_name ?? "—" },
    { header: say("billing.status"), cell: chip },
    { header: say("billing.actions"), cell: decide, align: "right", nowrap: true },
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="requests-heading">
      <Stack direction="row" spacing={1} useFlexGap sx={{ p: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography id="requests-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {say("billing.requestsTitle")}
        </Typography>
        {data && status !== "Approved" && status !== "Rejected" && (
          <Chip
            size="small"
            color={data.pending ? "warning" : "default"}
            label={say("billing.pendingCount", { count: data.pending })}
          />
        )}
        <TextField
          select
          size="small"
          label={say("billing.requestStatus")}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceRequestStatus | "");
            paging.restart();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{say("billing.allPendingFirst")}</MenuItem>
          {INVOICE_REQUEST_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say(STATUS_IDS[value])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {requests.isFetching && page && <LinearProgress aria-label={say("billing.loadingRequests")} />}
      <PagedTable
        label={say("billing.requestsLabel")}
        columns={columns}
        card={(request) => (
          <>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>{request.child_name}</Typography>
              {chip(request)}
            </Stack>
            <Typography variant="body2">
              {say("billing.amountDue", { amount: formatCurrency(request.amount), date: formatDate(request.due_date) })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {say("billing.requestLine", {
                description: request.description || say("billing.noDescription"),
                name: request.requested_by_name ?? say("billing.unknown"),
              })}
            </Typography>
            {notes(request)}
            <Box sx={{ mt: 1 }}>{decide(request)}</Box>
          </>
        )}
        rowKey={(request) => request.id}
        page={page}
        paging={paging}
        loading={requests.isPending}
        error={requests.isError ? say("billing.fetchRequestsFailed") : undefined}
        empty={say("billing.noRequests")}
      />
    </Paper>
  );
}
