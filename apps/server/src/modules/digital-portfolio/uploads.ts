import { PORTFOLIO_MESSAGES, type PortfolioItem, type UploadFields } from "@sprout/shared/schemas/digital-portfolio";
import { inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { photoConsents, portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { transaction } from "../../db/transaction.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, forbidden, HttpError } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { PushQueue } from "../push/area.ts";
import { childrenInScope, type PortfolioChild } from "./access.ts";
import { posterThumbnail, processMedia } from "./media.ts";
import { consentAllows, mayUpload } from "./policy.ts";
import { pushPhotos } from "./push.ts";
import type { IncomingFile } from "./receive.ts";
import type { PortfolioService } from "./service.ts";
import { selectItems } from "./service.ts";

interface Stored {
  file: IncomingFile;
  mediaType: "image" | "video";
  mime: string;
  storedName: string;
  thumbStoredName: string | null;
  size: number;
  width: number | null;
  height: number | null;
}

/** Every child in the photo must have a consent that allows it, else nothing is stored. */
async function assertConsent(db: Database, children: PortfolioChild[]) {
  const isGroup = children.length > 1;
  const rows = await db
    .select()
    .from(photoConsents)
    .where(
      inArray(
        photoConsents.studentId,
        children.map((child) => child.id),
      ),
    );
  for (const child of children) {
    const consent = rows.find((row) => row.studentId === child.id)?.consent ?? null;
    if (consentAllows(consent, isGroup)) continue;
    const message =
      consent === "own" ? PORTFOLIO_MESSAGES.noGroupConsent(child.name) : PORTFOLIO_MESSAGES.noConsent(child.name);
    throw new HttpError(403, "PHOTO_CONSENT_REQUIRED", message);
  }
}

/** A teacher adds photos and clips of a child of their rooms (issue 15: upload and batch upload). */
export function createUploadService(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  portfolio: PortfolioService;
  realtime: RealtimePublisher;
  push: Pick<PushQueue, "toFamilies">;
}) {
  const { db, clock, files, portfolio, realtime, push } = deps;

  /** Into the file store: a photo's display size and thumbnail, or a clip moved as it is with its poster. */
  async function store(file: IncomingFile): Promise<Stored> {
    const processed = await processMedia(file);
    if (processed.mediaType === "image") {
      const storedName = await files.save(processed.display, processed.ext);
      const thumbStoredName = await files.save(processed.thumbnail, "jpg").catch(async (error) => {
        await files.remove(storedName);
        throw error;
      });
      return {
        file,
        mediaType: "image",
        mime: processed.mime,
        storedName,
        thumbStoredName,
        size: processed.display.length + processed.thumbnail.length,
        width: processed.width,
        height: processed.height,
      };
    }
    const poster = file.poster ? await posterThumbnail(file.poster) : null;
    const storedName = await files.saveFile(processed.path, processed.ext);
    const thumbStoredName = poster
      ? await files.save(poster, "jpg").catch(async (error) => {
          await files.remove(storedName);
          throw error;
        })
      : null;
    return {
      file,
      mediaType: "video",
      mime: processed.mime,
      storedName,
      thumbStoredName,
      size: file.size + (poster?.length ?? 0),
      width: null,
      height: null,
    };
  }

  const removeAll = (stored: Stored[]) =>
    Promise.all(
      stored.flatMap((item) => [item.storedName, item.thumbStoredName]).map((name) => name && files.remove(name)),
    );

  return {
    async upload(caller: Caller, fields: UploadFields, incoming: IncomingFile[]): Promise<PortfolioItem[]> {
      if (!mayUpload(caller)) throw forbidden();
      if (incoming.length === 0) throw badRequest(PORTFOLIO_MESSAGES.noFile, { files: PORTFOLIO_MESSAGES.noFile });
      const ids = [fields.childId, ...fields.taggedChildIds.filter((id) => id !== fields.childId)];
      const children = await childrenInScope(db, caller, ids);
      const child = children.find((one) => one.id === fields.childId)!;
      await assertConsent(db, children);
      // Every child in the photo: each one's own family hears of it once the rows commit.
      const families = await childAudience(db, realtime, ids);

      const stored: Stored[] = [];
      try {
        // One at a time per request: media.ts bounds decoding across all requests.
        for (const file of incoming) stored.push(await store(file));
        const ids = await transaction(db, async (tx) => {
          const now = clock.now();
          const rows = await tx
            .insert(portfolioItems)
            .values(
              stored.map((item) => ({
                centerId: child.centerId,
                studentId: child.id,
                classroomId: child.classroomId,
                title: fields.title || item.file.name.replace(/\.[^.]*$/, "").slice(0, 200),
                description: fields.description,
                fileName: item.file.name.slice(0, 200) || `${item.mediaType}.${item.storedName.split(".")[1]}`,
                mediaType: item.mediaType,
                mimeType: item.mime,
                storedName: item.storedName,
                thumbStoredName: item.thumbStoredName,
                sizeBytes: item.size,
                width: item.width,
                height: item.height,
                isGroup: children.length > 1,
                captureMethod: item.file.captureMethod ?? fields.captureMethod,
                captureMetadata: item.file.metadata ?? fields.captureMetadata ?? null,
                uploadedBy: caller.userId,
                createdAt: now,
              })),
            )
            .returning({ id: portfolioItems.id });
          await tx
            .insert(portfolioItemChildren)
            .values(rows.flatMap((row) => children.map((one) => ({ itemId: row.id, studentId: one.id }))));
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "portfolio.uploaded",
            entity: "student",
            entityId: child.id,
            after: {
              items: rows.map((row) => row.id),
              children: children.map((one) => one.id),
              capture_methods: stored.map((item) => item.file.captureMethod ?? fields.captureMethod),
            },
          });
          // Every tagged child's consent allowed the photo (checked above), so each family may see it.
          await pushPhotos(
            push,
            tx,
            children.map((one) => one.id),
            rows.length,
          );
          return rows.map((row) => row.id);
        });
        families.tell("portfolio");
        const rows = await selectItems(db).where(inArray(portfolioItems.id, ids));
        const items = await portfolio.present(caller, rows);
        return ids.map((id) => items.find((item) => item.id === id)!);
      } catch (error) {
        await removeAll(stored);
        throw error;
      }
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
