import AttachFileIcon from "@mui/icons-material/AttachFile";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Pagination,
  Stack,
  Tab,
  TextField,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import {
  APPROVAL_STATUS_LABEL_IDS,
  APPROVAL_STATUSES,
  type ApprovalStatus,
  BUDGET_LIMIT_ROLES,
  type BudgetCentre,
  type BudgetRequest,
  budgetRequestChoosingCentre,
  budgetRequestInput,
  CATEGORY_LABEL_IDS,
  RECEIPT_MAX_BYTES,
} from "@sprout/shared/schemas/budget";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { useServerError } from "../../components/useServerError";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { exportExpenses, useBudgetCentres, useBudgetMutations, useBudgetRequests } from "./api";
import { CategorySelect } from "./CategorySelect";
import { ExpensesTab } from "./ExpensesTab";
import { type ExportFilters, FilterBar } from "./FilterBar";
import { type Notice, NoticeSnackbar } from "./NoticeSnackbar";
import { QuoteLink } from "./QuoteLink";

type Form = z.input<typeof budgetRequestInput>;
const empty = (centres: BudgetCentre[]): Form => ({
  center_id: centres.length === 1 ? centres[0]!.id : "",
  description: "",
  amount: "",
  category: "" as Form["category"],
  justification: "",
});
const STATUS_COLOURS = { pending: "warning", approved: "success", rejected: "error" } as const;

/**
 * Budget & Finance for those who ask: raise a request and follow its decision; a director, who
 * also keeps the centre's books, logs expenses and exports them too.
 */
export function RequestsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const logsExpenses = hasFeature(user.role, "expense_tracking");
  const [tab, setTab] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [filters, setFilters] = useState<ExportFilters>({});
  const centres = useBudgetCentres();
  const download = async () => {
    try {
      await exportExpenses(filters);
    } catch {
      setNotice({ message: say("budget.exportFailed"), severity: "error" });
    }
  };
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
        {say("budget.title")}
      </Typography>
      {logsExpenses && (
        <ScrollableTabs
          value={tab}
          onChange={(_event, next: number) => setTab(next)}
          sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}
        >
          <Tab label={say("budget.tabRequests")} />
          <Tab label={say("budget.tabExpenses")} />
        </ScrollableTabs>
      )}
      {tab === 0 && <BudgetRequestsPanel centres={centres.data?.centers ?? []} />}
      {tab === 1 && (
        <Box>
          <FilterBar value={filters} onChange={setFilters} onExport={download} />
          {centres.isError && <Alert severity="error">{say("budget.loadFailed")}</Alert>}
          {centres.isPending && <LinearProgress />}
          {centres.data && <ExpensesTab centres={centres.data.centers} onNotice={setNotice} />}
        </Box>
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}

/** The request form beside the requests list; the form asks for the centre when the caller has several. */
export function BudgetRequestsPanel({ centres }: { centres: BudgetCentre[] }) {
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 5fr) minmax(0, 7fr)" } }}>
      <RequestForm centres={centres} />
      <RequestList />
    </Box>
  );
}

