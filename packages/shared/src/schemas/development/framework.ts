import { z } from "zod";

/*
 * A development framework as data (issue 36, point 1): the national framework ships as a file of
 * this shape, and a centre group may add its own (EYFS, say) as a file of the same shape.
 */

/** Codes are short, stable and printable: "PD", "CG-1", "C-1.1". */
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.\-_]{0,23}$/);
const text = (max: number) => z.string().trim().min(1).max(max);

/** An age band the framework speaks of, in whole months of age, from inclusive, to exclusive. */
export const frameworkAgeBand = z
  .object({
    key: code,
    label: text(60),
    from_months: z.number().int().min(0).max(240),
    to_months: z.number().int().min(1).max(240),
  })
  .refine((band) => band.to_months > band.from_months, { params: { problem: "bandOrder" } });

/** One step of the framework's assessment scale, lowest first. */
export const frameworkLevel = z.object({ key: code, label: text(40), description: text(300) });

export const frameworkCompetency = z.object({
  code,
  text: text(400),
  /** The age bands whose children this competency is suggested for. */
  age_bands: z.array(code).min(1),
});

export const frameworkGoal = z.object({
  code,
  text: text(400),
  competencies: z.array(frameworkCompetency).min(1).max(60),
});

export const frameworkDomain = z.object({
  code,
  name: text(120),
  goals: z.array(frameworkGoal).min(1).max(30),
});

export const frameworkSource = z.object({
  title: text(300),
  publisher: text(200),
  year: z.number().int().min(1900).max(2100),
  url: z.url().max(500),
  /** Where in the source the goals and competencies are (chapter, section, pages). */
  where: text(300),
});

export const frameworkFile = z
  .object({
    name: text(120),
    short_name: text(30),
    source: frameworkSource,
    age_bands: z.array(frameworkAgeBand).min(1).max(12),
    levels: z.array(frameworkLevel).min(2).max(6),
    domains: z.array(frameworkDomain).min(1).max(20),
  })
  .superRefine((file, context) => {
    const bands = new Set(file.age_bands.map((band) => band.key));
    const seen = new Set<string>();
    const once = (value: string, path: (string | number)[]) => {
      if (seen.has(value)) context.addIssue({ code: "custom", params: { problem: "usedTwice", value }, path });
      seen.add(value);
    };
    file.domains.forEach((domain, d) => {
      once(domain.code, ["domains", d, "code"]);
      domain.goals.forEach((goal, g) => {
        once(goal.code, ["domains", d, "goals", g, "code"]);
        goal.competencies.forEach((competency, c) => {
          const path = ["domains", d, "goals", g, "competencies", c];
          once(competency.code, [...path, "code"]);
          for (const band of competency.age_bands) {
            if (!bands.has(band))
              context.addIssue({ code: "custom", params: { problem: "unknownBand", value: band }, path });
          }
        });
      });
    });
    const levels = new Set(file.levels.map((level) => level.key));
    if (levels.size !== file.levels.length)
      context.addIssue({ code: "custom", params: { problem: "levelsRepeat" }, path: ["levels"] });
  });
export type FrameworkFile = z.output<typeof frameworkFile>;

/**
 * What is wrong with a framework file, by kind, for a message in the reader's language
 * (`development.fileProblem.*`): the schema's own rules name theirs, zod's checks by their code.
 */
export function frameworkFileProblem(issue: z.core.$ZodIssue): { problem: FileProblem; value: string } {
  if (issue.code === "custom") {
    const params = (issue.params ?? {}) as { problem?: FileProblem; value?: string };
    return { problem: params.problem ?? "invalid", value: params.value ?? "" };
  }
  if (issue.code === "too_small") return { problem: "tooSmall", value: "" };
  if (issue.code === "too_big") return { problem: "tooBig", value: "" };
  if (issue.code === "invalid_type") return { problem: "wrongType", value: "" };
  return { problem: "invalid", value: "" };
}
export type FileProblem =
  | "bandOrder"
  | "usedTwice"
  | "unknownBand"
  | "levelsRepeat"
  | "tooSmall"
  | "tooBig"
  | "wrongType"
  | "invalid";
