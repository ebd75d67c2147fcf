import type { Readable } from "node:stream";
import {
  type ChildConsent,
  type ChildStats,
  type centerQuery,
  type DownloadLink,
  type PhotoConsent,
  type PortfolioItem,
  type PortfolioPage,
  type portfolioQuery,
  SIGNED_URL_SECONDS,
} from "@sprout/shared/schemas/digital-portfolio";
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import {
  photoConsents,
  portfolioItemChildren,
  portfolioItems,
  portfolioViews,
} from "../../db/schema/digital-portfolio.ts";
import { users } from "../../db/schema/users.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import type { AccessLogWriter } from "../privacy/access-log.ts";
import { storePhotoConsent } from "../privacy/consent-store.ts";
import { childInScope, childName, pickableChildren, readableItems, showsChild } from "./access.ts";
import { mayMarkFavourite, maySetConsent, seesPhotos, viewIsLogged } from "./policy.ts";
import { type ItemRow, toItem } from "./presenter.ts";

type Query = z.output<typeof portfolioQuery>;
export type OpenedFile =
  | { stream: Readable; mimeType: string; name: string }
  | { signed: { url: string; expires_at: string } };
type CenterQuery = z.output<typeof centerQuery>;

export const selectItems = (db: Database) =>
  db
    .select({
      item: portfolioItems,
      childName,
      className: classrooms.name,
      uploadedByName: users.fullName,
    })
    .from(portfolioItems)
    .innerJoin(students, eq(students.id, portfolioItems.studentId))
    .leftJoin(classrooms, eq(classrooms.id, portfolioItems.classroomId))
    .leftJoin(users, eq(users.id, portfolioItems.uploadedBy));

/** The extension each stored kind is saved under when downloaded. */
const EXTENSIONS: Record<string, string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "video/mp4": ["mp4", "m4v"],
  "video/quicktime": ["mov"],
  "video/webm": ["webm"],
};

/** The uploaded name with the extension of what is stored (a PNG re-encoded as JPEG saves as .jpg). */
export function downloadName(fileName: string, mimeType: string): string {
  const extensions = EXTENSIONS[mimeType];
  if (!extensions) return fileName;
  const dot = fileName.lastIndexOf(".");
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const current = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  return extensions.includes(current) ? fileName : `${base || "photo"}.${extensions[0]}`;
}

const SORTS = {
  created_at: portfolioItems.createdAt,
  title: portfolioItems.title,
  is_favorite: portfolioItems.isFavorite,
} as const;

