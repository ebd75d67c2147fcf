import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { isIsoDate, itemsPagination, safeString } from "./primitives.ts";

/** Each label's English, from its catalogue message (a screen says the message by its id). */
const englishLabels = <K extends string>(ids: Record<K, MessageId>) =>
  Object.fromEntries(Object.entries<MessageId>(ids).map(([key, id]) => [key, english(id)])) as Record<K, string>;

/** Budget and finance (spec 2: the Financial Manager dashboard; issue 12: the whole loop). */

export const EXPENSE_CATEGORIES = [
  "supplies",
  "utilities",
  "salaries",
  "maintenance",
  "marketing",
  "rent",
  "food",
  "equipment",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const CATEGORY_LABEL_IDS = {
  supplies: "budget.categorySupplies",
  utilities: "budget.categoryUtilities",
  salaries: "budget.categorySalaries",
  maintenance: "budget.categoryMaintenance",
  marketing: "budget.categoryMarketing",
  rent: "budget.categoryRent",
  food: "budget.categoryFood",
  equipment: "budget.categoryEquipment",
  other: "budget.categoryOther",
} as const satisfies Record<ExpenseCategory, MessageId>;
export const CATEGORY_LABELS: Record<ExpenseCategory, string> = englishLabels(CATEGORY_LABEL_IDS);

export const PAYMENT_MODES = ["online", "UPI", "RTGS", "cheque", "cash"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABEL_IDS = {
  online: "budget.modeOnline",
  UPI: "budget.modeUpi",
  RTGS: "budget.modeRtgs",
  cheque: "budget.modeCheque",
  cash: "budget.modeCash",
} as const satisfies Record<PaymentMode, MessageId>;
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = englishLabels(PAYMENT_MODE_LABEL_IDS);

export const BUDGET_LIMIT_ROLES = ["center_director", "admin", "academic_coordinator"] as const;
export type BudgetLimitRole = (typeof BUDGET_LIMIT_ROLES)[number];

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_LABEL_IDS = {
  pending: "budget.statusPending",
  approved: "budget.statusApproved",
  rejected: "budget.statusRejected",
} as const satisfies Record<ApprovalStatus, MessageId>;
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = englishLabels(APPROVAL_STATUS_LABEL_IDS);
export const APPROVAL_ACTIONS = ["approve", "reject"] as const;

export const OVERSIGHT_SEVERITIES = ["critical", "warning", "info"] as const;

export const RECEIPT_MAX_BYTES = 5_242_880;
export const RECENT_EXPENSES = 10;
export const SNACKBAR_MS = 6000;
/** Spec 2, section 9: the monthly budget a centre spends against. */
export const DEFAULT_MONTHLY_BUDGET_RUPEES = 125_000;
/** Oversight: a request waiting longer than this is flagged. */
export const REQUEST_WAIT_DAYS = 7;
/** Oversight: an expense at least this large without a receipt is flagged. */
export const RECEIPT_REQUIRED_ABOVE_RUPEES = 5_000;
/** Oversight: a month's spending this many times the centre's monthly average is a spike. */
export const SPIKE_FACTOR = 1.5;
export const BUDGET_PAGE_SIZES = [5, 10, 25, 50] as const;
/** The dashboard carries at most this many pending approvals and limits (the rest page). */
export const DASHBOARD_LIST_MAX = 50;
export const MAX_BUDGET_RUPEES = 100_000_000;

export const BUDGET_MESSAGES = {
  loadFailed: english("budget.loadFailed"),
  approvalFailed: english("budget.approvalFailed"),
  bulkFailed: english("budget.bulkFailed"),
  expenseFailed: english("budget.expenseFailed"),
  refreshed: english("budget.refreshed"),
  expenseLogged: english("budget.expenseLogged"),
  selectFirst: english("budget.selectFirst"),
  requiredFields: english("budget.requiredFields"),
  receiptTooLarge: english("budget.receiptTooLarge"),
  receiptType: english("budget.receiptType"),
  receiptRequired: english("budget.receiptRequired"),
  receiptUnknown: english("budget.receiptUnknown"),
  quoteType: english("budget.quoteType"),
  quoteRequired: english("budget.quoteRequired"),
  quoteUnknown: english("budget.quoteUnknown"),
  noLimits: english("budget.noLimits"),
  noApprovals: english("budget.noApprovals"),
  noExpenses: english("budget.noExpenses"),
  noOversight: english("budget.noOversight"),
  noRequests: english("budget.noRequests"),
  amountRequired: english("budget.amountRequired"),
  amountPositive: english("budget.amountPositive"),
  amountDecimals: english("budget.amountDecimals"),
  amountTooLarge: english("budget.amountTooLarge"),
  categoryRequired: english("budget.categoryRequired"),
  descriptionRequired: english("budget.descriptionRequired"),
  justificationRequired: english("budget.justificationRequired"),
  centreRequired: english("budget.centreRequired"),
  roleRequired: english("budget.roleRequired"),
  fiscalYear: english("budget.fiscalYear"),
  gstin: english("budget.gstin"),
  dateInvalid: english("budget.dateInvalid"),
  dateFuture: english("budget.dateFuture"),
  dateRange: english("budget.dateRange"),
  limitExists: english("budget.limitExists"),
  alreadyDecided: english("budget.alreadyDecided"),
  ownRequest: english("budget.ownRequest"),
  requestNotApproved: english("budget.requestNotApproved"),
  chooseCentre: english("budget.chooseCentre"),
  autoApproved: english("budget.autoApproved"),
  waiting: english("budget.waiting"),
  exportFailed: english("budget.exportFailed"),
} as const;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
const needed = (message: string, max: number) => safeString({ error: message }).trim().min(1, message).max(max);
const text = (max: number) => safeString().trim().max(max);

/** Rupees as typed or sent: above zero, at most two decimals. */
export const budgetAmount = (required: string = BUDGET_MESSAGES.amountRequired) =>
  z.preprocess(
    (value) => {
      const plain = typeof value === "string" ? value.trim() : value;
      if (plain === "" || plain === null) return undefined;
      return typeof plain === "string" && /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : plain;
    },
    z
      .number({ error: required })
      .refine((value) => Number.isFinite(value), { message: required })
      .refine((value) => value > 0, { message: BUDGET_MESSAGES.amountPositive })
      .refine((value) => /^\d+(\.\d{1,2})?$/.test(String(value)), { message: BUDGET_MESSAGES.amountDecimals })
      .refine((value) => value <= MAX_BUDGET_RUPEES, { message: BUDGET_MESSAGES.amountTooLarge }),
  );

/** GSTIN: state code, PAN, entity number, "Z", check character (15 characters). */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Indian fiscal years run April to March: "2026-27" starts on 1 April 2026. */
export function fiscalYearOf(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}
export function fiscalYearStart(fiscalYear: string): number {
  return Number(fiscalYear.slice(0, 4));
}
export const isFiscalYear = (value: string) => {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return !!match && (Number(match[1]) + 1) % 100 === Number(match[2]);
};

const category = z.enum(EXPENSE_CATEGORIES, { error: BUDGET_MESSAGES.categoryRequired });
const date = (message: string) => safeString({ error: message }).trim().refine(isIsoDate, { message });

export const budgetLimitInput = z.object({
  center_id: z.uuid({ error: BUDGET_MESSAGES.centreRequired }),
  role: z.enum(BUDGET_LIMIT_ROLES, { error: BUDGET_MESSAGES.roleRequired }),
  approval_limit: budgetAmount(),
  fiscal_year: safeString({ error: BUDGET_MESSAGES.fiscalYear })
    .trim()
    .refine(isFiscalYear, { message: BUDGET_MESSAGES.fiscalYear }),
  category: optional(category),
  is_active: z.boolean().default(true),
  notes: text(1000).default(""),
});
export type BudgetLimitInput = z.input<typeof budgetLimitInput>;

export const budgetLimit = z.object({
  id: z.uuid(),
  center_id: z.uuid(),
  center_name: z.string(),
  role: z.enum(BUDGET_LIMIT_ROLES),
  approval_limit: z.number(),
  used_amount: z.number(),
  fiscal_year: z.string(),
  is_active: z.boolean(),
  category: z.enum(EXPENSE_CATEGORIES).nullable(),
  notes: z.string(),
});
export type BudgetLimit = z.infer<typeof budgetLimit>;

const pageSize = z.coerce
  .number()
  .int()
  .refine((value) => (BUDGET_PAGE_SIZES as readonly number[]).includes(value), {
    message: english("budget.pageSize"),
  })
  .default(10);
const pagination = itemsPagination;
export type BudgetPagination = z.infer<typeof pagination>;

export const budgetLimitsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  search: optional(text(100)),
});
export const budgetLimitsPage = z.object({ limits: z.array(budgetLimit), pagination });
export type BudgetLimitsPage = z.infer<typeof budgetLimitsPage>;

