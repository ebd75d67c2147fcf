import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Box, Button, Card, CardContent, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import {
  BUDGET_PAGE_SIZES,
  type BudgetCentre,
  CATEGORY_LABEL_IDS,
  type Expense,
  expenseChoosingCentre,
  expenseInput,
  PAYMENT_MODE_LABEL_IDS,
  PAYMENT_MODES,
  RECEIPT_MAX_BYTES,
  RECENT_EXPENSES,
} from "@sprout/shared/schemas/budget";
import { todayIn } from "@sprout/shared/schemas/children";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { budgetPagination, openFile, useBudgetMutations, useBudgetRequests, useRecentExpenses } from "./api";
import { CategorySelect } from "./CategorySelect";
import type { Notice } from "./NoticeSnackbar";

type Form = z.input<typeof expenseInput>;

/** "Today" at the centre: its own time zone (until one is chosen, the first centre's). */
const zoneOf = (centres: BudgetCentre[], centreId: string | undefined) =>
  (centres.find((centre) => centre.id === centreId) ?? centres[0])?.time_zone ?? DEFAULT_TIME_ZONE;

const empty = (centres: BudgetCentre[]): Form => ({
  center_id: centres.length === 1 ? centres[0]!.id : "",
  date: todayIn(zoneOf(centres, undefined)),
  amount: "",
  category: "" as Form["category"],
  subcategory: "",
  description: "",
  payment_mode: "online",
  vendor: "",
  GST: "",
  request_id: "",
});

