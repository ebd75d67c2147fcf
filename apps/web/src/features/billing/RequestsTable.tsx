import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { BILLING_MESSAGES, INVOICE_REQUEST_STATUSES, type InvoiceRequest } from "@sprout/shared/schemas/billing";
import { useState } from "react";
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
  const requests = useInvoiceRequests(status || undefined);
  const rows = requests.data?.requests ?? [];
  const pending = rows.filter((request) => request.status === "Pending").length;
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("md"));
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
  return (
    <Paper component="section" variant="outlined" aria-labelledby="requests-heading">
      <Stack direction="row" spacing={1} useFlexGap sx={{ p: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography id="requests-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pending Invoice Requests
        </Typography>
        {requests.isSuccess && status !== "Approved" && status !== "Rejected" && (
          <Chip size="small" color={pending ? "warning" : "default"} label={`${pending} pending`} />
        )}
        <TextField
          select
          size="small"
          label="Request status"
          value={status}
          onChange={(event) => setStatus(event.target.value as InvoiceRequestStatus | "")}
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
      {requests.isFetching && <LinearProgress aria-label="Loading invoice requests" />}
      {requests.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {BILLING_MESSAGES.fetchRequestsFailed}
        </Alert>
      )}
      {compact ? (
        <Box component="ul" aria-label="Invoice requests" sx={{ listStyle: "none", m: 0, p: 0 }}>
          {rows.map((request) => (
            <Box
              component="li"
              key={request.id}
              data-testid="request-row"
              sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: "divider" }}
            >
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
            </Box>
          ))}
          {requests.isSuccess && rows.length === 0 && (
            <Box component="li" sx={{ py: 3, textAlign: "center", color: "text.secondary" }}>
              No invoice requests yet.
            </Box>
          )}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Invoice requests">
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Due date</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Requested by</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((request) => (
                <TableRow key={request.id} data-testid="request-row">
                  <TableCell>
                    {request.child_name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {request.student_id}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {formatCurrency(request.amount)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(request.due_date)}</TableCell>
                  <TableCell>
                    {request.description || "—"}
                    {notes(request)}
                  </TableCell>
                  <TableCell>{request.requested_by_name ?? "—"}</TableCell>
                  <TableCell>{chip(request)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {decide(request)}
                  </TableCell>
                </TableRow>
              ))}
              {requests.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Box sx={{ py: 3, textAlign: "center", color: "text.secondary" }}>No invoice requests yet.</Box>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