function RequestForm({ centres }: { centres: BudgetCentre[] }) {
  const say = useSay();
  const { raise } = useBudgetMutations();
  // Limits are set for centre roles; an owner's request always waits for a decision.
  const hasLimit = (BUDGET_LIMIT_ROLES as readonly string[]).includes(useSignedInUser().role);
  const [outcome, setOutcome] = useState<{ message: string; approved: boolean } | null>(null);
  const [quote, setQuote] = useState<File | null>(null);
  const [quoteError, setQuoteError] = useState<string>();
  const chooseQuote = (file: File | undefined) => {
    // The server checks again, by content; this saves uploading 5 MB only to be refused.
    const tooLarge = !!file && file.size > RECEIPT_MAX_BYTES;
    setQuoteError(tooLarge ? say("budget.receiptTooLarge") : undefined);
    setQuote(tooLarge ? null : (file ?? null));
  };
  const form = useForm<Form, unknown, z.output<typeof budgetRequestInput>>({
    resolver: zodResolver(centres.length > 1 ? budgetRequestChoosingCentre : budgetRequestInput),
    defaultValues: empty(centres),
    mode: "onBlur",
  });
  const errors = form.formState.errors;
  const failure =
    raise.error instanceof ApiError ? raise.error.message : raise.error ? say("budget.loadFailed") : undefined;
  const server = useServerError(failure, form.watch);

  const submit = form.handleSubmit(async (values) => {
    server.submitted();
    setOutcome(null);
    const created = await raise.mutateAsync({ body: values, quote }).catch(() => null);
    if (!created) return;
    setOutcome({ message: created.message, approved: created.request.status === "approved" });
    form.reset(empty(centres));
    setQuote(null);
  });

  return (
    <Card
      variant="outlined"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={say("budget.raiseRequestLabel")}
      sx={{ alignSelf: "start" }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {say("budget.raiseRequest")}
        </Typography>
        <Stack sx={{ gap: 2 }}>
          {server.error && <Alert severity="error">{server.error}</Alert>}
          {outcome && (
            <Alert severity={outcome.approved ? "success" : "info"} onClose={() => setOutcome(null)}>
              {outcome.message}
            </Alert>
          )}
          {centres.length > 1 && (
            <Controller
              control={form.control}
              name="center_id"
              render={({ field }) => (
                <TextField
                  select
                  label={say("budget.center")}
                  required
                  {...field}
                  value={field.value ?? ""}
                  error={!!errors.center_id}
                  helperText={errors.center_id?.message}
                >
                  {centres.map((centre) => (
                    <MenuItem key={centre.id} value={centre.id}>
                      {centre.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <TextField
            label={say("budget.description")}
            required
            {...form.register("description")}
            error={!!errors.description}
            helperText={errors.description?.message}
          />
          <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
            <TextField
              label={say("budget.amountRupees")}
              required
              fullWidth
              inputMode="decimal"
              {...form.register("amount")}
              error={!!errors.amount}
              helperText={errors.amount?.message}
            />
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => <CategorySelect field={field} error={errors.category?.message} />}
            />
          </Stack>
          <TextField
            label={say("budget.justification")}
            required
            multiline
            minRows={3}
            {...form.register("justification")}
            error={!!errors.justification}
            helperText={errors.justification?.message}
          />
          <Box>
            <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
              {quote ? say("budget.changeQuote") : say("budget.attachQuote")}
              <input
                hidden
                type="file"
                name="quote"
                accept="image/*,application/pdf"
                onChange={(event) => {
                  chooseQuote(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
            </Button>
            <Typography variant="body2" color={quoteError ? "error" : "text.secondary"} sx={{ mt: 0.5 }}>
              {quoteError ?? (quote ? quote.name : say("budget.quoteHint"))}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {hasLimit ? say("budget.withinLimitRule") : say("budget.waitsRule")}
          </Typography>
          <Button type="submit" variant="contained" disabled={raise.isPending}>
            {raise.isPending ? say("budget.submitting") : say("budget.submitRequest")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function RequestList() {
  const say = useSay();
  const [status, setStatus] = useState<ApprovalStatus | "">("");
  const [page, setPage] = useState(1);
  const requests = useBudgetRequests(status || undefined, page, 10);
  const rows = requests.data?.requests ?? [];
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2">
          {say("budget.requests")}
        </Typography>
        <TextField
          select
          size="small"
          label={say("budget.status")}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ApprovalStatus | "");
            setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">{say("budget.all")}</MenuItem>
          {APPROVAL_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say(APPROVAL_STATUS_LABEL_IDS[value])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {requests.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {requests.isError && <Alert severity="error">{say("budget.loadFailed")}</Alert>}
      {requests.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">{say("budget.noRequests")}</Typography>
      )}
      <Stack sx={{ gap: 1.5 }} aria-label={say("budget.tabRequests")}>
        {rows.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </Stack>
      {(requests.data?.pagination.total_pages ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={requests.data?.pagination.total_pages ?? 1}
          onChange={(_event, next) => setPage(next)}
        />
      )}
    </Box>
  );
}

function RequestCard({ request }: { request: BudgetRequest }) {
  const say = useSay();
  const status = say(APPROVAL_STATUS_LABEL_IDS[request.status]);
  return (
    <Card variant="outlined" aria-label={say("budget.requestCard", { description: request.description })}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{request.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              {say(CATEGORY_LABEL_IDS[request.category])} · {request.requester_name} · {request.center_name} ·{" "}
              {formatDate(request.created_at)}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={STATUS_COLOURS[request.status]}
            label={request.auto_approved ? say("budget.approvedWithinLimitChip") : status}
          />
        </Stack>
        <Typography sx={{ mt: 1 }}>
          {formatCurrency(request.amount)}
          {request.status === "approved" && (
            <Typography component="span" variant="body2" color="text.secondary">
              {" "}
              · {say("budget.spent", { amount: formatCurrency(request.spent_amount) })}
            </Typography>
          )}
        </Typography>
        <QuoteLink quote={request.quote} />
        {request.decided_by_name && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {request.decided_at
              ? say("budget.decidedByOn", {
                  status,
                  name: request.decided_by_name,
                  date: formatDate(request.decided_at),
                })
              : say("budget.decidedByName", { status, name: request.decided_by_name })}
            {request.decision_notes ? `: ${request.decision_notes}` : ""}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
