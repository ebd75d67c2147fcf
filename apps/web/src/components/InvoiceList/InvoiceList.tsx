import Download from "@mui/icons-material/Download";
import {
  Box,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
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
import { type ReactNode, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { formatCurrency, formatDate } from "../../format";
import { type Column, PagedTable } from "../PagedTable/PagedTable";
import { SearchField } from "../PagedTable/SearchField";
import { usePaging } from "../PagedTable/usePaging";
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
 * filter and a child-name search; pages of 5, 10, 25 or 50 (10 by default) on the shared paged
 * table; Download asks for the two-factor code before fetching the PDF.
 */
export function InvoiceList({ title = "Invoices", actions }: Props) {
  const paging = usePaging(INVOICE_DEFAULT_PAGE_SIZE);
  // The dashboard and a parent's child card open the list filtered (?status=Overdue, ?child=<id>).
  const [params, setParams] = useSearchParams();
  const linkedStatus = params.get("status");
  const [status, setStatus] = useState<InvoiceStatus | "">(
    (INVOICE_STATUSES as readonly string[]).includes(linkedStatus ?? "") ? (linkedStatus as InvoiceStatus) : "",
  );
  const childId = params.get("child") ?? undefined;
  // Back from the two-factor setup the download asked for: that invoice's download opens again.
  const location = useLocation();
  const [downloading, setDownloading] = useState<Invoice | null>(
    (location.state as SetupReturn | null)?.downloadInvoice ?? null,
  );
  const invoices = useInvoices({
    page: paging.page,
    limit: paging.limit,
    status: status || undefined,
    child_name: paging.search || undefined,
    child_id: childId,
  });
  const page = invoices.data && {
    rows: invoices.data.invoices,
    pagination: {
      page: invoices.data.pagination.current_page,
      limit: invoices.data.pagination.items_per_page,
      total: invoices.data.pagination.total_items,
      totalPages: invoices.data.pagination.total_pages,
      totalIsLowerBound: invoices.data.pagination.total_is_lower_bound,
    },
  };
  const rows = page?.rows ?? [];
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
  const columns: Column<Invoice>[] = [
    {
      header: "Invoice #",
      cell: (invoice) => <Box sx={{ fontFamily: "monospace" }}>{invoice.invoice_number}</Box>,
      nowrap: true,
    },
    {
      header: "Child",
      cell: (invoice) => (
        <>
          {invoice.child_first_name} {invoice.child_last_name}
          <Typography variant="caption" color="text.secondary" component="div">
            {invoice.student_id}
          </Typography>
        </>
      ),
    },
    { header: "Classroom", cell: (invoice) => invoice.classroom_name ?? "Unassigned" },
    { header: "Issue date", cell: (invoice) => formatDate(invoice.issue_date), nowrap: true },
    { header: "Due date", cell: (invoice) => formatDate(invoice.due_date), nowrap: true },
    {
      header: "Total",
      align: "right",
      nowrap: true,
      cell: (invoice) => (
        <>
          {formatCurrency(invoice.total_amount)}
          {invoice.amount_paid > 0 && invoice.balance > 0 && (
            <Typography variant="caption" color="text.secondary" component="div">
              {formatCurrency(invoice.balance)} due
            </Typography>
          )}
        </>
      ),
    },
    { header: "Status", cell: (invoice) => <InvoiceStatusChip status={invoice.status} /> },
    {
      header: "Actions",
      align: "right",
      nowrap: true,
      cell: (invoice) => (
        <>
          {download(invoice)}
          {actions?.(invoice)}
        </>
      ),
    },
  ];

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
              paging.restart();
            }}
            color="primary"
            variant="outlined"
            data-testid="child-filter"
          />
        )}
        <SearchField paging={paging} label="Search child name" />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceStatus | "");
            paging.restart();
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
      {invoices.isFetching && page && <LinearProgress aria-label="Loading invoices" />}
      <PagedTable
        label={title}
        columns={columns}
        card={(invoice) => (
          <>
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
          </>
        )}
        rowKey={(invoice) => invoice.id}
        page={page}
        paging={paging}
        loading={invoices.isPending}
        error={
          invoices.isError
            ? invoices.error instanceof ApiError && invoices.error.hasServerMessage
              ? invoices.error.message
              : BILLING_MESSAGES.fetchInvoicesFailed
            : undefined
        }
        empty={BILLING_MESSAGES.noInvoices}
        pageSizes={INVOICE_PAGE_SIZES}
      />
      <DownloadDialog invoice={downloading} onClose={() => setDownloading(null)} />
    </Paper>
  );
}
