import { z } from "zod";
import { english } from "../../i18n/english.ts";
import { LIST_MAX_PAGE, listPagination, pageParams, safeString } from "../primitives.ts";

/* Reconciling payments from the centre's bank statement (issue 35, item 4). */

/** The banks whose statement layouts Sprout reads, and the generic layout (Date, Narration, Credit Amount, Reference). */
export const STATEMENT_FORMATS = ["hdfc", "sbi", "icici", "generic"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A statement is refused from 10 MB on (the same limit as every other upload). */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_ACCEPT = ".csv,.xlsx";
/** How many credits one confirmation records (a page of the screen is at most 100). */
export const MAX_MATCHES_PER_CONFIRM = 500;

export const STATEMENT_MESSAGES = {
  fileRequired: english("server.statements.fileRequired"),
  tooLarge: english("server.statements.tooLarge"),
  chooseCentre: english("server.statements.chooseCentre"),
  chooseOne: english("server.statements.chooseOne"),
  noMatches: english("server.statements.noMatches"),
  tooManyMatches: english("server.statements.tooManyMatches", { max: MAX_MATCHES_PER_CONFIRM }),
  notFound: english("server.statements.notFound"),
} as const;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The text fields of the multipart upload (`file` is the statement itself). */
export const statementUploadFields = z.object({
  center_id: z.uuid({ error: STATEMENT_MESSAGES.chooseCentre }),
  /** Read with this bank's columns; unset: recognised from the header row. */
  format: z.preprocess(emptyToUndefined, z.enum(STATEMENT_FORMATS).optional()),
});

/** The upload's centre and format may come in the query instead of the form. */
export const statementUploadQuery = z.object({
  center_id: z.preprocess(emptyToUndefined, z.uuid({ error: STATEMENT_MESSAGES.chooseCentre }).optional()),
  format: z.preprocess(emptyToUndefined, z.enum(STATEMENT_FORMATS).optional()),
});

export const statementIdParams = z.object({ id: z.uuid({ error: STATEMENT_MESSAGES.notFound }) });

export const statementsQuery = z.object({
  center_id: z.preprocess(emptyToUndefined, z.uuid().optional()),
  ...pageParams,
});

export const statementCreditsQuery = z.object({ ...pageParams });

export const CREDIT_STATUSES = ["Unmatched", "Recorded", "Ignored"] as const;
/** What Sprout proposes for an unrecorded credit: a claim (UTR and amount), an invoice (its `tr` reference), or nothing. */
export const PROPOSAL_KINDS = ["claim", "invoice", "none"] as const;

/** An invoice a credit may pay, and why it is offered. */
export const creditSuggestion = z.object({
  invoice_id: safeString(),
  invoice_number: safeString(),
  child_name: safeString(),
  due_date: safeString(),
  balance: z.number(),
  /** "amount": its balance equals the credit; "child": the child's name is in the narration. */
  reason: z.enum(["amount", "child"]),
});
export type CreditSuggestion = z.infer<typeof creditSuggestion>;

export const statementCredit = z.object({
  id: safeString(),
  credited_on: safeString(),
  narration: safeString(),
  reference: safeString(),
  amount: z.number(),
  status: z.enum(CREDIT_STATUSES),
  /** The 12-digit UPI reference found in the narration or reference, if any. */
  utr: safeString().nullable(),
  proposal: z.enum(PROPOSAL_KINDS),
  claim_id: safeString().nullable(),
  invoice_id: safeString().nullable(),
  invoice_number: safeString().nullable(),
  child_name: safeString().nullable(),
  /** Offered only for an unmatched credit, at most three of each reason. */
  suggestions: z.array(creditSuggestion).max(6),
  receipt_number: safeString().nullable(),
});
export type StatementCredit = z.infer<typeof statementCredit>;

export const statementSummary = z.object({
  id: safeString(),
  center_id: safeString(),
  center_name: safeString(),
  file_name: safeString(),
  format: z.enum(STATEMENT_FORMATS),
  credits: z.number().int(),
  recorded: z.number().int(),
  ignored: z.number().int(),
  uploaded_by_name: safeString().nullable(),
  uploaded_at: safeString(),
});
export type StatementSummary = z.infer<typeof statementSummary>;

/** Across the whole statement: how many credits are of each kind. */
export const statementTotals = z.object({
  claim: z.number().int(),
  invoice: z.number().int(),
  suggested: z.number().int(),
  unmatched: z.number().int(),
  recorded: z.number().int(),
  ignored: z.number().int(),
});

export const statementDetail = z.object({
  statement: statementSummary,
  totals: statementTotals,
  credits: z.array(statementCredit).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type StatementDetail = z.infer<typeof statementDetail>;

export const statementUploadResponse = statementDetail.extend({
  message: safeString(),
  /** Credits of this file Sprout had already read from an earlier upload (recorded nothing twice). */
  already_known: z.number().int(),
});
export type StatementUploadResponse = z.infer<typeof statementUploadResponse>;

export const statementsResponse = z.object({
  statements: z.array(statementSummary).max(LIST_MAX_PAGE),
  pagination: listPagination,
});
export type StatementsPage = z.infer<typeof statementsResponse>;

export const statementMatch = z
  .object({
    credit_id: z.uuid({ error: english("server.statements.creditNotInStatement") }),
    claim_id: z.uuid().optional(),
    invoice_id: z.uuid().optional(),
  })
  .refine((match) => Boolean(match.claim_id) !== Boolean(match.invoice_id), {
    message: STATEMENT_MESSAGES.chooseOne,
  });
export type StatementMatch = z.infer<typeof statementMatch>;

export const confirmMatchesRequest = z.object({
  matches: z
    .array(statementMatch, { error: STATEMENT_MESSAGES.noMatches })
    .min(1, STATEMENT_MESSAGES.noMatches)
    .max(MAX_MATCHES_PER_CONFIRM, STATEMENT_MESSAGES.tooManyMatches),
});
export type ConfirmMatchesRequest = z.infer<typeof confirmMatchesRequest>;

export const ignoreCreditsRequest = z.object({
  credit_ids: z
    .array(z.uuid({ error: english("server.statements.creditNotInStatement") }))
    .min(1, STATEMENT_MESSAGES.noMatches)
    .max(MAX_MATCHES_PER_CONFIRM, STATEMENT_MESSAGES.tooManyMatches),
});
export type IgnoreCreditsRequest = z.infer<typeof ignoreCreditsRequest>;

export const statementActionResponse = z.object({
  message: safeString(),
  count: z.number().int(),
  receipts: z.array(safeString()),
});
