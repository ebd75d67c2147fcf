import { z } from "zod";
import type { MessageId } from "../i18n/catalogues.ts";
import { english } from "../i18n/english.ts";
import { englishLabels } from "./english-labels.ts";
import { listPagination, pageParams, safeString } from "./primitives.ts";

/** Children's data rights (issue 19, points 3-5): export, correction and erasure, retention. */

/** How long a prepared archive may be downloaded. */
export const EXPORT_VALID_DAYS = 7;
/** The centre answers a correction or erasure request within this many days (docs/decisions.md). */
export const REQUEST_DUE_DAYS = 30;
/** Retention defaults (docs/decisions.md): records 3 years after leaving, the books 8 years. */
export const DEFAULT_RECORDS_YEARS = 3;
export const DEFAULT_BOOKS_YEARS = 8;
export const MIN_BOOKS_YEARS = 8;

export const DATA_MESSAGES = {
  childRequired: english("dataRequests.childRequired"),
  kindRequired: english("dataRequests.kindRequired"),
  detailsRequired: english("dataRequests.detailsRequired"),
  erasureReasonRequired: english("dataRequests.erasureReasonRequired"),
  correctionRequired: english("dataRequests.correctionRequired"),
  answerRequired: english("dataRequests.answerRequired"),
  exportExpired: english("dataRequests.exportExpired"),
  exportNotReady: english("dataRequests.exportNotReady"),
  exportBusy: english("dataRequests.exportBusy"),
  stillEnrolled: english("dataRequests.stillEnrolled"),
  alreadyAnswered: english("dataRequests.alreadyAnswered"),
  notErasure: english("dataRequests.notErasure"),
  erasureNeedsRun: english("dataRequests.erasureNeedsRun"),
  alreadyErased: english("dataRequests.alreadyErased"),
  recordsYears: english("dataRequests.recordsYears"),
  booksYears: english("dataRequests.booksYears", { years: MIN_BOOKS_YEARS }),
  centreRequired: english("dataRequests.centreRequired"),
} as const;

const uuid = (message: string) => z.uuid({ error: message });
const text = (max: number) => safeString().trim().max(max, english("dataRequests.textTooLong", { max }));

/* ---------- Export ---------- */

