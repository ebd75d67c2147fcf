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
 * (`app.ts`, `main.ts`, `scheduled-jobs.ts`) and the areas themselves sit above them: sign-in
 * is handed the users' directory and the pushes to drop, the prune job the areas' own prunes.
 */
const LOWER = [
  /^auth\//,
  /^jobs\//,
  /^db\//,
  /^lib\//,
  /^files\//,
  /^mail\//,
  /^pdf\//,
  /^realtime\//,
  /^observability\//,
  /^openapi\//,
];
/** The demo data is every area's sample rows put together: it composes the areas' seeds. */
const COMPOSING = ["db/demo-seed.ts", "db/demo-today.ts"];

describe("layers", () => {
  it("no source file imports test code (test support lives in apps/server/test)", () => {
    const offending = sourceFiles().flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`..${path.sep}test`))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it("sign-in and the access layer, the jobs, the database and the shared layers import no area", () => {
    const lower = sourceFiles().filter(
      (file) => !COMPOSING.includes(file) && LOWER.some((folder) => folder.test(file)),
    );
    const offending = lower.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`modules${path.sep}`))
        .map((target) => `${file} imports ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
