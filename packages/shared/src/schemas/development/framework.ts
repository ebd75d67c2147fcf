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
  .refine((band) => band.to_months > band.from_months, { message: "An age band must end after it starts" });

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
      if (seen.has(value)) context.addIssue({ code: "custom", message: `"${value}" is used twice`, path });
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
            if (!bands.has(band)) context.addIssue({ code: "custom", message: `Unknown age band "${band}"`, path });
          }
        });
      });
    });
    const levels = new Set(file.levels.map((level) => level.key));
    if (levels.size !== file.levels.length) context.addIssue({ code: "custom", message: "Level keys must differ" });
  });
export type FrameworkFile = z.output<typeof frameworkFile>;