/** Gallery, favourites, consent and file access of the digital portfolio (issue 15). */
export function createPortfolioService({
  db,
  clock,
  files,
  accessLog,
}: {
  db: Database;
  clock: Clock;
  files: FileStore;
  accessLog: AccessLogWriter;
}) {
  /** The spec's item shape for rows, with the names of the other children in each photo. */
  async function present(caller: Caller, rows: Awaited<ReturnType<ReturnType<typeof selectItems>["where"]>>) {
    const ids = rows.map((row) => row.item.id);
    const tags = ids.length
      ? await db
          .select({ itemId: portfolioItemChildren.itemId, studentId: students.id, name: childName })
          .from(portfolioItemChildren)
          .innerJoin(students, eq(students.id, portfolioItemChildren.studentId))
          .where(inArray(portfolioItemChildren.itemId, ids))
      : [];
    return rows.map((row): PortfolioItem => {
      const full: ItemRow = {
        ...row.item,
        childName: row.childName,
        className: row.className,
        uploadedByName: row.uploadedByName,
      };
      const others = tags
        .filter((tag) => tag.itemId === row.item.id && tag.studentId !== row.item.studentId)
        .map((tag) => tag.name);
      return toItem(caller, full, others);
    });
  }

  async function page(
    caller: Caller,
    query: Query,
    extra: (SQL | undefined)[],
    childChecked = false,
  ): Promise<PortfolioPage> {
    const access = await readableItems(caller, { childChecked });
    const empty = { items: [], totalPages: 0, total: 0, page: query.page };
    if (!access) return empty;
    const conditions = [access.where, ...extra];
    if (query.type) conditions.push(eq(portfolioItems.mediaType, query.type));
    if (query.favorite) conditions.push(eq(portfolioItems.isFavorite, query.favorite === "true"));
    const where = and(...conditions);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(portfolioItems).where(where);
    const order = query.sortOrder === "asc" ? asc : desc;
    const rows = await selectItems(db)
      .where(where)
      .orderBy(order(SORTS[query.sortBy]), desc(portfolioItems.createdAt), desc(portfolioItems.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return {
      items: await present(caller, rows),
      totalPages: Math.ceil(total / query.limit),
      total,
      page: query.page,
    };
  }

  /** One item the caller may see; another child's, family's or centre's answers 404. */
  async function readable(caller: Caller, id: string) {
    const access = await readableItems(caller);
    const [row] = access
      ? await db
          .select()
          .from(portfolioItems)
          .where(and(access.where, eq(portfolioItems.id, id)))
      : [];
    if (!row) throw notFound("Portfolio item");
    return row;
  }

  async function consentOf(childId: string): Promise<PhotoConsent> {
    const [row] = await db.select().from(photoConsents).where(eq(photoConsents.studentId, childId));
    return row?.consent ?? "none";
  }

  /**
   * A staff member's view of a photo is a read of every tagged child's record: written to the
   * access log (queued and batched by the privacy area's writer, issue 19) and to the item's own
   * view log, which keeps which photo it was.
   */
  async function logView(
    caller: Caller,
    id: string,
    variant: "file" | "thumbnail" | "download",
    screen: string | null,
  ) {
    if (!viewIsLogged(caller)) return;
    const at = clock.now();
    const tagged = await db
      .select({ childId: portfolioItemChildren.studentId })
      .from(portfolioItemChildren)
      .where(eq(portfolioItemChildren.itemId, id));
    for (const { childId } of tagged)
      accessLog.record({
        ref: { child: childId },
        viewerId: caller.userId,
        viewerRole: caller.role,
        kind: "photos",
        screen,
        at,
      });
    await db.insert(portfolioViews).values({ itemId: id, viewerId: caller.userId, variant, viewedAt: at });
  }

  /**
   * A stored file of an item the caller may see; a staff member's view is logged first. On
   * object storage a download is a short-lived signed address instead of a stream. A photo is
   * stored re-encoded as JPEG, so its download is named .jpg whatever it was uploaded as.
   */
  async function open(
    caller: Caller,
    id: string,
    variant: "file" | "thumbnail" | "download",
    screen: string | null = null,
  ): Promise<OpenedFile> {
    const item = await readable(caller, id);
    const storedName = variant === "thumbnail" ? item.thumbStoredName : item.storedName;
    if (!storedName) throw notFound("Thumbnail");
    await logView(caller, id, variant, screen);
    const mimeType = variant === "thumbnail" ? "image/jpeg" : item.mimeType;
    const name = downloadName(item.fileName, mimeType);
    if (variant === "download" && files.signedUrl) {
      const { url, expiresAt } = await files.signedUrl(storedName, {
        fileName: name,
        mimeType,
        disposition: "attachment",
        expiresInSeconds: SIGNED_URL_SECONDS,
      });
      return { signed: { url, expires_at: expiresAt.toISOString() } };
    }
    return { stream: files.open(storedName), mimeType, name };
  }

  return {
    present,

    async childPage(caller: Caller, childId: string, query: Query): Promise<PortfolioPage> {
      await childInScope(db, caller, childId);
      return page(caller, query, [showsChild(childId)], true);
    },

    /**
     * The photos of a child taken on one day at the centre that the caller may see, oldest first
     * and at most `limit` (the child's day timeline, issue 30 point 10). The caller's reading of
     * the child is checked by the asking area; consent and visibility are this area's rules.
     */
    async childDay(caller: Caller, childId: string, day: string, timeZone: string, limit: number) {
      // A director or coordinator reads the child's day without the gallery: no photos, not a refusal.
      if (!seesPhotos(caller)) return [];
      const access = await readableItems(caller);
      if (!access) return [];
      const midnight = (offset: number) => sql`((${day}::date + ${offset}::int)::timestamp at time zone ${timeZone})`;
      const rows = await selectItems(db)
        .where(
          and(
            access.where,
            showsChild(childId),
            gte(portfolioItems.createdAt, midnight(0)),
            lt(portfolioItems.createdAt, midnight(1)),
          ),
        )
        .orderBy(asc(portfolioItems.createdAt), asc(portfolioItems.id))
        .limit(limit);
      return present(caller, rows);
    },

    async centrePage(caller: Caller, query: CenterQuery): Promise<PortfolioPage> {
      return page(caller, query, [
        query.childId ? showsChild(query.childId) : undefined,
        query.uploadedBy ? eq(portfolioItems.uploadedBy, query.uploadedBy) : undefined,
      ]);
    },

    async childStats(caller: Caller, childId: string): Promise<ChildStats> {
      await childInScope(db, caller, childId);
      const access = await readableItems(caller, { childChecked: true });
      if (!access) return { total_items: 0, favorites: 0, images: 0, videos: 0 };
      const [row] = await db
        .select({
          total_items: count(),
          favorites: sql<number>`count(*) filter (where ${portfolioItems.isFavorite})::int`,
          images: sql<number>`count(*) filter (where ${portfolioItems.mediaType} = 'image')::int`,
          videos: sql<number>`count(*) filter (where ${portfolioItems.mediaType} = 'video')::int`,
        })
        .from(portfolioItems)
        .where(and(access.where, showsChild(childId)));
      return row!;
    },

    /** Teachers mark favourites on photos of children in their rooms. */
    async setFavourite(caller: Caller, id: string, isFavorite: boolean): Promise<PortfolioItem> {
      if (!mayMarkFavourite(caller)) throw forbidden();
      const before = await readable(caller, id);
      await db.transaction(async (tx) => {
        await tx
          .update(portfolioItems)
          .set({ isFavorite, favoritedBy: isFavorite ? caller.userId : null })
          .where(eq(portfolioItems.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: isFavorite ? "portfolio.favorited" : "portfolio.unfavorited",
          entity: "portfolio_item",
          entityId: id,
          before: { is_favorite: before.isFavorite },
          after: { is_favorite: isFavorite },
        });
      });
      const [item] = await present(caller, await selectItems(db).where(eq(portfolioItems.id, id)));
      return item!;
    },

    open,

    /** Where the browser downloads an item from: signed on object storage, else null (it streams). */
    async downloadLink(caller: Caller, id: string, screen: string | null): Promise<DownloadLink> {
      // Streamed downloads are logged when the file itself is fetched.
      if (!files.signedUrl) {
        await readable(caller, id);
        return { url: null, expires_at: null };
      }
      const opened = await open(caller, id, "download", screen);
      return "signed" in opened ? opened.signed : { url: null, expires_at: null };
    },

    async children(caller: Caller, search: string | undefined, limit: number): Promise<ChildConsent[]> {
      const rows = await pickableChildren(db, caller, search, limit);
      const consents = rows.length
        ? await db
            .select()
            .from(photoConsents)
            .where(
              inArray(
                photoConsents.studentId,
                rows.map((row) => row.id),
              ),
            )
        : [];
      return rows.map((row) => ({
        child_id: row.id,
        child_name: row.name,
        class_name: row.className,
        consent: consents.find((consent) => consent.studentId === row.id)?.consent ?? "none",
      }));
    },

    async consent(caller: Caller, childId: string): Promise<ChildConsent> {
      const child = await childInScope(db, caller, childId);
      return {
        child_id: child.id,
        child_name: child.name,
        class_name: child.className,
        consent: await consentOf(childId),
      };
    },

    /** A parent sets their own child's consent; it applies at once to every photo already taken. */
    async setConsent(caller: Caller, childId: string, consent: PhotoConsent): Promise<ChildConsent> {
      if (!maySetConsent(caller)) throw forbidden();
      const child = await childInScope(db, caller, childId);
      const before = await consentOf(childId);
      await db.transaction(async (tx) => {
        await storePhotoConsent(tx, {
          organisationId: caller.organisationId,
          childId,
          consent,
          by: caller.userId,
          at: clock.now(),
        });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "photo_consent.set",
          entity: "student",
          entityId: childId,
          before: { consent: before },
          after: { consent },
        });
      });
      return { child_id: child.id, child_name: child.name, class_name: child.className, consent };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
