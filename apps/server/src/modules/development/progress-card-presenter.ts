import type { ProgressCard } from "@sprout/shared/schemas/development/progress-card";
import type { Framework } from "./framework-store.ts";
import type { AllowedPhoto, FoundCard } from "./progress-card-queries.ts";

/** Whole years and months of age on a day, from a date of birth (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string | null, day: string): { years: number; months: number } | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  let months = (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
  if (months < 0) months = 0;
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** The scale as the card was published: the framework's levels, named as the centre named them then. */
export const scaleOf = (framework: Framework, labels: Record<string, string>) =>
  framework.file.levels.map((level) => ({ key: level.key, label: labels[level.key] ?? level.label }));

/**
 * The card's domains in the framework's order, each with its levels in the framework's order of
 * competencies and its narrative; a domain with neither is left out.
 */
export function cardDomains(found: FoundCard, framework: Framework): ProgressCard["domains"] {
  const scale = scaleOf(framework, found.card.level_labels);
  const index = new Map(scale.map((level, at) => [level.key, at]));
  const levels = new Map(found.card.levels.map((entry) => [entry.competency_code, entry]));
  const narratives = new Map(found.card.narratives.map((entry) => [entry.domain_code, entry.narrative]));
  const domains: ProgressCard["domains"] = [];
  for (const domain of framework.file.domains) {
    const competencies: ProgressCard["domains"][number]["competencies"] = [];
    for (const goal of domain.goals) {
      for (const competency of goal.competencies) {
        const entry = levels.get(competency.code);
        if (!entry) continue;
        const at = index.get(entry.level);
        competencies.push({
          code: competency.code,
          text: competency.text,
          level: entry.level,
          level_label: at === undefined ? entry.level : scale[at]!.label,
          level_index: at ?? 0,
          comment: entry.comment,
        });
      }
    }
    const narrative = narratives.get(domain.code)?.trim() || null;
    if (competencies.length === 0 && !narrative) continue;
    domains.push({ code: domain.code, name: domain.name, narrative, competencies });
  }
  return domains;
}

export function presentCard(input: {
  found: FoundCard;
  framework: Framework;
  teachers: string[];
  attendance: ProgressCard["attendance"];
  photos: AllowedPhoto[];
  parentPage: { answers: Record<string, string>; updatedAt: Date } | null;
  acknowledgedAt: Date | null;
  canRespond: boolean;
}): ProgressCard {
  const { found, framework } = input;
  return {
    assessment_id: found.assessmentId,
    version: found.version,
    published_at: found.publishedAt.toISOString(),
    child: {
      id: found.child.id,
      name: found.child.name,
      date_of_birth: found.child.dateOfBirth,
      age: ageOn(found.child.dateOfBirth, found.term.endsOn),
      classroom_name: found.child.classroomName,
      centre_name: found.centre.name,
      teacher_names: input.teachers,
    },
    term: { id: found.term.id, name: found.term.name, starts_on: found.term.startsOn, ends_on: found.term.endsOn },
    framework: { key: framework.key, short_name: framework.file.short_name },
    scale: scaleOf(framework, found.card.level_labels),
    attendance: input.attendance,
    domains: cardDomains(found, framework),
    photos: input.photos.map((photo) => ({ item_id: photo.id, title: photo.title })),
    all_about_me: found.card.all_about_me,
    parent_page: input.parentPage
      ? { answers: input.parentPage.answers, updated_at: input.parentPage.updatedAt.toISOString() }
      : null,
    acknowledged_at: input.acknowledgedAt?.toISOString() ?? null,
    can_respond: input.canRespond,
  };
}
