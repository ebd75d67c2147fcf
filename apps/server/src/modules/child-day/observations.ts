import { english } from "@sprout/shared/i18n/english";
import {
  CHILD_DAY_MESSAGES,
  OBSERVATION_ATTACHMENT_MAX_BYTES,
  OBSERVATION_ATTACHMENTS_MAX,
  type ObservationLog,
  type ObservationsPage,
  type observationEditFields,
  type observationFields,
  type observationsQuery,
} from "@sprout/shared/schemas/child-day";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Caller, readableChildren } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { observationAttachments, observationLogs } from "../../db/schema/child-day.ts";
import { students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { reencodeIfImage } from "../../files/images.ts";
import { sniff } from "../../files/sniff.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { observationTags, resolveTags } from "../development/competency-tags.ts";
import type { Frameworks } from "../development/framework-store.ts";
import { checkDay, type DayChild, findDayChild } from "./lookup.ts";
import { createMilestonesService, resolveMilestone } from "./milestones.ts";
import { assertMayWriteObservation, mayOpenChildren, mayWriteObservation } from "./policy.ts";
import { toObservation } from "./presenter.ts";

const ATTACHMENT_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);
export interface Upload {
  name: string;
  content: Buffer;
}

/** Observation logs (spec 1): per child and date, with image and PDF attachments. */
export function createObservationsService({
  db,
  clock,
  files,
  realtime,
  frameworks,
}: {
  db: Database;
  clock: Clock;
  files: FileStore;
  realtime: RealtimePublisher;
  frameworks: Frameworks;
}) {
  const select = () =>
    db
      .select({
        log: observationLogs,
        childName: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
        createdByName: users.fullName,
        classroomId: students.classroomId,
      })
      .from(observationLogs)
      .innerJoin(students, eq(students.id, observationLogs.studentId))
      .leftJoin(users, eq(users.id, observationLogs.recordedBy));

  async function present(caller: Caller, rows: Awaited<ReturnType<typeof select>>): Promise<ObservationLog[]> {
    const ids = rows.map((row) => row.log.id);
    const attached = ids.length
      ? await db
          .select()
          .from(observationAttachments)
          .where(inArray(observationAttachments.logId, ids))
          .orderBy(asc(observationAttachments.uploadedAt))
      : [];
    const tags = await observationTags.read(db, frameworks, caller.organisationId, ids);
    const scope = await caller.scope();
    return rows.map((row) =>
      toObservation(
        { ...row.log, childName: row.childName, createdByName: row.createdByName },
        attached.filter((file) => file.logId === row.log.id),
        mayWriteObservation(caller, row, scope),
        tags.get(row.log.id) ?? [],
      ),
    );
  }

  /** A log whose child the caller may see; anything else is 404. */
  async function find(caller: Caller, id: string) {
    const [row] = await db
      .select({ studentId: observationLogs.studentId, day: observationLogs.day })
      .from(observationLogs)
      .where(eq(observationLogs.id, id));
    if (!row) throw notFound("Observation log");
    const child = await findDayChild(db, caller, row.studentId).catch(() => {
      throw notFound("Observation log");
    });
    return { id, child, day: row.day };
  }

  /** Checks every file by its content and stores it (images re-encoded without their metadata). */
  async function store(uploads: Upload[]) {
    const stored: { name: string; storedName: string; mime: string; size: number }[] = [];
    try {
      for (const upload of uploads) {
        if (upload.content.length > OBSERVATION_ATTACHMENT_MAX_BYTES)
          throw new HttpError(413, "FILE_TOO_LARGE", CHILD_DAY_MESSAGES.attachmentTooLarge);
        const kind = sniff(upload.content);
        if (!kind || !ATTACHMENT_TYPES.has(kind.mime))
          throw new HttpError(415, "UNSUPPORTED_FILE_TYPE", CHILD_DAY_MESSAGES.attachmentType);
        const content = await reencodeIfImage(upload.content, kind.mime);
        const storedName = await files.save(content, kind.ext);
        stored.push({
          name: upload.name.slice(0, 200) || `attachment.${kind.ext}`,
          storedName,
          mime: kind.mime,
          size: content.length,
        });
      }
    } catch (error) {
      await Promise.all(stored.map((file) => files.remove(file.storedName)));
      throw error;
    }
    return stored;
  }

  async function save(
    caller: Caller,
    child: DayChild,
    input: z.output<typeof observationFields>,
    uploads: Upload[],
    existing?: { id: string; removing: string[] },
  ): Promise<string> {
    assertMayWriteObservation(caller, child, await caller.scope());
    checkDay(clock, child, input.date);
    const existingId = existing?.id;
    const [before] = existingId
      ? await db
          .select({
            milestone: observationLogs.milestone,
            source: observationLogs.milestoneSource,
            centerId: observationLogs.centerId,
          })
          .from(observationLogs)
          .where(eq(observationLogs.id, existingId))
      : [];
    // A log keeps the source it was saved with while its milestone stays; the list may have changed since.
    const milestone =
      before && before.milestone === input.milestone && before.centerId === child.centerId
        ? { name: before.milestone, source: before.source }
        : await resolveMilestone(db, child.centerId, input.milestone);
    const dropped =
      existingId && existing.removing.length
        ? await db
            .select()
            .from(observationAttachments)
            .where(
              and(eq(observationAttachments.logId, existingId), inArray(observationAttachments.id, existing.removing)),
            )
        : [];
    // The tags are checked against the child's centre's framework before anything is stored.
    const tags = input.competencies
      ? await resolveTags(frameworks, caller.organisationId, child.centerId, input.competencies)
      : null;
    if (dropped.length !== (existing?.removing.length ?? 0))
      throw badRequest(CHILD_DAY_MESSAGES.attachmentUnknown, {
        remove_attachments: CHILD_DAY_MESSAGES.attachmentUnknown,
      });
    const stored = await store(uploads);
    let saved: string;
    try {
      saved = await db.transaction(async (tx) => {
        const now = clock.now();
        let id = existingId;
        if (id) {
          if (dropped.length)
            await tx.delete(observationAttachments).where(
              inArray(
                observationAttachments.id,
                dropped.map((file) => file.id),
              ),
            );
          await tx
            .update(observationLogs)
            .set({
              studentId: child.id,
              centerId: child.centerId,
              day: input.date,
              milestone: milestone.name,
              milestoneSource: milestone.source,
              notes: input.notes,
              updatedAt: now,
            })
            .where(eq(observationLogs.id, id));
        } else {
          const [row] = await tx
            .insert(observationLogs)
            .values({
              studentId: child.id,
              centerId: child.centerId,
              day: input.date,
              milestone: milestone.name,
              milestoneSource: milestone.source,
              notes: input.notes,
              recordedBy: caller.userId,
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: observationLogs.id });
          id = row!.id;
        }
        if (stored.length > 0) {
          await tx.insert(observationAttachments).values(
            stored.map((file) => ({
              logId: id!,
              originalName: file.name,
              storedName: file.storedName,
              mimeType: file.mime,
              sizeBytes: file.size,
              uploadedAt: now,
            })),
          );
        }
        if (tags && (existingId || tags.codes.length > 0)) await observationTags.replace(tx, id, tags);
        // Counted after the log's insert or update: its row lock makes concurrent edits count in turn.
        const [{ total } = { total: 0 }] = await tx
          .select({ total: count() })
          .from(observationAttachments)
          .where(eq(observationAttachments.logId, id));
        if (total > OBSERVATION_ATTACHMENTS_MAX)
          throw badRequest(english("server.observationAttachmentsMax", { max: OBSERVATION_ATTACHMENTS_MAX }));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: existingId ? "observation.updated" : "observation.created",
          entity: "observation_log",
          entityId: id,
          after: {
            ...input,
            milestone_source: milestone.source,
            attachments: stored.map((file) => file.name),
            removed_attachments: dropped.map((file) => file.originalName),
          },
        });
        return id;
      });
    } catch (error) {
      await Promise.all(stored.map((file) => files.remove(file.storedName)));
      throw error;
    }
    // The removed files go once the rows that named them are gone for good.
    await Promise.all(dropped.map((file) => files.remove(file.storedName)));
    return saved;
  }

  async function one(caller: Caller, id: string): Promise<ObservationLog> {
    const [log] = await present(caller, await select().where(eq(observationLogs.id, id)));
    if (!log) throw notFound("Observation log");
    return log;
  }

  return {
    /** The centre's milestone list the form picks from. */
    milestones: createMilestonesService({ db, clock }),

    /** Newest first; parents see their own children's, staff those of their centres. */
    async list(caller: Caller, query: z.output<typeof observationsQuery>): Promise<ObservationsPage> {
      if (query.child_id) await findDayChild(db, caller, query.child_id);
      else if (!mayOpenChildren(caller)) throw notFound("Child");
      const scope = await caller.scope();
      const empty = { logs: [], pagination: { current_page: query.page, total_pages: 0, total_items: 0 } };
      if (scope.centerIds.length === 0 || scope.childIds?.length === 0 || scope.classroomIds?.length === 0)
        return empty;
      // The logs of the children the caller reads now (a teacher's rooms' children, a family's own).
      const conditions: SQL[] = [inArray(observationLogs.centerId, scope.centerIds), readableChildren(scope)];
      if (query.child_id) conditions.push(eq(observationLogs.studentId, query.child_id));
      const tagged = await observationTags.filter(
        frameworks,
        caller.organisationId,
        scope.centerIds,
        observationLogs.id,
        {
          competency: query.competency,
          domain: query.domain,
        },
      );
      if (tagged) conditions.push(tagged);
      const where = and(...conditions);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(observationLogs)
        .innerJoin(students, eq(students.id, observationLogs.studentId))
        .where(where);
      const rows = await select()
        .where(where)
        .orderBy(desc(observationLogs.day), desc(observationLogs.createdAt), desc(observationLogs.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        logs: await present(caller, rows),
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    async create(caller: Caller, input: z.output<typeof observationFields>, uploads: Upload[]) {
      const child = await findDayChild(db, caller, input.child_id);
      const audience = await childAudience(db, realtime, [child.id]);
      const id = await save(caller, child, input, uploads);
      audience.tellDay(input.date, "observation");
      return one(caller, id);
    },

    /** Edits the fields, drops the named attachments and adds the new files in one save. */
    async update(
      caller: Caller,
      id: string,
      { remove_attachments: removing, ...input }: z.output<typeof observationEditFields>,
      uploads: Upload[],
    ) {
      const log = await find(caller, id);
      assertMayWriteObservation(caller, log.child, await caller.scope());
      const child = await findDayChild(db, caller, input.child_id);
      // A log moved to another child leaves the first child's lists too.
      const audience = await childAudience(db, realtime, [child.id, log.child.id]);
      await save(caller, child, input, uploads, { id, removing });
      audience.tellDay(input.date, "observation");
      return one(caller, id);
    },

    async remove(caller: Caller, id: string) {
      const log = await find(caller, id);
      assertMayWriteObservation(caller, log.child, await caller.scope());
      const attached = await db.select().from(observationAttachments).where(eq(observationAttachments.logId, id));
      const audience = await childAudience(db, realtime, [log.child.id]);
      await db.transaction(async (tx) => {
        await tx.delete(observationLogs).where(eq(observationLogs.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "observation.deleted",
          entity: "observation_log",
          entityId: id,
          before: { attachments: attached.map((file) => file.originalName) },
        });
      });
      await Promise.all(attached.map((file) => files.remove(file.storedName)));
      // Parents reading the list see it go without a reload, as they saw it come.
      audience.tellDay(log.day, "observation");
    },

    /** An attachment, only to those who may see the log's child. */
    async open(caller: Caller, id: string, attachmentId: string) {
      await find(caller, id);
      const [file] = await db
        .select()
        .from(observationAttachments)
        .where(and(eq(observationAttachments.id, attachmentId), eq(observationAttachments.logId, id)));
      if (!file) throw notFound("Attachment");
      return { mimeType: file.mimeType, size: file.sizeBytes, stream: files.open(file.storedName) };
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
