import { english } from "@sprout/shared/i18n/english";
import type { CompetencyTag } from "@sprout/shared/schemas/development/frameworks-api";
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { lessonPlanCompetencies, observationCompetencies } from "../../db/schema/development.ts";
import { badRequest } from "../../lib/errors.ts";
import type { Framework, Frameworks } from "./framework-store.ts";

/*
 * The competencies observations and lesson plans are tagged with (issue 36, point 2). Each tag
 * keeps the framework it was chosen from, so a centre changing its framework leaves them as they were.
 * The child-day and lesson-plan services call these; they never read the tag tables themselves.
 */

/** The codes checked against the centre's framework: an unknown one is 400, naming it. */
export async function resolveTags(
  frameworks: Frameworks,
  organisationId: string,
  centerId: string,
  codes: readonly string[],
): Promise<{ frameworkKey: string; codes: string[] }> {
  const { framework } = await frameworks.forCentre(organisationId, centerId);
  for (const code of codes) {
    if (!framework.competencies.has(code)) {
      const message = english("development.unknownCompetency", { code, framework: framework.file.short_name });
      throw badRequest(message, { competencies: message });
    }
  }
  return { frameworkKey: framework.key, codes: [...codes] };
}

function tagOf(framework: Framework | undefined, frameworkKey: string, code: string): CompetencyTag {
  const placed = framework?.competencies.get(code);
  return {
    framework_key: frameworkKey,
    code,
    text: placed?.competency.text ?? "",
    domain_code: placed?.domain.code ?? "",
    domain_name: placed?.domain.name ?? "",
  };
}

/** Tags by owner id, each named from its framework, in the framework's order. */
async function present(
  frameworks: Frameworks,
  organisationId: string,
  rows: { ownerId: string; frameworkKey: string; code: string }[],
): Promise<Map<string, CompetencyTag[]>> {
  const keys = [...new Set(rows.map((row) => row.frameworkKey))];
  const known = new Map<string, Framework>();
  for (const key of keys) {
    const framework = await frameworks.byKey(organisationId, key).catch(() => undefined);
    if (framework) known.set(key, framework);
  }
  const order = (framework: Framework | undefined, code: string) =>
    framework ? [...framework.competencies.keys()].indexOf(code) : 0;
  const byOwner = new Map<string, CompetencyTag[]>();
  for (const row of rows) {
    const list = byOwner.get(row.ownerId) ?? [];
    list.push(tagOf(known.get(row.frameworkKey), row.frameworkKey, row.code));
    byOwner.set(row.ownerId, list);
  }
  for (const list of byOwner.values())
    list.sort((a, b) => order(known.get(a.framework_key), a.code) - order(known.get(b.framework_key), b.code));
  return byOwner;
}

/** What the tag filters of a list need: a code, or a domain's codes in the frameworks in use. */
export interface TagFilter {
  competency?: string;
  domain?: string;
}

async function domainPairs(frameworks: Frameworks, organisationId: string, centerIds: string[], domain: string) {
  const pairs: { key: string; codes: string[] }[] = [];
  const seen = new Set<string>();
  for (const centerId of centerIds.slice(0, 50)) {
    const { framework } = await frameworks.forCentre(organisationId, centerId);
    if (seen.has(framework.key)) continue;
    seen.add(framework.key);
    const found = framework.file.domains.find((entry) => entry.code.toLowerCase() === domain.toLowerCase());
    if (found)
      pairs.push({ key: framework.key, codes: found.goals.flatMap((goal) => goal.competencies.map((c) => c.code)) });
  }
  return pairs;
}

function tagsOf(table: typeof observationCompetencies | typeof lessonPlanCompetencies, owner: AnyColumn) {
  return {
    async read(db: Database, frameworks: Frameworks, organisationId: string, ownerIds: string[]) {
      if (ownerIds.length === 0) return new Map<string, CompetencyTag[]>();
      const rows = await db
        .select({ ownerId: sql<string>`${owner}`, frameworkKey: table.frameworkKey, code: table.competencyCode })
        .from(table)
        .where(inArray(owner, ownerIds));
      return present(frameworks, organisationId, rows);
    },
    /** An EXISTS condition on the owner's id column, or null when nothing is filtered. */
    async filter(
      frameworks: Frameworks,
      organisationId: string,
      centerIds: string[],
      ownerColumn: AnyColumn,
      { competency, domain }: TagFilter,
    ): Promise<SQL | null> {
      const conditions: SQL[] = [];
      if (competency) conditions.push(eq(table.competencyCode, competency));
      if (domain) {
        const pairs = await domainPairs(frameworks, organisationId, centerIds, domain);
        if (pairs.length === 0) return sql`false`;
        conditions.push(
          or(...pairs.map((pair) => and(eq(table.frameworkKey, pair.key), inArray(table.competencyCode, pair.codes))))!,
        );
      }
      if (conditions.length === 0) return null;
      return sql`exists (select 1 from ${table} where ${owner} = ${ownerColumn} and ${and(...conditions)})`;
    },
  };
}

type Tags = { frameworkKey: string; codes: string[] };

export const observationTags = {
  ...tagsOf(observationCompetencies, observationCompetencies.logId),
  /** Replaces a log's tags (in the caller's transaction). */
  async replace(tx: Database, logId: string, tags: Tags) {
    await tx.delete(observationCompetencies).where(eq(observationCompetencies.logId, logId));
    if (tags.codes.length === 0) return;
    await tx
      .insert(observationCompetencies)
      .values(tags.codes.map((code) => ({ logId, frameworkKey: tags.frameworkKey, competencyCode: code })));
  },
};

export const lessonPlanTags = {
  ...tagsOf(lessonPlanCompetencies, lessonPlanCompetencies.planId),
  /** Replaces a plan's tags (in the caller's transaction). */
  async replace(tx: Database, planId: string, tags: Tags) {
    await tx.delete(lessonPlanCompetencies).where(eq(lessonPlanCompetencies.planId, planId));
    if (tags.codes.length === 0) return;
    await tx
      .insert(lessonPlanCompetencies)
      .values(tags.codes.map((code) => ({ planId, frameworkKey: tags.frameworkKey, competencyCode: code })));
  },
};
