import type {
  CreditSuggestion,
  StatementCredit,
  StatementFormat,
  StatementSummary,
} from "@sprout/shared/schemas/fee-collection/statements";
import { toRupees } from "../../lib/money.ts";
import type { ProposedCredit, SuggestionRow } from "./statement-match.ts";
import type { StatementRow } from "./statement-queries.ts";

/* Rows of the reconciliation as the finance screen reads them: rupees on the wire, paise inside. */

export const toStatementSummary = (
  row: StatementRow,
  decided: { recorded: number; ignored: number },
): StatementSummary => ({
  id: row.id,
  center_id: row.centerId,
  center_name: row.centerName,
  file_name: row.fileName,
  format: row.format as StatementFormat,
  credits: row.credits,
  recorded: decided.recorded,
  ignored: decided.ignored,
  uploaded_by_name: row.uploadedByName,
  uploaded_at: row.uploadedAt.toISOString(),
});

const toSuggestion = (row: SuggestionRow): CreditSuggestion => ({
  invoice_id: row.invoice_id,
  invoice_number: row.invoice_number,
  child_name: row.child_name,
  due_date: row.due_date,
  balance: toRupees(Number(row.balance_paise)),
  reason: row.reason,
});

export const toStatementCredit = (row: ProposedCredit, suggestions: SuggestionRow[]): StatementCredit => ({
  id: row.id,
  credited_on: row.credited_on,
  narration: row.narration,
  reference: row.reference,
  amount: toRupees(Number(row.amount_paise)),
  status: row.status,
  utr: row.utr,
  proposal: row.status === "Unmatched" ? row.proposal : "none",
  claim_id: row.claim_id,
  invoice_id: row.invoice_id,
  invoice_number: row.invoice_number,
  child_name: row.child_name,
  suggestions: suggestions.map(toSuggestion),
  receipt_number: row.receipt_number,
});
