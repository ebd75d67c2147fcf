import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../test/source-files.ts";

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** The files a source file imports, relative to src ("../test/…" for the test folder). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), "utf8");
  return [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((match) =>
    path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), match[1]!)),
  );
}

/**
 * Layers below the areas: they serve every area and know none (ADR 0053). The composition
 * (`app.ts`, `main.ts`, `scheduled-jobs.ts`) and the areas themselves sit above them.
 */
const LOWER = [/^lib\//, /^files\//, /^mail\//, /^pdf\//, /^realtime\//, /^observability\//, /^openapi\//];
const LOWER_FILES = ["auth/access.ts", "auth/caller.ts", "auth/guard.ts", "jobs/scheduler.ts", "jobs/lock.ts"];

describe("layers", () => {
  it("no source file imports test code (test support lives in apps/server/test)", () => {
    const offending = sourceFiles().flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`..${path.sep}test`))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it("the access layer, the scheduler and the shared layers import no area", () => {
    const lower = sourceFiles().filter(
      (file) => LOWER_FILES.includes(file) || LOWER.some((folder) => folder.test(file)),
    );
    const offending = lower.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`modules${path.sep}`))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
