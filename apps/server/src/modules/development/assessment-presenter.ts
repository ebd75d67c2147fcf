import type { CardPhoto, ChildAssessment, Term } from "@sprout/shared/schemas/development/assessments";
import type { AllAboutMeField } from "@sprout/shared/schemas/development/card";
import type { assessmentLevels, assessmentNarratives, childAssessments } from "../../db/schema/development.ts";
import type { TermChild } from "./assessment-queries.ts";
import type { Framework } from "./framework-store.ts";

interface ObservationRow {
  id: string;
  day: string;
  notes: string;
  milestone: string;
  attachments: number;
}

/** A child's assessment, as the framework lays it out: domain → competency, suggested ones flagged. */
export function toChildAssessment(parts: {
  term: Term;
  child: TermChild;
  band: Framework["file"]["age_bands"][number] | null;
  framework: Framework;
  assessment: typeof childAssessments.$inferSelect | null;
  levels: (typeof assessmentLevels.$inferSelect)[];
  narratives: (typeof assessmentNarratives.$inferSelect)[];
  levelScale: { key: string; label: string; description: string }[];
  observations: Map<string, ObservationRow[]>;
  perCompetency: number;
  excerpt: (text: string) => string;
  photos: CardPhoto[];
  choices: CardPhoto[];
  canRecord: boolean;
  canPublish: boolean;
}): ChildAssessment {
  const { assessment, band, framework } = parts;
  const levels = new Map(parts.levels.map((level) => [level.competencyCode, level]));
  const narratives = new Map(parts.narratives.map((narrative) => [narrative.domainCode, narrative.narrative]));
  return {
    term: parts.term,
    child: {
      id: parts.child.id,
      name: parts.child.name,
      date_of_birth: parts.child.dateOfBirth,
      classroom_name: parts.child.classroomName,
      age_band: band?.key ?? null,
      age_band_label: band?.label ?? null,
    },
    assessment_id: assessment?.id ?? null,
    status: assessment?.status ?? "not_started",
    version: assessment?.version ?? 0,
    updated_at: assessment ? assessment.updatedAt.toISOString() : null,
    published_at: assessment?.publishedAt ? assessment.publishedAt.toISOString() : null,
    reissue_reason: assessment?.reissueReason ?? null,
    levels: parts.levelScale,
    domains: framework.file.domains.map((domain) => ({
      code: domain.code,
      name: domain.name,
      narrative: narratives.get(domain.code) ?? "",
      competencies: domain.goals.flatMap((goal) =>
        goal.competencies.map((competency) => {
          const recorded = levels.get(competency.code);
          const seen = parts.observations.get(competency.code) ?? [];
          return {
            code: competency.code,
            text: competency.text,
            goal_code: goal.code,
            goal_text: goal.text,
            suggested: band !== null && competency.age_bands.includes(band.key),
            level: recorded?.level ?? null,
            comment: recorded?.comment ?? "",
            observations: seen.slice(0, parts.perCompetency).map((row) => ({
              id: row.id,
              day: row.day,
              excerpt: parts.excerpt(row.notes),
              notes: row.notes,
              milestone: row.milestone,
              attachments: Number(row.attachments),
            })),
            observations_total: seen.length,
          };
        }),
      ),
    })),
    all_about_me: (assessment?.allAboutMe ?? {}) as Partial<Record<AllAboutMeField, string>>,
    photos: parts.photos,
    photo_choices: parts.choices,
    can_record: parts.canRecord && assessment?.status !== "published",
    can_publish: parts.canPublish,
  };
}
