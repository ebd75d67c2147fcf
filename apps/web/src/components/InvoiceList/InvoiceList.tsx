import Download from "@mui/icons-material/Download";
import Search from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import {
  BILLING_MESSAGES,
  INVOICE_DEFAULT_PAGE_SIZE,
  INVOICE_PAGE_SIZES,
  INVOICE_STATUS_CHIPS,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceStatus,
} from "@sprout/shared/schemas/billing";
import { type ReactNode, useDeferredValue, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { formatCurrency, formatDate } from "../../format";
import { useInvoices } from "./api";
import { DownloadDialog } from "./DownloadDialog";

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const chip = INVOICE_STATUS_CHIPS[status];
  return <Chip size="small" label={status} color={chip.color} variant={chip.variant} />;
}

interface Props {
  title?: string;
  /** Extra actions per row (record payment, cancel ...), beside Download. */
  actions?: (invoice: Invoice) => ReactNode;
}

/**
 * The shared invoice list: invoice number, child, classroom, dates, total, status chip; a status
 * filter and a child-name search; pages of 5, 10, 25 or 50 (10 by default); Download asks for the
 * two-factor code before fetching the PDF.
 */
export function InvoiceList({ title = "Invoices", actions }: Props) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(INVOICE_DEFAULT_PAGE_SIZE);
  // The dashboard and a parent's child card open the list filtered (?status=Overdue, ?child=<id>).
  const [params, setParams] = useSearchParams();
  const linkedStatus = params.get("status");
  const [status, setStatus] = useState<InvoiceStatus | "">(
    (INVOICE_STATUSES as readonly string[]).includes(linkedStatus ?? "") ? (linkedStatus as InvoiceStatus) : "",
  );
  const childId = params.get("child") ?? undefined;
  const [search, setSearch] = useState("");
  const childName = useDeferredValue(search.trim());
  // Back from the two-factor setup the download asked for: that invoice's download opens again.
  const location = useLocation();
  const [downloading, setDownloading] = useState<Invoice | null>(
    (location.state as SetupReturn | null)?.downloadInvoice ?? null,
  );
  const invoices = useInvoices({
    page: page + 1,
    limit,
    status: status || undefined,
    child_name: childName || undefined,
    child_id: childId,
  });
  const rows = invoices.data?.invoices ?? [];
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("sm"));
  const download = (invoice: Invoice) => (
    <Tooltip title="Download PDF">
      <IconButton
        aria-label={`Download ${invoice.invoice_number}`}
        onClick={() => setDownloading(invoice)}
        size="small"
      >
        <Download fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return (
    <Paper component="section" aria-labelledby="invoice-list-heading" variant="outlined">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2, alignItems: { sm: "center" } }}>
        <Typography id="invoice-list-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {childId && (
          <Chip
            label={rows[0] ? `Only ${rows[0].child_first_name} ${rows[0].child_last_name}` : "Only one child"}
            onDelete={() => {
              setParams((current) => {
                current.delete("child");
                return current;
              });
              setPage(0);
            }}
            color="primary"
            variant="outlined"
            data-testid="child-filter"
          />
        )}
        <TextField
          size="small"
          label="Search child name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceStatus | "");
            setPage(0);
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All</MenuItem>
          {INVOICE_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {invoices.isFetching && <LinearProgress aria-label="Loading invoices" />}
      {invoices.isError && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {invoices.error instanceof ApiError && invoices.error.hasServerMessage
            ? invoices.error.message
            : BILLING_MESSAGES.fetchInvoicesFailed}
        </Alert>
      )}
      {compact ? (
        <Box component="ul" aria-label={title} sx={{ listStyle: "none", m: 0, p: 0 }}>
          {rows.map((invoice) => (
            <Box
              component="li"
              key={invoice.id}
              data-testid="invoice-row"
              sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: "divider" }}
            >
              <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
                <Typography sx={{ fontFamily: "monospace", flexGrow: 1 }}>{invoice.invoice_number}</Typography>
                <InvoiceStatusChip status={invoice.status} />
              </Stack>
              <Typography variant="body2">
                {invoice.child_first_name} {invoice.child_last_name} · {invoice.classroom_name ?? "Unassigned"}
              </Typography>
              <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                  Issued {formatDate(invoice.issue_date)} · due {formatDate(invoice.due_date)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatCurrency(invoice.total_amount)}
                </Typography>
              </Stack>
              <Stack direction="row" sx={{ alignItems: "center", justifyContent: "flex-end" }}>
                {invoice.amount_paid > 0 && invoice.balance > 0 && (
                  <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {formatCurrency(invoice.balance)} due
                  </Typography>
                )}
                {download(invoice)}
                {actions?.(invoice)}
              </Stack>
            </Box>
          ))}
          {invoices.isSuccess && rows.length === 0 && (
            <Box component="li" sx={{ py: 4, textAlign: "center", color: "text.secondary" }}>
              {BILLING_MESSAGES.noInvoices}
            </Box>
          )}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>Invoice #</TableCell>
                <TableCell>Child</TableCell>
                <TableCell>Classroom</TableCell>
                <TableCell>Issue date</TableCell>
                <TableCell>Due date</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invoice) => (
                <TableRow key={invoice.id} hover data-testid="invoice-row">
                  <TableCell sx={{ whiteSpace: "nowrap", fontFamily: "monospace" }}>{invoice.invoice_number}</TableCell>
                  <TableCell>
                    {invoice.child_first_name} {invoice.child_last_name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {invoice.student_id}
                    </Typography>
                  </TableCell>
                  <TableCell>{invoice.classroom_name ?? "Unassigned"}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(invoice.issue_date)}</TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(invoice.due_date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {formatCurrency(invoice.total_amount)}
                    {invoice.amount_paid > 0 && invoice.balance > 0 && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {formatCurrency(invoice.balance)} due
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <InvoiceStatusChip status={invoice.status} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {download(invoice)}
                    {actions?.(invoice)}
                  </TableCell>
                </TableRow>
              ))}
              {invoices.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>
                    <Box sx={{ py: 4, textAlign: "center", color: "text.secondary" }}>
                      {BILLING_MESSAGES.noInvoices}
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={invoices.data?.pagination.total_items ?? 0}
        page={invoices.data ? Math.min(page, Math.max(0, invoices.data.pagination.total_pages - 1)) : 0}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={limit}
        rowsPerPageOptions={[...INVOICE_PAGE_SIZES]}
        labelDisplayedRows={({ from, to, count }) =>
          `${from}–${to} of ${count}${invoices.data?.pagination.total_is_lower_bound ? "+" : ""}`
        }
        labelRowsPerPage={compact ? "Rows:" : "Rows per page:"}
        onRowsPerPageChange={(event) => {
          setLimit(Number(event.target.value));
          setPage(0);
        }}
      />
      <DownloadDialog invoice={downloading} onClose={() => setDownloading(null)} />
    </Paper>
  );
}
