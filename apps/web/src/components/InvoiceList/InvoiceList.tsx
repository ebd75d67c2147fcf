import Download from "@mui/icons-material/Download";
import {
  Box,
  Button,
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
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import {
  INVOICE_DEFAULT_PAGE_SIZE,
  INVOICE_PAGE_SIZES,
  INVOICE_STATUS_CHIPS,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceStatus,
} from "@sprout/shared/schemas/billing";
import { type ReactNode, useState } from "react";
import { Link as RouterLink, useLocation, useSearchParams } from "react-router";
import { ApiError } from "../../api/errors";
import type { SetupReturn } from "../../features/account/Setup2FAPage";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { type Column, PagedTable } from "../PagedTable/PagedTable";
import { SearchField } from "../PagedTable/SearchField";
import { usePaging } from "../PagedTable/usePaging";
import { useInvoices } from "./api";
import { DownloadDialog } from "./DownloadDialog";

const STATUS_IDS = {
  Pending: "invoiceList.statusPending",
  Paid: "invoiceList.statusPaid",
  Overdue: "invoiceList.statusOverdue",
  Cancelled: "invoiceList.statusCancelled",
} as const satisfies Record<InvoiceStatus, MessageId>;

export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const say = useSay();
  const chip = INVOICE_STATUS_CHIPS[status];
  return <Chip size="small" label={say(STATUS_IDS[status])} color={chip.color} variant={chip.variant} />;
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
export function InvoiceList({ title: given, actions }: Props) {
  const say = useSay();
  const title = given ?? say("invoiceList.title");
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
    <Tooltip title={say("invoiceList.downloadPdf")}>
      <IconButton
        aria-label={say("invoiceList.downloadNumber", { number: invoice.invoice_number })}
        onClick={() => setDownloading(invoice)}
        size="small"
      >
        <Download fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  // The invoice's own page: its lines, payments and receipts, and paying it by UPI (issue 35).
  const open = (invoice: Invoice) => (
    <Button
      component={RouterLink}
      to={`/billing/invoices/${invoice.id}`}
      aria-label={say("invoicePage.openNumber", { number: invoice.invoice_number })}
      size="small"
    >
      {say("invoicePage.openShort")}
    </Button>
  );
  const columns: Column<Invoice>[] = [
    {
      header: say("invoiceList.number"),
      cell: (invoice) => <Box sx={{ fontFamily: "monospace" }}>{invoice.invoice_number}</Box>,
      nowrap: true,
    },
    {
      header: say("invoiceList.child"),
      cell: (invoice) => (
        <>
          {invoice.child_first_name} {invoice.child_last_name}
          <Typography variant="caption" color="text.secondary" component="div">
            {invoice.student_id}
          </Typography>
        </>
      ),
    },
    { header: say("invoiceList.classroom"), cell: (invoice) => invoice.classroom_name ?? say("invoice.unassigned") },
    { header: say("invoice.issueDate"), cell: (invoice) => formatDate(invoice.issue_date), nowrap: true },
    { header: say("invoiceList.dueDate"), cell: (invoice) => formatDate(invoice.due_date), nowrap: true },
    {
      header: say("invoice.total"),
      align: "right",
      nowrap: true,
      cell: (invoice) => (
        <>
          {formatCurrency(invoice.total_amount)}
          {invoice.amount_paid > 0 && invoice.balance > 0 && (
            <Typography variant="caption" color="text.secondary" component="div">
              {say("invoiceList.balanceDue", { amount: formatCurrency(invoice.balance) })}
            </Typography>
          )}
        </>
      ),
    },
    { header: say("invoiceList.status"), cell: (invoice) => <InvoiceStatusChip status={invoice.status} /> },
    {
      header: say("invoiceList.actions"),
      align: "right",
      nowrap: true,
      cell: (invoice) => (
        <>
          {open(invoice)}
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
            label={
              rows[0]
                ? say("invoiceList.onlyChild", { name: `${rows[0].child_first_name} ${rows[0].child_last_name}` })
                : say("invoiceList.onlyOneChild")
            }
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
        <SearchField paging={paging} label={say("invoiceList.search")} />
        <TextField
          select
          size="small"
          label={say("invoiceList.status")}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as InvoiceStatus | "");
            paging.restart();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{say("invoiceList.all")}</MenuItem>
          {INVOICE_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say(STATUS_IDS[value])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {invoices.isFetching && page && <LinearProgress aria-label={say("invoiceList.loading")} />}
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
              {invoice.child_first_name} {invoice.child_last_name} ·{" "}
              {invoice.classroom_name ?? say("invoice.unassigned")}
            </Typography>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                {say("invoiceList.issuedDue", {
                  issued: formatDate(invoice.issue_date),
                  due: formatDate(invoice.due_date),
                })}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {formatCurrency(invoice.total_amount)}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ alignItems: "center", justifyContent: "flex-end" }}>
              {invoice.amount_paid > 0 && invoice.balance > 0 && (
                <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {say("invoiceList.balanceDue", { amount: formatCurrency(invoice.balance) })}
                </Typography>
              )}
              {open(invoice)}
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
              : say("billing.fetchInvoicesFailed")
            : undefined
        }
        empty={say("billing.noInvoices")}
        pageSizes={INVOICE_PAGE_SIZES}
      />
      <DownloadDialog invoice={downloading} onClose={() => setDownloading(null)} />
    </Paper>
  );
}
