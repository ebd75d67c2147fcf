import { english } from "@sprout/shared/i18n/english";
import { ASSESSMENT_MESSAGES as M, PHOTO_CHOICES_MAX } from "@sprout/shared/schemas/development/assessments";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { mayReadChild, type Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centerDevelopmentSettings, childAssessments } from "../../db/schema/development.ts";
import { notFound } from "../../lib/errors.ts";
import type { Framework } from "./framework-store.ts";
import type { ScopedTerm } from "./terms.ts";

/*
 * The reads the assessment services share: the child of a term, the age band, the level names
 * and the photos a card may carry.
 */

export interface TermChild {
  id: string;
  name: string;
  firstName: string;
  dateOfBirth: string | null;
  centerId: string;
  classroomId: string | null;
  classroomName: string | null;
}

/**
 * A child the caller may read who belongs to the term: in one of its classrooms, or already
 * assessed in it. Anything else is "not found", as for a child outside the caller's scope.
 */
export async function childOfTerm(executor: Database, scope: Scope, term: ScopedTerm, childId: string) {
  const [child] = await executor
    .select({
      id: students.id,
      firstName: students.firstName,
      name: sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`,
      dateOfBirth: students.dateOfBirth,
      centerId: students.centerId,
      classroomId: students.classroomId,
      classroomName: classrooms.name,
      assessed: childAssessments.id,
    })
    .from(students)
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
    .leftJoin(
      childAssessments,
      and(eq(childAssessments.studentId, students.id), eq(childAssessments.termId, term.row.id)),
    )
    .where(eq(students.id, childId));
  if (!child || child.centerId !== term.row.centerId || !mayReadChild(scope, child)) throw notFound("Child");
  const inRooms = child.classroomId !== null && term.allRooms.some((room) => room.id === child.classroomId);
  if (!inRooms && !child.assessed) throw notFound("Child");
  return child satisfies TermChild;
}

/** Whole months of age on a day, as SQL over a date of birth column. */
export const monthsOld = (dob: SQL | string, on: string) =>
  sql`(extract(year from age(${on}::date, ${typeof dob === "string" ? sql.raw(dob) : dob})) * 12 +
    extract(month from age(${on}::date, ${typeof dob === "string" ? sql.raw(dob) : dob})))::int`;

/**
 * The framework's age band a child of this many months is in. A child younger than the first band
 * (a toddler of 32 months in a 3-6 framework) is suggested the first band's competencies, one
 * older than the last the last band's: a framework's bands are where it starts and stops, and
 * every child of the term is still assessed. Null without a date of birth.
 */
export function bandOf(framework: Framework, months: number | null) {
  if (months === null) return null;
  const bands = framework.file.age_bands;
  const youngest = bands.reduce((a, b) => (b.from_months < a.from_months ? b : a));
  const oldest = bands.reduce((a, b) => (b.to_months > a.to_months ? b : a));
  if (months < youngest.from_months) return youngest;
  if (months >= oldest.to_months) return oldest;
  return bands.find((band) => months >= band.from_months && months < band.to_months) ?? null;
}

export function monthsBetween(dateOfBirth: string | null, on: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

/** The age band of a child as SQL, as `bandOf` finds it (null without a date of birth). */
export function bandSql(framework: Framework, dob: string, on: string) {
  const months = monthsOld(dob, on);
  const bands = framework.file.age_bands;
  const youngest = bands.reduce((a, b) => (b.from_months < a.from_months ? b : a));
  const oldest = bands.reduce((a, b) => (b.to_months > a.to_months ? b : a));
  const cases = bands.map(
    (band) => sql`when ${months} >= ${band.from_months} and ${months} < ${band.to_months} then ${band.key}`,
  );
  return sql`(case when ${sql.raw(dob)} is null then null
    when ${months} < ${youngest.from_months} then ${youngest.key}
    when ${months} >= ${oldest.to_months} then ${oldest.key}
    ${sql.join(cases, sql` `)} else null end)`;
}

/** The competencies suggested for each age band: `values (band, code), ...` for a join. */
export function suggestedValues(framework: Framework) {
  const pairs: SQL[] = [];
  for (const [code, placed] of framework.competencies) {
    for (const band of placed.competency.age_bands) pairs.push(sql`(${band}::text, ${code}::text)`);
  }
  return sql`(values ${sql.join(pairs, sql`, `)})`;
}

export function suggestedCount(framework: Framework, band: string | null) {
  if (!band) return 0;
  let total = 0;
  for (const placed of framework.competencies.values()) if (placed.competency.age_bands.includes(band)) total++;
  return total;
}

/** The framework's levels with the centre's names for them (the framework's own where it has none). */
export async function levelNames(executor: Database, centerId: string, framework: Framework) {
  const [settings] = await executor
    .select({ labels: centerDevelopmentSettings.levelLabels })
    .from(centerDevelopmentSettings)
    .where(eq(centerDevelopmentSettings.centerId, centerId));
  const named = settings?.labels ?? {};
  return framework.file.levels.map((level) => ({ ...level, label: named[level.key] ?? level.label }));
}

export interface PhotoRow {
  id: string;
  title: string;
  thumb: string | null;
  created_at: Date | string;
}

/**
 * The child's own photos (images) that every child in them allows on a card now: the child's
 * consent "own" for a photo of them alone, "group" for a group photo, and the same of every other
 * child tagged in it. `only` narrows to some items (the ones a save names).
 */
export async function consentedPhotos(executor: Database, childId: string, only?: string[]) {
  const narrowed =
    only === undefined
      ? sql``
      : only.length === 0
        ? sql` and false`
        : sql` and i.id in (${sql.join(
            only.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  return rowsOf<PhotoRow>(
    await executor.execute(sql`
      select i.id, i.title, i.thumb_stored_name as thumb, i.created_at
      from portfolio_items i
      where i.student_id = ${childId}::uuid and i.media_type = 'image'${narrowed}
        and exists (select 1 from photo_consents c where c.student_id = i.student_id
          and (c.consent = 'group' or (c.consent = 'own' and not i.is_group)))
        and not exists (select 1 from portfolio_item_children t
          left join photo_consents c on c.student_id = t.student_id
          where t.item_id = i.id
            and not (coalesce(c.consent, 'none') = 'group' or (c.consent = 'own' and not i.is_group)))
      order by i.created_at desc, i.id
      limit ${only === undefined ? PHOTO_CHOICES_MAX : Math.max(only.length, 1)}`),
  );
}

export const photoOf = (row: PhotoRow) => ({
  item_id: row.id,
  title: row.title,
  thumbnail_url: row.thumb ? `/api/digital-portfolio/${row.id}/thumbnail` : null,
  taken_at: new Date(row.created_at).toISOString(),
});

export const unknownCompetency = (code: string) => english("development.assess.unknownCompetency", { code });
export const unknownLevel = (level: string) => english("development.assess.unknownLevel", { level });
export const unknownDomain = (code: string) => english("development.assess.unknownDomain", { code });
export { M };
