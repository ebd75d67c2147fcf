import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { BILLING_MESSAGES, type InvoiceRequest } from "@sprout/shared/schemas/billing";
import { formatCurrency, formatDate } from "../../format";
import { useInvoiceRequests } from "./api";

const STATUS_COLOURS = { Pending: "warning", Approved: "success", Rejected: "error" } as const;

interface Props {
  canDecide: boolean;
  busy: boolean;
  onApprove: (request: InvoiceRequest) => void;
  onReject: (request: InvoiceRequest) => void;
}

/** Invoice requests, Pending first; only Pending rows offer Approve and Reject. */
export function RequestsTable({ canDecide, busy, onApprove, onReject }: Props) {
  const requests = useInvoiceRequests();
  const rows = requests.data?.requests ?? [];
  const pending = rows.filter((request) => request.status === "Pending").length;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="requests-heading">
      <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: "center" }}>
        <Typography id="requests-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pending Invoice Requests
        </Typography>
        {requests.isSuccess && <Chip size="small" color={pending ? "warning" : "default"} label={`${pending} pending`} />}
      </Stack>
      {requests.isFetching && <LinearProgress aria-label="Loading invoice requests" />}
      {requests.isError && <Alert severity="error" sx={{ mx: 2, mb: 2 }}>{BILLING_MESSAGES.fetchRequestsFailed}</Alert>}
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
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>{formatCurrency(request.amount)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(request.due_date)}</TableCell>
                <TableCell>
                  {request.description || "—"}
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
                </TableCell>
                <TableCell>{request.requested_by_name ?? "—"}</TableCell>
                <TableCell>
                  <Chip size="small" label={request.status} color={STATUS_COLOURS[request.status]} variant={request.status === "Pending" ? "filled" : "outlined"} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {request.status === "Pending" && canDecide && (
                    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                      <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => onApprove(request)} aria-label={`Approve request for ${request.child_name}`}>
                        Approve
                      </Button>
                      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => onReject(request)} aria-label={`Reject request for ${request.child_name}`}>
                        Reject
                      </Button>
                    </Stack>
                  )}
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
    </Paper>
  );
}
