import type { Readable } from "node:stream";
import type { CardList, ParentPageInput, ProgressCard } from "@sprout/shared/schemas/development/progress-card";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type Caller, mayReadChild } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import {
  assessmentTerms,
  childAssessments,
  progressCardAcknowledgements,
  progressCardParentPages,
} from "../../db/schema/development.ts";
import type { FileStore } from "../../files/store.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { attendanceOverSpan } from "../attendance/term-days.ts";
import { centreDay } from "../attendance/time.ts";
import type { Frameworks } from "./framework-store.ts";
import { presentCard } from "./progress-card-presenter.ts";
import {
  acknowledgedAt,
  allowedPhotos,
  type FoundCard,
  findCard,
  isGuardianOf,
  teacherNames,
} from "./progress-card-queries.ts";

/** A card drawn for a reader, with the photo files the PDF embeds. */
export interface DrawnCard {
  card: ProgressCard;
  found: FoundCard;
  photos: { itemId: string; image: Buffer }[];
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The progress card (issue 36, point 4): a child's published cards, the card itself (on screen and
 * for the PDF), its photos, the parent's page and the family's acknowledgement of each version.
 */
export function createProgressCards({
  db,
  clock,
  files,
  frameworks,
}: {
  db: Database;
  clock: Clock;
  files: FileStore;
  frameworks: Frameworks;
}) {
  async function draw(caller: Caller, assessmentId: string): Promise<{ card: ProgressCard; found: FoundCard }> {
    const scope = await caller.scope();
    const found = await findCard(db, scope, assessmentId);
    const framework = await frameworks.byKey(found.centre.organisationId, found.card.framework_key);
    const today = centreDay(found.centre.timeZone, clock.now());
    const last = [found.term.endsOn, today].sort()[0]!;
    const [teachers, attendance, photos, [page], acknowledged] = await Promise.all([
      teacherNames(db, found.child.classroomId),
      attendanceOverSpan(db, found.centre.id, [found.child.id], found.term.startsOn, last),
      allowedPhotos(db, found),
      db.select().from(progressCardParentPages).where(eq(progressCardParentPages.assessmentId, assessmentId)),
      acknowledgedAt(db, assessmentId, found.version),
    ]);
    const days = attendance.get(found.child.id)!;
    const card = presentCard({
      found,
      framework,
      teachers,
      attendance: { days_present: days.daysPresent, days_open: days.daysOpen, days_absent: days.daysAbsent },
      photos,
      parentPage: page ? { answers: page.answers, updatedAt: page.updatedAt } : null,
      acknowledgedAt: acknowledged,
      canRespond: isGuardianOf(caller, scope, found.child.id),
    });
    return { card, found };
  }

  /** The card's found row for a guardian's write, or 404 (another family) / 403 (staff). */
  async function forGuardian(caller: Caller, assessmentId: string) {
    const scope = await caller.scope();
    const found = await findCard(db, scope, assessmentId);
    if (!isGuardianOf(caller, scope, found.child.id)) throw forbidden();
    return found;
  }

  return {
    async list(caller: Caller, childId: string): Promise<CardList> {
      const scope = await caller.scope();
      const [child] = await db
        .select({ id: students.id, centerId: students.centerId, classroomId: students.classroomId })
        .from(students)
        .where(eq(students.id, childId));
      if (!child || !mayReadChild(scope, child)) throw notFound("Child");
      const rows = await db
        .select({
          id: childAssessments.id,
          version: childAssessments.version,
          publishedAt: sql<string>`(select max(h.published_at) from assessment_history h
            where h.assessment_id = ${childAssessments.id} and h.version = ${childAssessments.version})`,
          acknowledged: sql<boolean>`exists (select 1 from progress_card_acknowledgements a
            where a.assessment_id = ${childAssessments.id} and a.version = ${childAssessments.version})`,
          termId: assessmentTerms.id,
          name: assessmentTerms.name,
          startsOn: assessmentTerms.startsOn,
          endsOn: assessmentTerms.endsOn,
        })
        .from(childAssessments)
        .innerJoin(assessmentTerms, eq(assessmentTerms.id, childAssessments.termId))
        .where(and(eq(childAssessments.studentId, childId), gt(childAssessments.version, 0)))
        .orderBy(desc(assessmentTerms.startsOn), desc(assessmentTerms.id))
        .limit(50);
      return {
        items: rows
          .filter((row) => row.publishedAt !== null)
          .map((row) => ({
            assessment_id: row.id,
            term: { id: row.termId, name: row.name, starts_on: row.startsOn, ends_on: row.endsOn },
            version: row.version,
            published_at: new Date(row.publishedAt).toISOString(),
            acknowledged: row.acknowledged,
          })),
      };
    },

    async card(caller: Caller, assessmentId: string): Promise<ProgressCard> {
      return (await draw(caller, assessmentId)).card;
    },

    /** The card with the image bytes of its allowed photos, for the PDF. */
    async forPdf(caller: Caller, assessmentId: string): Promise<DrawnCard> {
      const drawn = await draw(caller, assessmentId);
      const photos = await allowedPhotos(db, drawn.found);
      const images = await Promise.all(
        photos.map(async (photo) => ({ itemId: photo.id, image: await bytesOf(files.open(photo.thumbStoredName!)) })),
      );
      return { ...drawn, photos: images };
    },

    /** One of the card's photos (its thumbnail), only while consent allows it. */
    async photo(caller: Caller, assessmentId: string, itemId: string) {
      const found = await findCard(db, await caller.scope(), assessmentId);
      const photo = (await allowedPhotos(db, found)).find((item) => item.id === itemId);
      if (!photo) throw notFound("Photo");
      return { stream: files.open(photo.thumbStoredName!), mimeType: "image/jpeg", name: `${itemId}.jpg` };
    },

    /** Writes the parent's page whole (an empty answer is left out); audited with before and after. */
    async writeParentPage(caller: Caller, assessmentId: string, input: ParentPageInput) {
      const found = await forGuardian(caller, assessmentId);
      const answers = Object.fromEntries(
        Object.entries(input.answers).filter((entry): entry is [string, string] => !!entry[1]),
      );
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(progressCardParentPages)
          .where(eq(progressCardParentPages.assessmentId, assessmentId))
          .for("update");
        await tx
          .insert(progressCardParentPages)
          .values({ assessmentId, answers, writtenBy: caller.userId, updatedAt: now })
          .onConflictDoUpdate({
            target: progressCardParentPages.assessmentId,
            set: { answers, writtenBy: caller.userId, updatedAt: now },
          });
        await writeAudit(tx, {
          organisationId: found.centre.organisationId,
          actorId: caller.userId,
          action: "progressCard.parentPage",
          entity: "child_assessment",
          entityId: assessmentId,
          before: before?.answers ?? null,
          after: answers,
        });
        return { answers, updated_at: now.toISOString() };
      });
    },

    /** The family's acknowledgement of the current version; a second call changes nothing. */
    async acknowledge(caller: Caller, assessmentId: string) {
      const found = await forGuardian(caller, assessmentId);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(progressCardAcknowledgements)
          .values({ assessmentId, version: found.version, userId: caller.userId, acknowledgedAt: now })
          .onConflictDoNothing()
          .returning({ at: progressCardAcknowledgements.acknowledgedAt });
        if (inserted.length > 0) {
          await writeAudit(tx, {
            organisationId: found.centre.organisationId,
            actorId: caller.userId,
            action: "progressCard.acknowledge",
            entity: "child_assessment",
            entityId: assessmentId,
            after: { version: found.version },
          });
          return { version: found.version, acknowledged_at: now.toISOString() };
        }
        const [mine] = await tx
          .select({ at: progressCardAcknowledgements.acknowledgedAt })
          .from(progressCardAcknowledgements)
          .where(
            and(
              eq(progressCardAcknowledgements.assessmentId, assessmentId),
              eq(progressCardAcknowledgements.version, found.version),
              eq(progressCardAcknowledgements.userId, caller.userId),
            ),
          );
        return { version: found.version, acknowledged_at: mine!.at.toISOString() };
      });
    },
  };
}
export type ProgressCards = ReturnType<typeof createProgressCards>;