/** Log Expenses: the entry form and the latest 10 expenses. */
export function ExpensesTab({ centres, onNotice }: { centres: BudgetCentre[]; onNotice: (notice: Notice) => void }) {
  const say = useSay();
  const { logExpense } = useBudgetMutations();
  const approved = useBudgetRequests("approved", 1, 50);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const form = useForm<Form, unknown, z.output<typeof expenseInput>>({
    resolver: zodResolver(centres.length > 1 ? expenseChoosingCentre : expenseInput),
    defaultValues: empty(centres),
    mode: "onBlur",
  });
  const errors = form.formState.errors;
  const chosen = form.watch("center_id");
  const centreId = typeof chosen === "string" ? chosen : undefined;
  const today = todayIn(zoneOf(centres, centreId));
  // Choosing another centre moves a date still left at its default to that centre's today.
  useEffect(() => {
    if (!form.getFieldState("date").isDirty) form.resetField("date", { defaultValue: today });
  }, [form, today]);

  const chooseReceipt = (file: File | undefined) => {
    if (file && file.size > RECEIPT_MAX_BYTES) {
      setReceipt(null);
      setReceiptError(say("budget.receiptTooLarge"));
      onNotice({ message: say("budget.receiptTooLarge"), severity: "warning" });
      return;
    }
    setReceiptError(undefined);
    setReceipt(file ?? null);
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await logExpense.mutateAsync({ body: values, receipt });
        onNotice({ message: say("budget.expenseLogged"), severity: "success" });
        form.reset(empty(centres));
        setReceipt(null);
      } catch (error) {
        onNotice({
          message: error instanceof ApiError ? error.message : say("budget.expenseFailed"),
          severity: "error",
        });
      }
    },
    () => onNotice({ message: say("budget.requiredFields"), severity: "warning" }),
  );

  const requests = (approved.data?.requests ?? []).filter((request) => !centreId || request.center_id === centreId);

  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", xl: "minmax(0, 5fr) minmax(0, 7fr)" } }}>
      <Card variant="outlined" component="form" onSubmit={submit} noValidate aria-label={say("budget.logAnExpense")}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {say("budget.logExpenseTitle")}
          </Typography>
          <Stack sx={{ gap: 2 }}>
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
            <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
              <Controller
                control={form.control}
                name="date"
                render={({ field }) => (
                  <DateField
                    label={say("budget.date")}
                    value={(field.value as string) ?? ""}
                    max={today}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={!!errors.date}
                    helperText={errors.date?.message}
                  />
                )}
              />
              <TextField
                label={say("budget.amountRupees")}
                required
                inputMode="decimal"
                fullWidth
                {...form.register("amount")}
                error={!!errors.amount}
                helperText={errors.amount?.message}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => <CategorySelect field={field} error={errors.category?.message} />}
              />
              <TextField label={say("budget.subcategory")} fullWidth {...form.register("subcategory")} />
            </Stack>
            <TextField
              label={say("budget.description")}
              required
              {...form.register("description")}
              error={!!errors.description}
              helperText={errors.description?.message}
            />
            <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
              <Controller
                control={form.control}
                name="payment_mode"
                render={({ field }) => (
                  <TextField select label={say("budget.paymentMode")} fullWidth {...field}>
                    {PAYMENT_MODES.map((mode) => (
                      <MenuItem key={mode} value={mode}>
                        {say(PAYMENT_MODE_LABEL_IDS[mode])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField label={say("budget.vendor")} fullWidth {...form.register("vendor")} />
            </Stack>
            <TextField
              label={say("budget.gstNumber")}
              {...form.register("GST")}
              error={!!errors.GST}
              helperText={errors.GST?.message ?? say("budget.gstHint")}
              slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: "uppercase" } } }}
            />
            <Controller
              control={form.control}
              name="request_id"
              render={({ field }) => (
                <TextField select label={say("budget.approvedRequest")} {...field} value={field.value ?? ""}>
                  <MenuItem value="">{say("budget.none")}</MenuItem>
                  {requests.map((request) => (
                    <MenuItem key={request.id} value={request.id}>
                      {say("budget.requestSpent", {
                        description: request.description,
                        spent: formatCurrency(request.spent_amount),
                        amount: formatCurrency(request.amount),
                      })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Box>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
                {receipt ? say("budget.changeReceipt") : say("budget.attachReceipt")}
                <input
                  hidden
                  type="file"
                  name="receipt"
                  accept="image/*,application/pdf"
                  onChange={(event) => chooseReceipt(event.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" color={receiptError ? "error" : "text.secondary"} sx={{ mt: 0.5 }}>
                {receiptError ?? (receipt ? receipt.name : say("budget.receiptHint"))}
              </Typography>
            </Box>
            <Button type="submit" variant="contained" disabled={logExpense.isPending}>
              {logExpense.isPending ? say("budget.logging") : say("budget.logExpense")}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <RecentExpenses />
    </Box>
  );
}

function ReceiptLink({ expense }: { expense: Expense }) {
  const say = useSay();
  const [failed, setFailed] = useState(false);
  if (!expense.receipt_image_url) return <>{say("budget.noReceipt")}</>;
  const path = expense.receipt_image_url;
  return (
    <Link component="button" type="button" onClick={() => openFile(path).catch(() => setFailed(true))}>
      {failed ? say("budget.couldNotOpen") : say("budget.viewReceipt")}
    </Link>
  );
}

function RecentExpenses() {
  const say = useSay();
  const paging = usePaging(RECENT_EXPENSES);
  const recent = useRecentExpenses(paging.page, paging.limit);
  const data = recent.data;
  const page = data && { rows: data.expenses, pagination: budgetPagination(data.pagination) };
  const columns: Column<Expense>[] = [
    { header: say("budget.date"), cell: (expense) => formatDate(expense.date), nowrap: true },
    { header: say("budget.category"), cell: (expense) => say(CATEGORY_LABEL_IDS[expense.category]) },
    { header: say("budget.description"), cell: (expense) => expense.description },
    { header: say("budget.amount"), cell: (expense) => formatCurrency(expense.amount), align: "right", nowrap: true },
    { header: say("budget.gstNumber"), cell: (expense) => expense.GST ?? "—" },
    { header: say("budget.receipt"), cell: (expense) => <ReceiptLink expense={expense} />, nowrap: true },
  ];
  return (
    <Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {say("budget.recentExpenses")}
      </Typography>
      <PagedTable
        label={say("budget.recentExpensesLabel")}
        columns={columns}
        card={(expense) => (
          <>
            <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{expense.description}</Typography>
              <Typography sx={{ whiteSpace: "nowrap" }}>{formatCurrency(expense.amount)}</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatDate(expense.date)} · {say(CATEGORY_LABEL_IDS[expense.category])}
              {expense.GST ? ` · ${say("budget.gstShort", { gst: expense.GST })}` : ""}
            </Typography>
            <Typography variant="body2">
              <ReceiptLink expense={expense} />
            </Typography>
          </>
        )}
        rowKey={(expense) => expense.expense_id}
        page={page}
        paging={paging}
        loading={recent.isPending}
        error={recent.isError ? say("budget.loadFailed") : undefined}
        empty={say("budget.noExpenses")}
        pageSizes={BUDGET_PAGE_SIZES}
      />
    </Box>
  );
}
