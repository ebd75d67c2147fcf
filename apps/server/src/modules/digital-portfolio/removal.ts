import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { mayDelete } from "./policy.ts";

/** Deleting a portfolio item: its uploader or a leader of its centre (issue 15, brief G). */
export function createRemovalService({
  db,
  files,
  realtime,
}: {
  db: Database;
  files: FileStore;
  realtime: RealtimePublisher;
}) {
  return {
    /**
     * The row (with its tags and view log) goes in one transaction with its audit entry; the files
     * go only after it commits, so a failed delete never leaves a row pointing at nothing. A file
     * that cannot be removed then is left to the orphan sweep.
     */
    async remove(caller: Caller, id: string, log: FastifyBaseLogger): Promise<void> {
      const scope = await caller.scope();
      const [item] = scope.centerIds.length
        ? await db
            .select()
            .from(portfolioItems)
            .where(and(eq(portfolioItems.id, id), inArray(portfolioItems.centerId, scope.centerIds)))
        : [];
      // Another centre's item, or (for a teacher) one someone else uploaded, is not theirs to find.
      if (!item || !mayDelete(caller, item)) throw notFound("Portfolio item");
      // The children in it, read before their tags go with the row: their families' galleries refetch.
      const tagged = await db
        .select({ id: portfolioItemChildren.studentId })
        .from(portfolioItemChildren)
        .where(eq(portfolioItemChildren.itemId, id));
      const families = await childAudience(db, realtime, [item.studentId, ...tagged.map((row) => row.id)]);
      await db.transaction(async (tx) => {
        await tx.delete(portfolioItems).where(eq(portfolioItems.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "portfolio.deleted",
          entity: "portfolio_item",
          entityId: id,
          before: {
            title: item.title,
            file_name: item.fileName,
            media_type: item.mediaType,
            child_id: item.studentId,
            uploaded_by: item.uploadedBy,
          },
        });
      });
      families.tell("portfolio");
      const names = [item.storedName, item.thumbStoredName].filter((name): name is string => Boolean(name));
      const results = await Promise.allSettled(names.map((name) => files.remove(name)));
      for (const result of results)
        if (result.status === "rejected")
          log.warn({ err: result.reason, item: id }, "deleted item's file left to the sweep");
    },
  };
}
export type RemovalService = ReturnType<typeof createRemovalService>;
