import type { Readable } from "node:stream";
import { DEFAULT_LANGUAGE } from "@sprout/shared/i18n/languages";
import { DATA_MESSAGES, type dataExportsQuery, EXPORT_VALID_DAYS } from "@sprout/shared/schemas/data-requests";
import { and, count, desc, eq, inArray, isNotNull, lt, or } from "drizzle-orm";
import JSZip from "jszip";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { dataExports } from "../../db/schema/data-requests.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict, HttpError, notFound } from "../../lib/errors.ts";
import { fileDate } from "../../lib/file-stamp.ts";
import { paginationOf } from "../../lib/paging.ts";
import { collectExport } from "./export-content.ts";
import { renderExportSummary } from "./export-pdf.ts";
import { assertOwnChild, assertRequester } from "./policy.ts";
import { fullName, toExport } from "./presenter.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A claim this old without an outcome belongs to a worker that stopped: another takes it over. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

type Row = typeof dataExports.$inferSelect;

/**
 * Parents' exports of their child's data: asked for here, built in the background by `work`
 * (any instance; rows are claimed with FOR UPDATE SKIP LOCKED), downloaded until they expire.
 */
export function createExportsService({ db, clock, files }: { db: Database; clock: Clock; files: FileStore }) {
  const withName = (where: ReturnType<typeof eq> | undefined) =>
    db
      .select({
        row: dataExports,
        firstName: students.firstName,
        lastName: students.lastName,
        timeZone: centers.timeZone,
      })
      .from(dataExports)
      .innerJoin(students, eq(students.id, dataExports.studentId))
      .innerJoin(centers, eq(centers.id, students.centerId))
      .where(where);
  const present = (entry: { row: Row; firstName: string; lastName: string }) =>
    toExport(entry.row, fullName(entry.firstName, entry.lastName), clock.now());

  async function own(caller: Caller, id: string) {
    const [entry] = await withName(eq(dataExports.id, id));
    if (!entry) throw notFound("Export");
    assertRequester(caller, entry.row.requestedBy, "Export");
    return entry;
  }

  /** Claims the oldest waiting export (or one a stopped worker left), or null when none waits. */
  async function claim(): Promise<Row | null> {
    const now = clock.now();
    const waiting = db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, "queued"),
          and(eq(dataExports.status, "working"), lt(dataExports.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
        ),
      )
      .orderBy(dataExports.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await db
      .update(dataExports)
      .set({ status: "working", claimedAt: now, progress: 5 })
      .where(inArray(dataExports.id, waiting))
      .returning();
    return row ?? null;
  }

  const progress = (id: string, value: number) =>
    db.update(dataExports).set({ progress: value }).where(eq(dataExports.id, id));

  async function build(row: Row) {
    const { data, files: stored } = await collectExport(db, { studentId: row.studentId, parentId: row.requestedBy });
    await progress(row.id, 20);
    const zip = new JSZip();
    zip.file("data.json", JSON.stringify(data, null, 2));
    zip.file("summary.pdf", await renderExportSummary(data, clock.now(), data.parent?.language ?? DEFAULT_LANGUAGE));
    await progress(row.id, 30);
    for (const [index, file] of stored.entries()) {
      zip.file(file.path, await readAll(files.open(file.storedName)));
      await progress(row.id, 30 + Math.floor((60 * (index + 1)) / stored.length));
    }
    const archive = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    const storedName = await files.save(archive, "zip");
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({
          status: "ready",
          progress: 100,
          storedName,
          sizeBytes: archive.length,
          readyAt: now,
          expiresAt: new Date(now.getTime() + EXPORT_VALID_DAYS * DAY_MS),
        })
        .where(eq(dataExports.id, row.id));
      await writeAudit(tx, {
        organisationId: row.organisationId,
        actorId: null,
        action: "data_export.ready",
        entity: "data_export",
        entityId: row.id,
        after: { student_id: row.studentId, files: stored.length, size_bytes: archive.length },
      });
    });
  }

  return {
    async create(caller: Caller, studentId: string) {
      assertOwnChild(await caller.scope(), studentId);
      const [child] = await db
        .select({ centerId: students.centerId, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(eq(students.id, studentId));
      if (!child) throw notFound("Child");
      const busy = await db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.studentId, studentId),
            eq(dataExports.requestedBy, caller.userId),
            inArray(dataExports.status, ["queued", "working"]),
          ),
        );
      if (busy.length > 0) throw conflict(DATA_MESSAGES.exportBusy);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(dataExports)
          .values({
            organisationId: caller.organisationId,
            centerId: child.centerId,
            studentId,
            requestedBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning();
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "data_export.request",
          entity: "data_export",
          entityId: created!.id,
          after: { student_id: studentId },
        });
        return created!;
      });
      return toExport(row, fullName(child.firstName, child.lastName), clock.now());
    },

    async list(caller: Caller, query: z.output<typeof dataExportsQuery>) {
      const where = eq(dataExports.requestedBy, caller.userId);
      const [rows, [total]] = await Promise.all([
        withName(where)
          .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ total: count() }).from(dataExports).where(where),
      ]);
      return { exports: rows.map(present), pagination: paginationOf(query, total?.total ?? 0) };
    },

    async get(caller: Caller, id: string) {
      return present(await own(caller, id));
    },

    /** The archive, for the parent who asked, while it is offered. Every download is audited. */
    async open(caller: Caller, id: string) {
      const entry = await own(caller, id);
      const shown = present(entry);
      if (shown.status === "expired") throw new HttpError(410, "EXPIRED", DATA_MESSAGES.exportExpired);
      if (shown.status !== "ready" || !entry.row.storedName) throw conflict(DATA_MESSAGES.exportNotReady);
      await writeAudit(db, {
        organisationId: caller.organisationId,
        actorId: caller.userId,
        action: "data_export.download",
        entity: "data_export",
        entityId: id,
      });
      // The child's centre's date, not UTC's (issue 30, point 8).
      const day = fileDate(entry.timeZone, clock.now());
      const name = `sprout-data-${shown.child_name.replace(/[^\w]+/g, "-")}-${day}.zip`;
      return { stream: files.open(entry.row.storedName), size: entry.row.sizeBytes ?? 0, name };
    },

    /** Builds waiting exports until none is left; returns how many were built. */
    async work(log?: { error(object: object, message: string): void }): Promise<number> {
      let built = 0;
      for (let row = await claim(); row; row = await claim()) {
        try {
          await build(row);
          built += 1;
        } catch (error) {
          log?.error({ err: error, export: row.id }, "building a data export failed");
          await db
            .update(dataExports)
            .set({ status: "failed", error: error instanceof Error ? error.message : String(error) })
            .where(eq(dataExports.id, row.id));
        }
      }
      return built;
    },

    /** Removes the archives of expired exports (the rows stay, shown as expired). */
    async removeExpired(): Promise<number> {
      const expired = await db
        .select({ id: dataExports.id, storedName: dataExports.storedName })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.status, "ready"),
            isNotNull(dataExports.storedName),
            lt(dataExports.expiresAt, clock.now()),
          ),
        )
        .limit(100);
      for (const row of expired) {
        await db.update(dataExports).set({ storedName: null }).where(eq(dataExports.id, row.id));
        await files.remove(row.storedName!);
      }
      return expired.length;
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;

/**
 * The in-process worker: every few seconds (and at once when poked) builds what waits. Several
 * instances may run it; the row claim keeps each export to one of them.
 */
export function startExportWorker(
  exports: ExportsService,
  log: { error(object: object, message: string): void },
  everyMs = 2000,
) {
  let running: Promise<unknown> | null = null;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = Promise.all([exports.work(log), exports.removeExpired()])
      .catch((error) => log.error({ err: error }, "the data export worker failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    poke: tick,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
