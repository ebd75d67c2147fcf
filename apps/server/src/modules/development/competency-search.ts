import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type {
  CompetenciesPage,
  CompetencyOption,
  competenciesQuery,
} from "@sprout/shared/schemas/development/frameworks-api";
import { DEVELOPMENT_MESSAGES } from "@sprout/shared/schemas/development/frameworks-api";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type Caller, mayReadChild } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { centreDay } from "../attendance/time.ts";
import type { Framework, Frameworks } from "./framework-store.ts";

/** Whole months from a date of birth to a day (both YYYY-MM-DD). */
export function monthsOld(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = on.split("-").map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

/** Lower case, accents and compatibility forms folded, so "C-3.2", "c-3.2" and full-width input match alike. */
const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase("en-IN");

/** The haystack a competency is searched in: its code, its words, its goal's and its domain's. */
function searchable(framework: Framework) {
  return [...framework.competencies.values()].map((placed) => ({
    placed,
    text: fold(
      [
        placed.competency.code,
        placed.competency.text,
        placed.goal.code,
        placed.goal.text,
        placed.domain.code,
        placed.domain.name,
      ].join(" "),
    ),
  }));
}

/**
 * The competency picker's search (issue 36, point 2): the centre's framework searched on the
 * server by code or words; with a child, the competencies of the child's age band today come first
 * and are marked suggested.
 */
export function createCompetencySearch({
  db,
  clock,
  frameworks,
}: {
  db: Database;
  clock: Clock;
  frameworks: Frameworks;
}) {
  const haystacks = new WeakMap<Framework, ReturnType<typeof searchable>>();

  return async function search(caller: Caller, query: z.output<typeof competenciesQuery>): Promise<CompetenciesPage> {
    const scope = await caller.scope();
    let centerId = query.center_id ?? null;
    let dateOfBirth: string | null = null;
    if (query.child_id) {
      const [child] = await db
        .select({
          id: students.id,
          centerId: students.centerId,
          classroomId: students.classroomId,
          dateOfBirth: students.dateOfBirth,
        })
        .from(students)
        .where(eq(students.id, query.child_id));
      if (!child || !mayReadChild(scope, child)) throw notFound("Child");
      if (centerId && centerId !== child.centerId) throw notFound("Child");
      centerId = child.centerId;
      dateOfBirth = child.dateOfBirth;
    }
    centerId ??= caller.centerId ?? (scope.centerIds.length === 1 ? scope.centerIds[0]! : null);
    if (!centerId)
      throw badRequest(DEVELOPMENT_MESSAGES.centerRequired, { center_id: DEVELOPMENT_MESSAGES.centerRequired });
    if (!scope.centerIds.includes(centerId)) throw notFound("Center");

    const { framework } = await frameworks.forCentre(caller.organisationId, centerId);
    let band: { key: string; label: string } | null = null;
    if (dateOfBirth) {
      const [centre] = await db.select({ timeZone: centers.timeZone }).from(centers).where(eq(centers.id, centerId));
      const months = monthsOld(dateOfBirth, centreDay(centre?.timeZone ?? DEFAULT_TIME_ZONE, clock.now()));
      const found = framework.file.age_bands.find((entry) => months >= entry.from_months && months < entry.to_months);
      band = found ? { key: found.key, label: found.label } : null;
    }

    let entries = haystacks.get(framework);
    if (!entries) {
      entries = searchable(framework);
      haystacks.set(framework, entries);
    }
    const words = fold(query.q ?? "")
      .split(/\s+/)
      .filter((word) => word.length > 0);
    const domain = query.domain ? fold(query.domain) : null;
    const matches: CompetencyOption[] = [];
    for (const { placed, text } of entries) {
      if (domain && fold(placed.domain.code) !== domain) continue;
      if (!words.every((word) => text.includes(word))) continue;
      matches.push({
        code: placed.competency.code,
        text: placed.competency.text,
        goal_code: placed.goal.code,
        goal_text: placed.goal.text,
        domain_code: placed.domain.code,
        domain_name: placed.domain.name,
        age_bands: placed.competency.age_bands,
        suggested: band !== null && placed.competency.age_bands.includes(band.key),
      });
    }
    // Suggested first; otherwise the framework's own order (a stable sort keeps it).
    matches.sort((a, b) => Number(b.suggested) - Number(a.suggested));
    const start = (query.page - 1) * query.limit;
    return {
      framework_key: framework.key,
      framework_name: framework.file.short_name,
      age_band: band,
      competencies: matches.slice(start, start + query.limit),
      pagination: {
        current_page: query.page,
        total_pages: Math.ceil(matches.length / query.limit),
        total_items: matches.length,
      },
    };
  };
}