export const EXPORT_STATUSES = ["queued", "working", "ready", "failed", "expired"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_STATUS_LABEL_IDS: Record<ExportStatus, MessageId> = {
  queued: "dataRequests.exportQueued",
  working: "dataRequests.exportWorking",
  ready: "dataRequests.exportReady",
  failed: "dataRequests.exportFailed",
  expired: "dataRequests.exportExpiredStatus",
};
export const EXPORT_STATUS_LABELS = englishLabels(EXPORT_STATUS_LABEL_IDS);

export const exportInput = z.object({ student_id: uuid(DATA_MESSAGES.childRequired) });
export type ExportInput = z.input<typeof exportInput>;

export const dataExport = z.object({
  id: z.string(),
  student_id: z.string(),
  child_name: z.string(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number().int(),
  size_bytes: z.number().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;
export const dataExportsQuery = z.object(pageParams);
export const dataExportsPage = z.object({ exports: z.array(dataExport), pagination: listPagination });

/* ---------- Correction and erasure requests ---------- */

export const DATA_REQUEST_KINDS = ["correction", "erasure"] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_KIND_LABEL_IDS: Record<DataRequestKind, MessageId> = {
  correction: "dataRequests.kindCorrection",
  erasure: "dataRequests.kindErasure",
};
export const DATA_REQUEST_KIND_LABELS = englishLabels(DATA_REQUEST_KIND_LABEL_IDS);
export const DATA_REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
export const DATA_REQUEST_STATUS_LABEL_IDS: Record<DataRequestStatus, MessageId> = {
  open: "dataRequests.statusOpen",
  done: "dataRequests.statusDone",
  refused: "dataRequests.statusRefused",
};
export const DATA_REQUEST_STATUS_LABELS = englishLabels(DATA_REQUEST_STATUS_LABEL_IDS);

export const dataRequestInput = z
  .object({
    student_id: uuid(DATA_MESSAGES.childRequired),
    kind: z.enum(DATA_REQUEST_KINDS, { error: DATA_MESSAGES.kindRequired }),
    details: text(2000),
    correction: text(2000).optional(),
  })
  .superRefine((value, context) => {
    if (value.details === "") {
      const message = value.kind === "erasure" ? DATA_MESSAGES.erasureReasonRequired : DATA_MESSAGES.detailsRequired;
      context.addIssue({ code: "custom", path: ["details"], message });
    }
    if (value.kind === "correction" && !value.correction) {
      context.addIssue({ code: "custom", path: ["correction"], message: DATA_MESSAGES.correctionRequired });
    }
  });
export type DataRequestInput = z.input<typeof dataRequestInput>;

/** What the parent sees of their own request. */
export const parentDataRequest = z.object({
  id: z.string(),
  student_id: z.string(),
  child_name: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  details: z.string(),
  correction: z.string().nullable(),
  status: z.enum(DATA_REQUEST_STATUSES),
  due_date: z.string(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type ParentDataRequest = z.infer<typeof parentDataRequest>;

/** What the centre's desk sees: who asked, and whether the child has left (erasure needs it). */
export const deskDataRequest = parentDataRequest.extend({
  center_id: z.string(),
  requested_by_name: z.string(),
  child_status: z.enum(["active", "paused", "left"]),
  child_erased: z.boolean(),
  answered_by_name: z.string().nullable(),
});
export type DeskDataRequest = z.infer<typeof deskDataRequest>;

export const dataRequestsQuery = z.object({
  ...pageParams,
  status: z.enum(DATA_REQUEST_STATUSES).optional(),
});
export const parentDataRequestsPage = z.object({
  requests: z.array(parentDataRequest),
  pagination: listPagination,
});
export const deskDataRequestsPage = z.object({ requests: z.array(deskDataRequest), pagination: listPagination });

export const ANSWER_OUTCOMES = ["done", "refused"] as const;
export const answerInput = z.object({
  status: z.enum(ANSWER_OUTCOMES, { error: english("dataRequests.outcomeRequired") }),
  answer: text(2000).min(1, DATA_MESSAGES.answerRequired),
});
export type AnswerInput = z.input<typeof answerInput>;

export const erasureInput = z.object({ answer: text(2000).min(1, DATA_MESSAGES.answerRequired) });
export type ErasureInput = z.input<typeof erasureInput>;

/** What an erasure removed (or, in a dry run, would remove), counted per kind of record. */
export const erasureCounts = z.record(z.string(), z.number().int());
export type ErasureCounts = z.infer<typeof erasureCounts>;

export const erasureResult = z.object({ request: deskDataRequest, removed: erasureCounts, files_removed: z.number() });

/* ---------- Retention ---------- */

export const retentionQuery = z.object({ center_id: uuid(DATA_MESSAGES.centreRequired) });

export const retentionInput = z.object({
  center_id: uuid(DATA_MESSAGES.centreRequired),
  enabled: z.boolean(),
  records_years: z.coerce
    .number({ error: DATA_MESSAGES.recordsYears })
    .int(DATA_MESSAGES.recordsYears)
    .min(1, DATA_MESSAGES.recordsYears)
    .max(10, DATA_MESSAGES.recordsYears),
  books_years: z.coerce
    .number({ error: DATA_MESSAGES.booksYears })
    .int(DATA_MESSAGES.booksYears)
    .min(MIN_BOOKS_YEARS, DATA_MESSAGES.booksYears)
    .max(20, english("dataRequests.booksYearsMax")),
});
export type RetentionInput = z.input<typeof retentionInput>;

export const retentionSetting = z.object({
  center_id: z.string(),
  enabled: z.boolean(),
  records_years: z.number().int(),
  books_years: z.number().int(),
  updated_at: z.string().nullable(),
});
export type RetentionSetting = z.infer<typeof retentionSetting>;

export const RETENTION_ACTIONS = ["erase_records", "remove_name"] as const;
export type RetentionAction = (typeof RETENTION_ACTIONS)[number];
export const RETENTION_ACTION_LABEL_IDS: Record<RetentionAction, MessageId> = {
  erase_records: "dataRequests.actionEraseRecords",
  remove_name: "dataRequests.actionRemoveName",
};
export const RETENTION_ACTION_LABELS = englishLabels(RETENTION_ACTION_LABEL_IDS);

/** One child the retention job would act on. */
export const retentionCandidate = z.object({
  student_id: z.string(),
  child_name: z.string(),
  student_number: z.string(),
  exit_date: z.string(),
  action: z.enum(RETENTION_ACTIONS),
  records: erasureCounts,
});
export type RetentionCandidate = z.infer<typeof retentionCandidate>;

export const retentionDryRunQuery = z.object({ ...pageParams, center_id: uuid(DATA_MESSAGES.centreRequired) });
export const retentionDryRun = z.object({ candidates: z.array(retentionCandidate), pagination: listPagination });
export type RetentionDryRun = z.infer<typeof retentionDryRun>;
