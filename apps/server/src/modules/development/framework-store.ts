import { type FrameworkFile, frameworkFile } from "@sprout/shared/schemas/development/framework";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { centerDevelopmentSettings, developmentFrameworks } from "../../db/schema/development.ts";
import { notFound } from "../../lib/errors.ts";
import ncfFs2022 from "./frameworks/ncf-fs-2022.json" with { type: "json" };

/** The framework every centre starts with (issue 36): NCF-FS 2022, cited in docs/frameworks/. */
export const DEFAULT_FRAMEWORK_KEY = "ncf-fs-2022";

type Domain = FrameworkFile["domains"][number];
type Goal = Domain["goals"][number];
type Competency = Goal["competencies"][number];

/** A competency with the goal and domain it belongs to. */
export interface PlacedCompetency {
  competency: Competency;
  goal: Goal;
  domain: Domain;
}

/** A framework ready to look things up in: its file, and every competency by code. */
export interface Framework {
  key: string;
  builtIn: boolean;
  file: FrameworkFile;
  competencies: ReadonlyMap<string, PlacedCompetency>;
  levelKeys: ReadonlySet<string>;
}

function indexed(key: string, builtIn: boolean, file: FrameworkFile): Framework {
  const competencies = new Map<string, PlacedCompetency>();
  for (const domain of file.domains) {
    for (const goal of domain.goals) {
      for (const competency of goal.competencies) competencies.set(competency.code, { competency, goal, domain });
    }
  }
  return { key, builtIn, file, competencies, levelKeys: new Set(file.levels.map((level) => level.key)) };
}

/** The frameworks shipped with Sprout, parsed once: a broken file stops the start, not a request. */
export const BUILT_IN_FRAMEWORKS: ReadonlyMap<string, Framework> = new Map(
  [[DEFAULT_FRAMEWORK_KEY, ncfFs2022]].map(([key, file]) => [
    key as string,
    indexed(key as string, true, frameworkFile.parse(file)),
  ]),
);

/**
 * Frameworks by key: a built-in one, or one of the organisation's own (a file, never changed once
 * added, so each is parsed once per process).
 */
export function createFrameworks({ db }: { db: Database }) {
  const own = new Map<string, Framework>();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  async function byKey(organisationId: string, key: string): Promise<Framework> {
    const builtIn = BUILT_IN_FRAMEWORKS.get(key);
    if (builtIn) return builtIn;
    if (!uuid.test(key)) throw notFound("Framework");
    const [row] = await db
      .select({ id: developmentFrameworks.id, definition: developmentFrameworks.definition })
      .from(developmentFrameworks)
      .where(and(eq(developmentFrameworks.id, key), eq(developmentFrameworks.organisationId, organisationId)));
    if (!row) throw notFound("Framework");
    let framework = own.get(row.id);
    if (!framework) {
      framework = indexed(row.id, false, frameworkFile.parse(row.definition));
      own.set(row.id, framework);
    }
    return framework;
  }

  return {
    byKey,
    /** The centre's framework and its names for the levels (the framework's own where it has none). */
    async forCentre(organisationId: string, centerId: string) {
      const [settings] = await db
        .select()
        .from(centerDevelopmentSettings)
        .where(eq(centerDevelopmentSettings.centerId, centerId));
      const framework = await byKey(organisationId, settings?.frameworkKey ?? DEFAULT_FRAMEWORK_KEY);
      const named = settings?.levelLabels ?? {};
      const levels = framework.file.levels.map((level) => ({ ...level, label: named[level.key] ?? level.label }));
      return { framework, levels };
    },
  };
}
export type Frameworks = ReturnType<typeof createFrameworks>;
