import { Box, Button, Chip, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { BILLING_MESSAGES, INVOICE_REQUEST_STATUSES, type InvoiceRequest } from "@sprout/shared/schemas/billing";
import { useState } from "react";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { type InvoiceRequestStatus, useInvoiceRequests } from "./api";

const STATUS_COLOURS = { Pending: "warning", Approved: "success", Rejected: "error" } as const;

interface Props {
  canDecide: boolean;
  busy: boolean;
  onApprove: (request: InvoiceRequest) => void;
  onReject: (request: InvoiceRequest) => void;
}

/** Invoice requests, Pending first; only Pending rows offer Approve and Reject. */
export function RequestsTable({ canDecide, busy, onApprove, onReject }: Props) {
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
          aria-label={`Approve request for ${request.child_name}`}
        >
          Approve
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => onReject(request)}
          aria-label={`Reject request for ${request.child_name}`}
        >
          Reject
        </Button>
      </Stack>
    ) : null;
  const chip = (request: InvoiceRequest) => (
    <Chip
      size="small"
      label={request.status}
      color={STATUS_COLOURS[request.status]}
      variant={request.status === "Pending" ? "filled" : "outlined"}
    />
  );
  const notes = (request: InvoiceRequest) => (
    <>
      {request.status === "Rejected" && request.reject_reason && (
        <Typography variant="caption" color="error" component="div">
          Rejected: {request.reject_reason}
        </Typography>
      )}
      {request.invoice_number && (
        <Typography variant="caption" color="text.secondary" component="div">
          Invoice {request.invoice_number}
        </Typography>
      )}
    </>
  );
  const data = requests.data;
  const page = data && { rows: data.requests, pagination: data.pagination };
  const columns: Column<InvoiceRequest>[] = [
    {
      header: "Student",
      cell: (request) => (
        <>
          {request.child_name}
          <Typography variant="caption" color="text.secondary" component="div">
            {request.student_id}
          </Typography>
        </>
      ),
    },
    { header: "Amount", cell: (request) => formatCurrency(request.amount), align: "right", nowrap: true },
    { header: "Due date", cell: (request) => formatDate(request.due_date), nowrap: true },
    {
      header: "Description",
      cell: (request) => (
        <>
          {request.description || "—"}
          {notes(request)}
        </>
      ),
    },
    { header: "Requested by", cell: (request) => request.requested_by_name ?? "—" },
    { header: "Status", cell: chip },
    { header: "Actions", cell: decide, align: "right", nowrap: true },
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby="requests-heading">
      <Stack direction="row" spacing={1} useFlexGap sx={{ p: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography id="requests-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pending Invoice Requests
        </Typography>
        {data && status !== "Approved" && status !== "Rejected" && (
          <Chip size="small" color={data.pending ? "warning" : "default"} label={`${data.pending} pending`} />
        )}
        <TextField
          select
          size="small"
          label="Request status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceRequestStatus | "");
            paging.restart();
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All (pending first)</MenuItem>
          {INVOICE_REQUEST_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {requests.isFetching && page && <LinearProgress aria-label="Loading invoice requests" />}
      <PagedTable
        label="Invoice requests"
        columns={columns}
        card={(request) => (
          <>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>{request.child_name}</Typography>
              {chip(request)}
            </Stack>
            <Typography variant="body2">
              {formatCurrency(request.amount)} · due {formatDate(request.due_date)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {request.description || "No description"} · by {request.requested_by_name ?? "unknown"}
            </Typography>
            {notes(request)}
            <Box sx={{ mt: 1 }}>{decide(request)}</Box>
          </>
        )}
        rowKey={(request) => request.id}
        page={page}
        paging={paging}
        loading={requests.isPending}
        error={requests.isError ? BILLING_MESSAGES.fetchRequestsFailed : undefined}
        empty="No invoice requests yet."
      />
    </Paper>
  );
}
