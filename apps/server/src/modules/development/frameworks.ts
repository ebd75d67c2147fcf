import { english } from "@sprout/shared/i18n/english";
import { type FrameworkFile, frameworkFile, frameworkFileProblem } from "@sprout/shared/schemas/development/framework";
import {
  type DevelopmentSettings,
  type DevelopmentSettingsInput,
  developmentSettingsInput,
  type FrameworkDetail,
  type FrameworkSummary,
  type FrameworksPage,
  type frameworksQuery,
} from "@sprout/shared/schemas/development/frameworks-api";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { centerDevelopmentSettings, developmentFrameworks } from "../../db/schema/development.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { UUID } from "../billing/queries.ts";
import { BUILT_IN_FRAMEWORKS, DEFAULT_FRAMEWORK_KEY, type Framework, type Frameworks } from "./framework-store.ts";

function summary(key: string, builtIn: boolean, file: FrameworkFile, uploadedAt: Date | null): FrameworkSummary {
  const goals = file.domains.reduce((total, domain) => total + domain.goals.length, 0);
  const competencies = file.domains.reduce(
    (total, domain) => total + domain.goals.reduce((sum, goal) => sum + goal.competencies.length, 0),
    0,
  );
  return {
    key,
    name: file.name,
    short_name: file.short_name,
    source: file.source,
    built_in: builtIn,
    counts: { domains: file.domains.length, goals, competencies },
    uploaded_at: uploadedAt?.toISOString() ?? null,
  };
}

const detail = (framework: Framework, uploadedAt: Date | null = null): FrameworkDetail => ({
  ...summary(framework.key, framework.builtIn, framework.file, uploadedAt),
  age_bands: framework.file.age_bands,
  levels: framework.file.levels,
  domains: framework.file.domains,
});