export const budgetRequestInput = z.object({
  center_id: optional(z.uuid()),
  description: needed(BUDGET_MESSAGES.descriptionRequired, 500),
  amount: budgetAmount(),
  category,
  justification: needed(BUDGET_MESSAGES.justificationRequired, 2000),
  /** A quote uploaded first through POST /api/budget/quotes. */
  quote_id: optional(z.uuid({ error: BUDGET_MESSAGES.quoteUnknown })),
});
export type BudgetRequestInput = z.input<typeof budgetRequestInput>;

/**
 * A user of several centres says which one the money is for: their forms check it with the other
 * fields (the server's `chosenCentre` refuses the same). The input type stays the base form's.
 */
const centreChosen = z.preprocess((value) => value ?? "", z.uuid({ error: BUDGET_MESSAGES.chooseCentre }));
export const budgetRequestChoosingCentre = budgetRequestInput.extend({ center_id: centreChosen });

export const budgetRequest = z.object({
  id: z.uuid(),
  center_id: z.uuid(),
  center_name: z.string(),
  description: z.string(),
  amount: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  justification: z.string(),
  requester_name: z.string(),
  fiscal_year: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  auto_approved: z.boolean(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_notes: z.string().nullable(),
  spent_amount: z.number(),
  quote: z.object({ url: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BudgetRequest = z.infer<typeof budgetRequest>;

export const budgetRequestsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: pageSize,
  status: optional(z.enum(APPROVAL_STATUSES)),
  /** Pending Approvals: only the waiting requests the caller may decide (not their own), oldest first. */
  to_decide: optional(z.stringbool({ error: english("budget.toDecideFlag") })),
  /** The finance notifications: approved and rejected requests, latest decision first. */
  decided: optional(z.stringbool({ error: english("budget.decidedFlag") })),
});
export const budgetRequestsPage = z.object({ requests: z.array(budgetRequest), pagination });
export type BudgetRequestsPage = z.infer<typeof budgetRequestsPage>;
export const budgetRequestCreated = z.object({ message: z.string(), request: budgetRequest });

export const approvalInput = z.object({
  action: z.enum(APPROVAL_ACTIONS, { error: english("budget.actionInvalid") }),
  notes: text(1000).default(""),
});
export type ApprovalInput = z.input<typeof approvalInput>;

export const pendingApproval = z.object({
  id: z.uuid(),
  description: z.string(),
  amount: z.number(),
  category: z.enum(EXPENSE_CATEGORIES),
  requester_name: z.string(),
  justification: z.string(),
  center_name: z.string(),
  quote: z.object({ url: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PendingApproval = z.infer<typeof pendingApproval>;

export const expenseInput = z.object({
  center_id: optional(z.uuid()),
  date: optional(date(BUDGET_MESSAGES.dateInvalid)),
  amount: budgetAmount(),
  category,
  subcategory: text(100).default(""),
  description: needed(BUDGET_MESSAGES.descriptionRequired, 500),
  payment_mode: z.enum(PAYMENT_MODES).default("online"),
  vendor: text(200).default(""),
  GST: optional(
    safeString()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => GSTIN_PATTERN.test(value), { message: BUDGET_MESSAGES.gstin }),
  ),
  receipt_image_url: optional(safeString().trim().max(300)),
  request_id: optional(z.uuid()),
  recurring: z.literal("No").default("No"),
});
export type ExpenseInput = z.input<typeof expenseInput>;
export const expenseChoosingCentre = expenseInput.extend({ center_id: centreChosen });

export const expense = z.object({
  expense_id: z.uuid(),
  center_id: z.uuid(),
  center_name: z.string(),
  date: z.string(),
  amount: z.number(),
  description: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  subcategory: z.string(),
  payment_mode: z.enum(PAYMENT_MODES),
  vendor: z.string(),
  receipt_image_url: z.string().nullable(),
  GST: z.string().nullable(),
  request_id: z.uuid().nullable(),
  recurring: z.literal("No"),
});
export type Expense = z.infer<typeof expense>;

const exportFilters = {
  start_date: optional(date(BUDGET_MESSAGES.dateInvalid)),
  end_date: optional(date(BUDGET_MESSAGES.dateInvalid)),
  category: optional(category),
};
const rangeInOrder = (value: { start_date?: string; end_date?: string }) =>
  !value.start_date || !value.end_date || value.start_date <= value.end_date;

export const expensesQuery = z
  .object({ page: z.coerce.number().int().min(1).default(1), limit: pageSize, ...exportFilters })
  .refine(rangeInOrder, { message: BUDGET_MESSAGES.dateRange, path: ["end_date"] });
export const expensesPage = z.object({ expenses: z.array(expense), pagination });
export type ExpensesPage = z.infer<typeof expensesPage>;

/** The filter bar: dates and category choose expenses; status chooses the requests sheet. */
export const exportQuery = z
  .object({ ...exportFilters, status: optional(z.enum(APPROVAL_STATUSES)) })
  .refine(rangeInOrder, { message: BUDGET_MESSAGES.dateRange, path: ["end_date"] });
export type ExportQuery = z.input<typeof exportQuery>;

export const receiptUploaded = z.object({ id: z.uuid(), path: z.string() });
export const quoteUploaded = z.object({ id: z.uuid(), url: z.string(), name: z.string() });
export type QuoteUploaded = z.infer<typeof quoteUploaded>;

export const oversightItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  amount: z.number().nullable(),
  severity: z.enum(OVERSIGHT_SEVERITIES),
});
export type OversightItem = z.infer<typeof oversightItem>;

/** A centre the caller keeps books for; its time zone says what "today" is for an expense. */
export const budgetCentre = z.object({ id: z.uuid(), name: z.string(), time_zone: z.string() });
export type BudgetCentre = z.infer<typeof budgetCentre>;
export const budgetCentres = z.object({ centers: z.array(budgetCentre) });

export const financeDashboard = z.object({
  overview: z.object({
    totalBudget: z.number(),
    pendingApprovals: z.number().int(),
    oversightItems: z.number().int(),
    centersManaged: z.number().int(),
  }),
  budgetLimits: z.array(budgetLimit),
  pendingApprovals: z.array(pendingApproval),
  oversightItems: z.array(oversightItem),
  centers: z.array(budgetCentre),
  analytics: z.object({
    approvalActivity: z.array(z.object({ month: z.string(), approvals: z.number().int() })),
    budgetDistribution: z.array(z.object({ name: z.string(), value: z.number() })),
  }),
  fiscal_year: z.string(),
});
export type FinanceDashboard = z.infer<typeof financeDashboard>;
