import {
  type AssessmentInput,
  assessmentInput,
  type ChildAssessment,
  OBSERVATIONS_PER_COMPETENCY,
} from "@sprout/shared/schemas/development/assessments";
import { ALL_ABOUT_ME_FIELDS } from "@sprout/shared/schemas/development/card";
import { and, eq, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import {
  assessmentLevels,
  assessmentNarratives,
  assessmentPhotos,
  childAssessments,
} from "../../db/schema/development.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { toChildAssessment } from "./assessment-presenter.ts";
import {
  bandOf,
  childOfTerm,
  consentedPhotos,
  levelNames,
  M,
  monthsBetween,
  photoOf,
  unknownCompetency,
  unknownDomain,
  unknownLevel,
} from "./assessment-queries.ts";
import { createClassView } from "./class-view.ts";
import type { Framework, Frameworks } from "./framework-store.ts";
import { createTerms, scopedTerm } from "./terms.ts";

const EXCERPT = 160;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

export function createAssessments({ db, clock, frameworks }: { db: Database; clock: Clock; frameworks: Frameworks }) {
  const terms = createTerms({ db, clock, frameworks });

  /** Checks a save against the term's framework: known competencies, levels and domains. */
  function checked(framework: Framework, raw: AssessmentInput) {
    const parsed = assessmentInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
    }
    const input = parsed.data;
    const domains = new Set(framework.file.domains.map((domain) => domain.code));
    for (const level of input.levels) {
      if (!framework.competencies.has(level.competency_code))
        throw badRequest(unknownCompetency(level.competency_code), {
          levels: unknownCompetency(level.competency_code),
        });
      if (!framework.levelKeys.has(level.level))
        throw badRequest(unknownLevel(level.level), { levels: unknownLevel(level.level) });
    }
    for (const narrative of input.narratives) {
      if (!domains.has(narrative.domain_code))
        throw badRequest(unknownDomain(narrative.domain_code), { narratives: unknownDomain(narrative.domain_code) });
    }
    // One entry per competency and domain: the last one written wins.
    const levels = [...new Map(input.levels.map((level) => [level.competency_code, level])).values()];
    const narratives = [
      ...new Map(input.narratives.map((narrative) => [narrative.domain_code, narrative])).values(),
    ].filter((narrative) => narrative.narrative.length > 0);
    const page = Object.fromEntries(
      ALL_ABOUT_ME_FIELDS.flatMap((field) => {
        const answer = input.all_about_me[field]?.trim();
        return answer ? [[field, answer]] : [];
      }),
    );
    return {
      levels,
      narratives,
      page,
      photos: [...new Set(input.photo_item_ids)],
      updatedAt: input.updated_at ?? null,
    };
  }

  return {
    terms,
    classView: createClassView({ db, frameworks, terms }),

    /** One child's assessment laid out by the framework, with the observations that support it. */
    async get(caller: Caller, termId: string, childId: string): Promise<ChildAssessment> {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      const child = await childOfTerm(db, scope, term, childId);
      const framework = await frameworks.byKey(term.organisationId, term.row.frameworkKey);
      const [assessment] = await db
        .select()
        .from(childAssessments)
        .where(and(eq(childAssessments.termId, termId), eq(childAssessments.studentId, childId)));
      const id = assessment?.id;
      const [levels, narratives, chosen, observations, choices, levelScale, termAnswer] = await Promise.all([
        id ? db.select().from(assessmentLevels).where(eq(assessmentLevels.assessmentId, id)) : [],
        id ? db.select().from(assessmentNarratives).where(eq(assessmentNarratives.assessmentId, id)) : [],
        id
          ? rowsOf<{ id: string; title: string; thumb: string | null; created_at: string }>(
              await db.execute(sql`
                select i.id, i.title, i.thumb_stored_name as thumb, i.created_at
                from assessment_photos p join portfolio_items i on i.id = p.item_id
                where p.assessment_id = ${id}::uuid order by p.position`),
            )
          : [],
        rowsOf<{ id: string; day: string; notes: string; milestone: string; code: string; attachments: number }>(
          await db.execute(sql`
            select l.id, l.day::text as day, l.notes, l.milestone, oc.competency_code as code,
              (select count(*)::int from observation_attachments x where x.log_id = l.id) as attachments
            from observation_logs l
            join observation_competencies oc on oc.log_id = l.id and oc.framework_key = ${term.row.frameworkKey}
            where l.student_id = ${childId}::uuid and l.day between ${term.row.startsOn}::date and ${term.row.endsOn}::date
            order by l.day desc, l.created_at desc, l.id`),
        ),
        consentedPhotos(db, childId),
        levelNames(db, term.row.centerId, framework),
        terms.get(caller, termId),
      ]);
      const band = bandOf(framework, monthsBetween(child.dateOfBirth, term.row.startsOn));
      const byCompetency = new Map<string, typeof observations>();
      for (const row of observations) {
        const rows = byCompetency.get(row.code) ?? [];
        rows.push(row);
        byCompetency.set(row.code, rows);
      }
      return toChildAssessment({
        term: termAnswer,
        child,
        band,
        framework,
        assessment: assessment ?? null,
        levels,
        narratives,
        levelScale,
        observations: byCompetency,
        perCompetency: OBSERVATIONS_PER_COMPETENCY,
        excerpt,
        photos: chosen.map((row) => photoOf(row)),
        choices: choices.map(photoOf),
        canRecord: may(caller, "assessments.record"),
        canPublish: may(caller, "assessments.publish"),
      });
    },

    /** Saves the levels, comments, narratives, the child's page and the photos; a published one is 409. */
    async save(caller: Caller, termId: string, childId: string, raw: AssessmentInput): Promise<ChildAssessment> {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      const child = await childOfTerm(db, scope, term, childId);
      const framework = await frameworks.byKey(term.organisationId, term.row.frameworkKey);
      const input = checked(framework, raw);
      await transaction(db, async (tx) => {
        const now = clock.now();
        await tx
          .insert(childAssessments)
          .values({
            termId,
            centerId: term.row.centerId,
            classroomId: child.classroomId,
            studentId: childId,
            updatedBy: caller.userId,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [childAssessments.termId, childAssessments.studentId] });
        const [row] = await tx
          .select()
          .from(childAssessments)
          .where(and(eq(childAssessments.termId, termId), eq(childAssessments.studentId, childId)))
          .for("update");
        if (!row) throw notFound("Assessment");
        if (row.status === "published") throw conflict(M.publishedReissueFirst);
        if (input.updatedAt && row.updatedAt.toISOString() !== input.updatedAt) throw conflict(M.changedMeanwhile);
        if (input.photos.length > 0) {
          const allowed = await consentedPhotos(tx, childId, input.photos);
          if (allowed.length !== input.photos.length)
            throw badRequest(M.photoNotAllowed, { photo_item_ids: M.photoNotAllowed });
        }
        await tx.delete(assessmentLevels).where(eq(assessmentLevels.assessmentId, row.id));
        await tx.delete(assessmentNarratives).where(eq(assessmentNarratives.assessmentId, row.id));
        await tx.delete(assessmentPhotos).where(eq(assessmentPhotos.assessmentId, row.id));
        if (input.levels.length)
          await tx.insert(assessmentLevels).values(
            input.levels.map((level) => ({
              assessmentId: row.id,
              competencyCode: level.competency_code,
              level: level.level,
              comment: level.comment,
            })),
          );
        if (input.narratives.length)
          await tx.insert(assessmentNarratives).values(
            input.narratives.map((narrative) => ({
              assessmentId: row.id,
              domainCode: narrative.domain_code,
              narrative: narrative.narrative,
            })),
          );
        if (input.photos.length)
          await tx
            .insert(assessmentPhotos)
            .values(input.photos.map((itemId, position) => ({ assessmentId: row.id, itemId, position })));
        await tx
          .update(childAssessments)
          .set({ allAboutMe: input.page, classroomId: child.classroomId, updatedBy: caller.userId, updatedAt: now })
          .where(eq(childAssessments.id, row.id));
        await writeAudit(tx, {
          organisationId: term.organisationId,
          actorId: caller.userId,
          action: "assessment.saved",
          entity: "child_assessment",
          entityId: row.id,
          after: {
            student_id: childId,
            term_id: termId,
            levels: input.levels.length,
            narratives: input.narratives.map((narrative) => narrative.domain_code),
            page_fields: Object.keys(input.page),
            photo_item_ids: input.photos,
          },
        });
      });
      return this.get(caller, termId, childId);
    },

    /** Marks the assessment ready for the coordinator's review. */
    async submit(caller: Caller, termId: string, childId: string): Promise<ChildAssessment> {
      const scope = await caller.scope();
      const term = await scopedTerm(db, scope, termId);
      await childOfTerm(db, scope, term, childId);
      await transaction(db, async (tx) => {
        const [row] = await tx
          .select()
          .from(childAssessments)
          .where(and(eq(childAssessments.termId, termId), eq(childAssessments.studentId, childId)))
          .for("update");
        if (!row) throw conflict(M.notStarted);
        if (row.status === "published") throw conflict(M.alreadyPublished);
        if (row.status === "submitted") return;
        await tx
          .update(childAssessments)
          .set({ status: "submitted", updatedBy: caller.userId, updatedAt: clock.now() })
          .where(eq(childAssessments.id, row.id));
        await writeAudit(tx, {
          organisationId: term.organisationId,
          actorId: caller.userId,
          action: "assessment.submitted",
          entity: "child_assessment",
          entityId: row.id,
          before: { status: row.status },
          after: { status: "submitted" },
        });
      });
      return this.get(caller, termId, childId);
    },
  };
}
export type AssessmentsService = ReturnType<typeof createAssessments>;