/** Where a file is wrong, as a person reads it: "domains[2].goals[0].code". */
function pathOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(the file)";
  return path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`))
    .join("");
}

/** The organisation's frameworks, one whole, a new one from a file, and each centre's choice. */
export function createFrameworksService({
  db,
  clock,
  frameworks,
}: {
  db: Database;
  clock: Clock;
  frameworks: Frameworks;
}) {
  async function centreInScope(scope: Scope, centerId: string) {
    if (!UUID.test(centerId) || !scope.centerIds.includes(centerId)) throw notFound("Center");
    const [centre] = await db
      .select({ id: centers.id, organisationId: centers.organisationId })
      .from(centers)
      .where(eq(centers.id, centerId));
    if (!centre) throw notFound("Center");
    return centre;
  }

  /** The answer, from the framework and the centre's row (none: the default framework's own names). */
  function settingsOf(
    caller: Caller,
    centerId: string,
    framework: Framework,
    row: { levelLabels: Record<string, string>; updatedAt: Date } | undefined,
  ): DevelopmentSettings {
    const own = row?.levelLabels ?? {};
    return {
      center_id: centerId,
      framework_key: framework.key,
      framework_name: framework.file.name,
      framework_short_name: framework.file.short_name,
      levels: framework.file.levels.map((level) => ({
        key: level.key,
        label: own[level.key] ?? level.label,
        framework_label: level.label,
        description: level.description,
        custom_label: own[level.key] ?? "",
      })),
      updated_at: row?.updatedAt.toISOString() ?? null,
      can_choose: may(caller, "development.chooseFramework"),
    };
  }

  return {
    /** The built-in framework first, then the organisation's own, oldest first. */
    async list(caller: Caller, query: z.output<typeof frameworksQuery>): Promise<FrameworksPage> {
      const builtIn = [...BUILT_IN_FRAMEWORKS.values()].map((framework) =>
        summary(framework.key, true, framework.file, null),
      );
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(developmentFrameworks)
        .where(eq(developmentFrameworks.organisationId, caller.organisationId));
      const start = (query.page - 1) * query.limit;
      const shown = builtIn.slice(start, start + query.limit);
      const ownOffset = Math.max(0, start - builtIn.length);
      const ownLimit = query.limit - shown.length;
      const rows =
        ownLimit > 0
          ? await db
              .select()
              .from(developmentFrameworks)
              .where(eq(developmentFrameworks.organisationId, caller.organisationId))
              .orderBy(asc(developmentFrameworks.uploadedAt), asc(developmentFrameworks.id))
              .limit(ownLimit)
              .offset(ownOffset)
          : [];
      for (const row of rows) {
        const framework = await frameworks.byKey(caller.organisationId, row.id);
        shown.push(summary(row.id, false, framework.file, row.uploadedAt));
      }
      const all = builtIn.length + total;
      return {
        frameworks: shown,
        pagination: { current_page: query.page, total_pages: Math.ceil(all / query.limit), total_items: all },
      };
    },

    /** One framework whole; another organisation's is 404. */
    async get(caller: Caller, key: string): Promise<FrameworkDetail> {
      const framework = await frameworks.byKey(caller.organisationId, key);
      if (framework.builtIn) return detail(framework);
      const [row] = await db
        .select({ uploadedAt: developmentFrameworks.uploadedAt })
        .from(developmentFrameworks)
        .where(eq(developmentFrameworks.id, framework.key));
      return detail(framework, row?.uploadedAt ?? null);
    },

    /**
     * A centre group's own framework from a JSON file of the `frameworkFile` shape. A bad file is
     * 400 naming where it is wrong, and nothing is stored; a short name already used is 409.
     */
    async add(caller: Caller, content: Buffer): Promise<FrameworkDetail> {
      let raw: unknown;
      try {
        raw = JSON.parse(content.toString("utf8").replace(/^\uFEFF/, ""));
      } catch (error) {
        const message = english("development.frameworkFileNotJson", {
          problem: error instanceof Error ? error.message.slice(0, 200) : "",
        });
        throw badRequest(message, { file: message });
      }
      const parsed = frameworkFile.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const where = pathOf(issue.path);
        const message = english("development.frameworkFileInvalid", { path: where, ...frameworkFileProblem(issue) });
        throw badRequest(message, { [where]: issue.message });
      }
      const file = parsed.data;
      const taken = english("development.frameworkNameTaken", { name: file.short_name });
      const lowered = file.short_name.toLowerCase();
      if ([...BUILT_IN_FRAMEWORKS.values()].some((framework) => framework.file.short_name.toLowerCase() === lowered))
        throw conflict(taken);
      const uploadedAt = clock.now();
      const id = await db.transaction(async (tx) => {
        // The unique index on (organisation, lower(short name)) decides between two uploads at once.
        const [row] = await tx
          .insert(developmentFrameworks)
          .values({
            organisationId: caller.organisationId,
            shortName: file.short_name,
            definition: file,
            uploadedBy: caller.userId,
            uploadedAt,
          })
          .onConflictDoNothing()
          .returning({ id: developmentFrameworks.id });
        if (!row) throw conflict(taken);
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "development.framework_added",
          entity: "development_framework",
          entityId: row.id,
          after: { name: file.name, short_name: file.short_name, source: file.source },
        });
        return row.id;
      });
      return detail(await frameworks.byKey(caller.organisationId, id), uploadedAt);
    },

    async settings(caller: Caller, centerId: string): Promise<DevelopmentSettings> {
      const centre = await centreInScope(await caller.scope(), centerId);
      const [row] = await db
        .select()
        .from(centerDevelopmentSettings)
        .where(eq(centerDevelopmentSettings.centerId, centre.id));
      const { framework } = await frameworks.forCentre(centre.organisationId, centre.id);
      return settingsOf(caller, centre.id, framework, row);
    },

    /**
     * The centre's framework and its names for the levels (audited, before and after). Tags and
     * terms keep the framework they were made with, so nothing else changes.
     */
    async choose(caller: Caller, centerId: string, raw: DevelopmentSettingsInput): Promise<DevelopmentSettings> {
      const parsed = developmentSettingsInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
      }
      const input = parsed.data;
      const centre = await centreInScope(await caller.scope(), centerId);
      const framework = await frameworks.byKey(centre.organisationId, input.framework_key);
      const labels: Record<string, string> = {};
      for (const [level, label] of Object.entries(input.level_labels)) {
        if (!framework.levelKeys.has(level)) {
          const message = english("development.unknownLevel", { level, framework: framework.file.short_name });
          throw badRequest(message, { level_labels: message });
        }
        if (label.length > 0) labels[level] = label;
      }
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(centerDevelopmentSettings)
          .where(eq(centerDevelopmentSettings.centerId, centre.id))
          .for("update");
        const values = {
          frameworkKey: framework.key,
          levelLabels: labels,
          updatedBy: caller.userId,
          updatedAt: clock.now(),
        };
        await tx
          .insert(centerDevelopmentSettings)
          .values({ centerId: centre.id, ...values })
          .onConflictDoUpdate({ target: centerDevelopmentSettings.centerId, set: values });
        await writeAudit(tx, {
          organisationId: centre.organisationId,
          actorId: caller.userId,
          action: "development.settings",
          entity: "center",
          entityId: centre.id,
          before: {
            framework_key: before?.frameworkKey ?? DEFAULT_FRAMEWORK_KEY,
            level_labels: before?.levelLabels ?? {},
          },
          after: { framework_key: framework.key, level_labels: labels },
        });
        return values;
      });
      return settingsOf(caller, centre.id, framework, saved);
    },
  };
}
export type FrameworksService = ReturnType<typeof createFrameworksService>;
