import { english } from "@sprout/shared/i18n/english";
import {
  type AssessmentHistory,
  ASSESSMENT_MESSAGES as M,
  type PublishClassResult,
  type ReissueInput,
  reissueInput,
} from "@sprout/shared/schemas/development/assessments";
import type { PublishedCard } from "@sprout/shared/schemas/development/card";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import {
  assessmentHistory,
  assessmentLevels,
  assessmentNarratives,
  assessmentPhotos,
  childAssessments,
} from "../../db/schema/development.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import type { NotificationsService } from "../communication/notifications.ts";
import { childOfTerm, levelNames } from "./assessment-queries.ts";
import type { Frameworks } from "./framework-store.ts";
import { type ScopedTerm, scopedTerm } from "./terms.ts";

/** Where the family reads a published card (the progress card's portal page). */
export const cardLink = (assessmentId: string) => `/progress-cards/${assessmentId}`;

/**
 * Publishing and reissuing. A publication takes the assessment's row lock, counts the version up
 * in the same statement that marks it published, and writes the whole card into the history: two
 * publications at once find the second one already published (409), never two versions.
 */
export function createPublishing({
  db,
  clock,
  frameworks,
  notifications,
}: {
  db: Database;
  clock: Clock;
  frameworks: Frameworks;
  notifications: Pick<NotificationsService, "notify">;
}) {
  /** Publishes one locked-in-this-transaction assessment; throws 409 when it is not publishable. */
  async function publishIn(
    tx: Database,
    caller: Caller,
    term: ScopedTerm,
    assessmentId: string,
    onlySubmitted: boolean,
  ) {
    const [row] = await tx.select().from(childAssessments).where(eq(childAssessments.id, assessmentId)).for("update");
    if (!row) throw conflict(M.notStarted);
    if (row.status === "published") throw conflict(M.alreadyPublished);
    if (onlySubmitted && row.status !== "submitted") return null;
    const framework = await frameworks.byKey(term.organisationId, term.row.frameworkKey);
    const [levels, narratives, photos, scale] = await Promise.all([
      tx
        .select()
        .from(assessmentLevels)
        .where(eq(assessmentLevels.assessmentId, row.id))
        .orderBy(asc(assessmentLevels.competencyCode)),
      tx
        .select()
        .from(assessmentNarratives)
        .where(eq(assessmentNarratives.assessmentId, row.id))
        .orderBy(asc(assessmentNarratives.domainCode)),
      tx
        .select({ itemId: assessmentPhotos.itemId })
        .from(assessmentPhotos)
        .where(eq(assessmentPhotos.assessmentId, row.id))
        .orderBy(asc(assessmentPhotos.position)),
      levelNames(tx, term.row.centerId, framework),
    ]);
    const card: PublishedCard = {
      framework_key: term.row.frameworkKey,
      term: { id: term.row.id, name: term.row.name, starts_on: term.row.startsOn, ends_on: term.row.endsOn },
      level_labels: Object.fromEntries(scale.map((level) => [level.key, level.label])),
      levels: levels.map((level) => ({
        competency_code: level.competencyCode,
        level: level.level,
        comment: level.comment,
      })),
      narratives: narratives.map((narrative) => ({
        domain_code: narrative.domainCode,
        narrative: narrative.narrative,
      })),
      photo_item_ids: photos.map((photo) => photo.itemId),
      all_about_me: row.allAboutMe,
    };
    const now = clock.now();
    const [published] = await tx
      .update(childAssessments)
      .set({
        status: "published",
        version: sql`${childAssessments.version} + 1`,
        reissueReason: null,
        publishedAt: now,
        updatedBy: caller.userId,
        updatedAt: now,
      })
      .where(and(eq(childAssessments.id, row.id), sql`${childAssessments.status} <> 'published'`))
      .returning({ version: childAssessments.version });
    if (!published) throw conflict(M.alreadyPublished);
    await tx.insert(assessmentHistory).values({
      assessmentId: row.id,
      version: published.version,
      card,
      reason: row.reissueReason,
      publishedBy: caller.userId,
      publishedAt: now,
    });
    await writeAudit(tx, {
      organisationId: term.organisationId,
      actorId: caller.userId,
      action: "assessment.published",
      entity: "child_assessment",
      entityId: row.id,
      before: { status: row.status, version: row.version },
      after: { status: "published", version: published.version, reason: row.reissueReason },
    });
    // The family hears of it in the same transaction's outbox: nothing leaves unless it commits.
    const [child] = await tx
      .select({ firstName: students.firstName })
      .from(students)
      .where(eq(students.id, row.studentId));
    const family = await tx
      .selectDistinct({ userId: guardians.userId })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(and(eq(studentGuardians.studentId, row.studentId), isNotNull(guardians.userId)));
    await notifications.notify(
      family.map((member) => member.userId!),
      {
        kind: "progress_card",
        title: english("bell.progressCardReady", { name: child?.firstName ?? "", term: term.row.name }),
        body: english("bell.progressCardBody"),
        link: cardLink(row.id),
      },
      tx,
    );
    return published.version;
  }

  async function assessmentOf(executor: Database, termId: string, childId: string) {
    const [row] = await executor
      .select({ id: childAssessments.id })
      .from(childAssessments)
      .where(and(eq(childAssessments.termId, termId), eq(childAssessments.studentId, childId)));
    if (!row) throw conflict(M.notStarted);
    return row.id;
  }

  return {
    /** Publishes one child's assessment (draft or submitted): the coordinator's review is done. */
    async publishOne(caller: Caller, termId: string, childId: string) {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      await childOfTerm(db, scope, term, childId);
      const id = await assessmentOf(db, termId, childId);
      await transaction(db, (tx) => publishIn(tx, caller, term, id, false));
    },

    /**
     * Publishes every submitted assessment of one classroom of the term. Each child in its own
     * transaction: a card is published (and its family told) as soon as it is written, one child
     * changed meanwhile does not undo the others, and no lock is held on the whole class while
     * thirty cards are written.
     */
    async publishClass(caller: Caller, termId: string, classroomId: string): Promise<PublishClassResult> {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      if (!term.rooms.some((room) => room.id === classroomId))
        throw badRequest(M.classroomNotInTerm, { classroom_id: M.classroomNotInTerm });
      const rows = rowsOf<{ id: string | null; status: string | null }>(
        await db.execute(sql`
          select a.id, a.status from students s
          left join child_assessments a on a.term_id = ${termId}::uuid and a.student_id = s.id
          where s.class_id = ${classroomId}::uuid and s.status = 'active'
          order by s.first_name, s.last_name, s.id`),
      );
      let published = 0;
      for (const row of rows) {
        if (!row.id || row.status !== "submitted") continue;
        try {
          const version = await transaction(db, (tx) => publishIn(tx, caller, term, row.id!, true));
          if (version !== null) published++;
        } catch (error) {
          // Published by someone else meanwhile: it is published, which is what was asked.
          if (!(error instanceof Error && "statusCode" in error && error.statusCode === 409)) throw error;
        }
      }
      const notSubmitted = rows.filter((row) => row.status !== "submitted" && row.status !== "published").length;
      return { published, not_submitted: notSubmitted };
    },

    /** Reopens a published assessment with a reason, kept for the next publication's history entry. */
    async reissue(caller: Caller, termId: string, childId: string, raw: ReissueInput) {
      const parsed = reissueInput.safeParse(raw);
      if (!parsed.success) throw badRequest(M.reasonLength, { reason: M.reasonLength });
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      await childOfTerm(db, scope, term, childId);
      const id = await assessmentOf(db, termId, childId);
      await transaction(db, async (tx) => {
        const [row] = await tx.select().from(childAssessments).where(eq(childAssessments.id, id)).for("update");
        if (row?.status !== "published") throw conflict(M.notPublished);
        await tx
          .update(childAssessments)
          .set({ status: "draft", reissueReason: parsed.data.reason, updatedBy: caller.userId, updatedAt: clock.now() })
          .where(eq(childAssessments.id, id));
        await writeAudit(tx, {
          organisationId: term.organisationId,
          actorId: caller.userId,
          action: "assessment.reissued",
          entity: "child_assessment",
          entityId: id,
          before: { status: "published", version: row.version },
          after: { status: "draft", reason: parsed.data.reason },
        });
      });
    },

    /** Every publication of the assessment, newest first, and a reason waiting for the next one. */
    async history(caller: Caller, termId: string, childId: string): Promise<AssessmentHistory> {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      await childOfTerm(db, scope, term, childId);
      const [row] = await db
        .select({ id: childAssessments.id, reason: childAssessments.reissueReason })
        .from(childAssessments)
        .where(and(eq(childAssessments.termId, termId), eq(childAssessments.studentId, childId)));
      if (!row) return { versions: [], pending_reason: null };
      const versions = await db
        .select({
          version: assessmentHistory.version,
          reason: assessmentHistory.reason,
          by: users.fullName,
          at: assessmentHistory.publishedAt,
        })
        .from(assessmentHistory)
        .leftJoin(users, eq(users.id, assessmentHistory.publishedBy))
        .where(eq(assessmentHistory.assessmentId, row.id))
        .orderBy(sql`${assessmentHistory.version} desc`);
      return {
        versions: versions.map((version) => ({
          version: version.version,
          reason: version.reason,
          published_by_name: version.by,
          published_at: version.at.toISOString(),
        })),
        pending_reason: row.reason,
      };
    },
  };
}
export type PublishingService = ReturnType<typeof createPublishing>;
