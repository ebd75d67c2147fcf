import { english } from "@sprout/shared/i18n/english";
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  type DocumentItem,
  type DocumentsPage,
  type DocumentType,
  type documentsQuery,
} from "@sprout/shared/schemas/documents";
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { documents } from "../../db/schema/documents.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/errors.ts";
import { containing, paginationOf } from "../../lib/paging.ts";
import { assertCentreInScope } from "../children/service.ts";
import { toDocumentItem } from "./presenter.ts";

/** Families read the documents meant for them; staff read every document of their centres. */
const FAMILY_TYPES: DocumentType[] = ["policy", "form"];

export function createDocumentsService({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  /** Documents of the caller's organisation, of their centres or of the whole organisation. */
  async function visible(caller: Caller): Promise<SQL> {
    const scope = await caller.scope();
    const conditions = [
      eq(documents.organisationId, scope.organisationId),
      scope.centerIds.length > 0
        ? or(isNull(documents.centerId), inArray(documents.centerId, scope.centerIds))!
        : isNull(documents.centerId),
    ];
    if (!may(caller, "documents.readEveryType")) conditions.push(inArray(documents.type, FAMILY_TYPES));
    return and(...conditions)!;
  }

  const select = () =>
    db
      .select({
        id: documents.id,
        name: documents.name,
        type: documents.type,
        description: documents.description,
        uploadedBy: users.fullName,
        uploadedAt: documents.uploadedAt,
        mimeType: documents.mimeType,
        size: documents.sizeBytes,
        centerId: documents.centerId,
        centerName: centers.name,
        storedName: documents.storedName,
      })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .leftJoin(centers, eq(centers.id, documents.centerId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

  async function find(caller: Caller, id: string): Promise<Row> {
    const [row] = await select().where(and(eq(documents.id, id), await visible(caller)));
    if (!row) throw notFound("Document");
    return row;
  }

  return {
    /** A page of the documents the caller may read, newest first. */
    async list(caller: Caller, query: z.output<typeof documentsQuery>): Promise<DocumentsPage> {
      assertCentreInScope(await caller.scope(), query.center_id);
      const pattern = query.search ? containing(query.search) : undefined;
      const where = and(
        await visible(caller),
        query.type ? eq(documents.type, query.type) : undefined,
        query.center_id ? eq(documents.centerId, query.center_id) : undefined,
        pattern ? or(ilike(documents.name, pattern), ilike(documents.description, pattern)) : undefined,
      );
      const [rows, [counted]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(documents.uploadedAt), desc(documents.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: sql<number>`count(*)::int` }).from(documents).where(where),
      ]);
      return { documents: rows.map(toDocumentItem), pagination: paginationOf(query, counted?.total ?? 0) };
    },

    /**
     * Stores an upload. The file's kind is read from its content; its name is only kept as a
     * label. A centre's staff upload to their centre; a super admin without a centre chosen
     * uploads for the whole organisation; other multi-centre users choose a centre.
     */
    async upload(
      caller: Caller,
      input: { fileName: string; content: Buffer; type: DocumentType; description: string; center_id?: string },
    ): Promise<DocumentItem> {
      if (input.content.length === 0)
        throw badRequest(DOCUMENT_MESSAGES.fileRequired, { file: DOCUMENT_MESSAGES.fileRequired });
      if (input.content.length > DOCUMENT_MAX_BYTES)
        throw new HttpError(413, "FILE_TOO_LARGE", DOCUMENT_MESSAGES.tooLarge);
      const kind = sniff(input.content);
      if (!kind) throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", DOCUMENT_MESSAGES.badType);
      const scope = await caller.scope();
      assertCentreInScope(scope, input.center_id);
      let centerId: string | null = input.center_id ?? caller.centerId ?? null;
      if (!centerId && !may(caller, "documents.manageOrganisation")) {
        if (scope.centerIds.length !== 1)
          throw badRequest(DOCUMENT_MESSAGES.chooseCentre, { center_id: DOCUMENT_MESSAGES.chooseCentre });
        centerId = scope.centerIds[0]!;
      }
      const name = cleanName(input.fileName, kind.ext);
      const content = await reencodeIfImage(input.content, kind.mime);
      // The file is written first; if the row never comes (a failed insert, a crash), the
      // clean-up below or the orphan sweep (files/sweep.ts) removes it.
      const storedName = await files.save(content, kind.ext);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(documents)
            .values({
              organisationId: caller.organisationId,
              centerId,
              name,
              type: input.type,
              description: input.description || null,
              storedName,
              mimeType: kind.mime,
              sizeBytes: content.length,
              uploadedBy: caller.userId,
              uploadedAt: clock.now(),
            })
            .returning({ id: documents.id });
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "document.upload",
            entity: "document",
            entityId: row!.id,
            after: { name, type: input.type, center_id: centerId, mime_type: kind.mime, size: content.length },
          });
          return row!.id;
        });
        return toDocumentItem(await find(caller, id));
      } catch (error) {
        await files.remove(storedName);
        throw error;
      }
    },

    /** The stored file of a document the caller may see. */
    async open(caller: Caller, id: string) {
      const row = await find(caller, id);
      return { name: row.name, mimeType: row.mimeType, size: row.size, stream: files.open(row.storedName) };
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const row = await find(caller, id);
      // A document of the whole organisation belongs to no centre's staff.
      if (row.centerId === null && !may(caller, "documents.manageOrganisation"))
        throw forbidden(english("server.orgDocumentSuperAdmin"));
      await db.transaction(async (tx) => {
        await tx.delete(documents).where(eq(documents.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "document.delete",
          entity: "document",
          entityId: id,
          before: { name: row.name, type: row.type, center_id: row.centerId, description: row.description },
        });
      });
      // After the commit: a crash here leaves a file without a row, which the sweep removes.
      await files.remove(row.storedName);
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** The uploader's file name, kept as a label only: no folders, no control characters, right extension. */
function cleanName(fileName: string, ext: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? "";
  const base = [...last]
    .filter((char) => char.charCodeAt(0) >= 32 && char.charCodeAt(0) !== 127)
    .join("")
    .trim()
    .slice(0, 200);
  if (!base) return `document.${ext}`;
  return base.toLowerCase().endsWith(`.${ext}`) || (ext === "jpg" && /\.jpe?g$/i.test(base)) ? base : `${base}.${ext}`;
}
