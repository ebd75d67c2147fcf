import { BUDGET_MESSAGES, type QuoteUploaded, RECEIPT_MAX_BYTES } from "@sprout/shared/schemas/budget";
import { and, eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { budgetQuotes, budgetRequests } from "../../db/schema/budget.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import { assert, mayDecide, mayRequest } from "./policy.ts";
import { quotePath } from "./presenter.ts";

/** The kinds a quote may be: what a supplier sends (a photographed or scanned page, or a PDF). */
const QUOTE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/** A file name fit for a download header and a link's text: no path, no control characters. */
const cleanName = (name: string, ext: string) => {
  const base = name
    .split(/[\\/]/)
    .pop()
    ?.replaceAll(/[\p{Cc}"]/gu, "")
    .trim()
    .slice(0, 120);
  return base || `quote.${ext}`;
};

/**
 * Quotes attached to budget requests. Uploaded first (checked by content, images re-encoded
 * without their metadata) and named by the request; they open for the requester and for those
 * who decide the request at its centre, nobody else.
 */
export function createQuotesService({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  return {
    async upload(caller: Caller, file: { name: string; content: Buffer } | undefined): Promise<QuoteUploaded> {
      assert(mayRequest(caller));
      if (!file || file.content.length === 0)
        throw badRequest(BUDGET_MESSAGES.quoteRequired, { quote: BUDGET_MESSAGES.quoteRequired });
      if (file.content.length > RECEIPT_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", BUDGET_MESSAGES.receiptTooLarge);
      const kind = sniff(file.content);
      if (!kind || !QUOTE_TYPES.has(kind.mime))
        throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", BUDGET_MESSAGES.quoteType);
      const stored = await reencodeIfImage(file.content, kind.mime);
      const storedName = await files.save(stored, kind.ext);
      const name = cleanName(file.name, kind.ext);
      try {
        const [row] = await db
          .insert(budgetQuotes)
          .values({
            storedName,
            fileName: name,
            mimeType: kind.mime,
            sizeBytes: stored.length,
            uploadedBy: caller.userId,
            uploadedAt: clock.now(),
          })
          .returning({ id: budgetQuotes.id });
        return { id: row!.id, url: quotePath(row!.id), name };
      } catch (error) {
        await files.remove(storedName);
        throw error;
      }
    },

    async open(caller: Caller, id: string) {
      const [row] = await db
        .select({
          quote: budgetQuotes,
          centerId: budgetRequests.centerId,
          organisationId: budgetRequests.organisationId,
        })
        .from(budgetQuotes)
        .leftJoin(budgetRequests, eq(budgetRequests.quoteId, budgetQuotes.id))
        .where(eq(budgetQuotes.id, id));
      if (!row) throw notFound("Quote");
      // A request claims only its requester's own upload, so the uploader is the requester.
      const mine = row.quote.uploadedBy === caller.userId;
      const decides =
        row.centerId !== null &&
        row.organisationId === caller.organisationId &&
        mayDecide(caller) &&
        (await caller.scope()).centerIds.includes(row.centerId);
      if (!mine && !decides) throw notFound("Quote");
      return {
        name: row.quote.fileName,
        mimeType: row.quote.mimeType,
        size: row.quote.sizeBytes,
        stream: files.open(row.quote.storedName),
      };
    },
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;

/** Claims an uploaded quote for a new request: only the uploader's own, not yet on a request. */
export async function claimQuote(tx: Database, caller: Caller, quoteId: string) {
  const [free] = await tx
    .select({ id: budgetQuotes.id, taken: budgetRequests.id })
    .from(budgetQuotes)
    .leftJoin(budgetRequests, eq(budgetRequests.quoteId, budgetQuotes.id))
    .where(and(eq(budgetQuotes.id, quoteId), eq(budgetQuotes.uploadedBy, caller.userId)));
  if (!free || free.taken) throw badRequest(BUDGET_MESSAGES.quoteUnknown, { quote_id: BUDGET_MESSAGES.quoteUnknown });
}
