import { publishedCard } from "@sprout/shared/schemas/development/card";
import type { DevelopmentProgress, Distribution } from "@sprout/shared/schemas/development/progress-card";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Caller, mayReadChild } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import {
  assessmentHistory,
  assessmentTerms,
  childAssessments,
  lessonPlanCompetencies,
} from "../../db/schema/development.ts";
import { lessonPlans } from "../../db/schema/lesson-plans.ts";
import { notFound } from "../../lib/errors.ts";
import type { Framework, Frameworks } from "./framework-store.ts";
import { publishedIn, termInScope } from "./term-scope.ts";

/** Lesson plans linked to each weak competency. */
const PLANS_PER_COMPETENCY = 3;
/** Weak competencies listed per domain. */
const WEAKEST_PER_DOMAIN = 5;

/** The lower middle of some levels (a child's level in a domain): never flattered by one high mark. */
export function lowerMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Development over time (issue 36, point 5): a child's level per competency in each published
 * term, and a term's distribution of levels in a classroom with the competencies to plan for.
 */
export function createProgress({ db, frameworks }: { db: Database; frameworks: Frameworks }) {
  /** The scale of a framework in the centre's words (its own words when the centre uses another). */
  async function scaleFor(organisationId: string, centerId: string, framework: Framework) {
    const { framework: chosen, levels } = await frameworks.forCentre(organisationId, centerId);
    const source = chosen.key === framework.key ? levels : framework.file.levels;
    return source.map((level) => ({ key: level.key, label: level.label }));
  }

  return {
    async overTime(caller: Caller, childId: string): Promise<DevelopmentProgress> {
      const scope = await caller.scope();
      const [child] = await db
        .select({ id: students.id, centerId: students.centerId, classroomId: students.classroomId })
        .from(students)
        .where(eq(students.id, childId));
      if (!child || !mayReadChild(scope, child)) throw notFound("Child");
      const rows = await db
        .select({
          assessmentId: childAssessments.id,
          termId: assessmentTerms.id,
          name: assessmentTerms.name,
          startsOn: assessmentTerms.startsOn,
          endsOn: assessmentTerms.endsOn,
          card: assessmentHistory.card,
        })
        .from(childAssessments)
        .innerJoin(assessmentTerms, eq(assessmentTerms.id, childAssessments.termId))
        .innerJoin(
          assessmentHistory,
          and(
            eq(assessmentHistory.assessmentId, childAssessments.id),
            eq(assessmentHistory.version, childAssessments.version),
          ),
        )
        .where(and(eq(childAssessments.studentId, childId), gt(childAssessments.version, 0)))
        .orderBy(asc(assessmentTerms.startsOn), asc(assessmentTerms.id))
        .limit(40);
      const cards = rows.map((row) => ({ ...row, card: publishedCard.parse(row.card) }));
      const latest = cards.at(-1);
      if (!latest) return { terms: [], scale: [], domains: [] };
      // Levels are comparable within one framework: the latest card's; terms of another are left out.
      const framework = await frameworks.byKey(caller.organisationId, latest.card.framework_key);
      const same = cards.filter((entry) => entry.card.framework_key === framework.key);
      const scale = await scaleFor(caller.organisationId, child.centerId, framework);
      const index = new Map(framework.file.levels.map((level, at) => [level.key, at]));
      const perTerm = same.map(
        (entry) => new Map(entry.card.levels.map((level) => [level.competency_code, index.get(level.level) ?? null])),
      );
      const domains: DevelopmentProgress["domains"] = [];
      for (const domain of framework.file.domains) {
        const competencies = domain.goals
          .flatMap((goal) => goal.competencies)
          .filter((competency) => perTerm.some((levels) => levels.has(competency.code)))
          .map((competency) => ({
            code: competency.code,
            text: competency.text,
            levels: perTerm.map((levels) => levels.get(competency.code) ?? null),
          }));
        if (competencies.length) domains.push({ code: domain.code, name: domain.name, competencies });
      }
      return {
        terms: same.map((entry) => ({
          assessment_id: entry.assessmentId,
          id: entry.termId,
          name: entry.name,
          starts_on: entry.startsOn,
          ends_on: entry.endsOn,
        })),
        scale,
        domains,
      };
    },

    async distribution(caller: Caller, termId: string, classroomId: string | undefined): Promise<Distribution> {
      const scope = await caller.scope();
      const { term, roomIds, rooms } = await termInScope(db, scope, termId, classroomId);
      const framework = await frameworks.byKey(term.organisationId, term.frameworkKey);
      const [rows, scale] = await Promise.all([
        db
          .select({ card: assessmentHistory.card })
          .from(childAssessments)
          .innerJoin(
            assessmentHistory,
            and(
              eq(assessmentHistory.assessmentId, childAssessments.id),
              eq(assessmentHistory.version, childAssessments.version),
            ),
          )
          .where(publishedIn(termId, roomIds)),
        scaleFor(term.organisationId, term.centerId, framework),
      ]);
      const index = new Map(framework.file.levels.map((level, at) => [level.key, at]));
      const levels = scale.length;
      const cards = rows.map((row) => publishedCard.parse(row.card));
      const domainOf = (code: string) => framework.competencies.get(code)?.domain.code;
      const answer: Distribution["domains"] = [];
      const weakCodes: string[] = [];
      for (const domain of framework.file.domains) {
        const counts = Array<number>(levels).fill(0);
        const perCompetency = new Map<string, { low: number; assessed: number }>();
        for (const card of cards) {
          const marks = card.levels.filter((entry) => domainOf(entry.competency_code) === domain.code);
          const values: number[] = [];
          for (const mark of marks) {
            const at = index.get(mark.level);
            if (at === undefined) continue;
            values.push(at);
            const tally = perCompetency.get(mark.competency_code) ?? { low: 0, assessed: 0 };
            tally.assessed += 1;
            if (at === 0) tally.low += 1;
            perCompetency.set(mark.competency_code, tally);
          }
          if (values.length) counts[lowerMedian(values)]! += 1;
        }
        const assessed = counts.reduce((sum, value) => sum + value, 0);
        if (assessed === 0) continue;
        const weakest = [...perCompetency]
          .filter(([, tally]) => tally.low * 2 > tally.assessed)
          .sort(([a, x], [b, y]) => y.low / y.assessed - x.low / x.assessed || a.localeCompare(b))
          .slice(0, WEAKEST_PER_DOMAIN)
          .map(([code, tally]) => ({
            code,
            text: framework.competencies.get(code)?.competency.text ?? code,
            at_lowest: tally.low,
            assessed: tally.assessed,
            lesson_plans: [] as { id: string; day: string; topic: string }[],
          }));
        weakCodes.push(...weakest.map((entry) => entry.code));
        answer.push({
          code: domain.code,
          name: domain.name,
          counts,
          shares: counts.map((value) => Math.round((value / assessed) * 1000) / 1000),
          assessed,
          weakest,
        });
      }
      if (weakCodes.length) {
        // The centre's plans for each weak competency, the term's rooms' first, the latest first.
        const ranked = db
          .select({
            code: lessonPlanCompetencies.competencyCode,
            id: lessonPlans.id,
            day: lessonPlans.day,
            topic: lessonPlans.topic,
            rank: sql<number>`row_number() over (partition by ${lessonPlanCompetencies.competencyCode}
              order by ${
                roomIds.length
                  ? sql`${lessonPlans.classroomId} in (${sql.join(
                      roomIds.map((id) => sql`${id}::uuid`),
                      sql`, `,
                    )})`
                  : sql`true`
              } desc, ${lessonPlans.day} desc, ${lessonPlans.id})`.as("rank"),
          })
          .from(lessonPlanCompetencies)
          .innerJoin(lessonPlans, eq(lessonPlans.id, lessonPlanCompetencies.planId))
          .where(
            and(
              eq(lessonPlanCompetencies.frameworkKey, term.frameworkKey),
              inArray(lessonPlanCompetencies.competencyCode, weakCodes),
              eq(lessonPlans.centerId, term.centerId),
            ),
          )
          .as("ranked");
        const plans = await db
          .select()
          .from(ranked)
          .where(sql`${ranked.rank} <= ${PLANS_PER_COMPETENCY}`)
          .orderBy(asc(ranked.code), asc(ranked.rank));
        for (const domain of answer) {
          for (const weak of domain.weakest) {
            weak.lesson_plans = plans
              .filter((plan) => plan.code === weak.code)
              .map((plan) => ({ id: plan.id, day: plan.day, topic: plan.topic }));
          }
        }
      }
      return {
        term: { id: term.id, name: term.name, starts_on: term.startsOn, ends_on: term.endsOn },
        classroom_id: classroomId ?? null,
        classrooms: rooms,
        scale,
        children: cards.length,
        domains: answer,
      };
    },
  };
}
export type Progress = ReturnType<typeof createProgress>;
