import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../test/source-files.ts";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The access layer: the only files that may compare role names (ADR 0053). */
const ACCESS_LAYER = ["auth/access.ts", "auth/caller.ts", "auth/guard.ts"];

/**
 * A role compared by name, a role looked up in a set, or a feature asked of a role. Ordering rows
 * by a role column (`asc(budgetLimits.role)`) decides nothing and is not counted.
 */
const ROLE_CHECK = /\brole\s*[!=]==|(?<!\b(?:asc|desc)\([\w.]*)\.role\)|\bhasFeature\(|\bhasAnyFeature\(/g;

/**
 * Comparisons of a record's role, not the caller's, and how many per file: they describe data
 * (a new owner's centres, whether an edit changes someone's role, a classroom post's "lead", the
 * staff role an account holds, a filter on the role column) and grant no action. Who may do what
 * is asked of the access layer. The list only shrinks: a new comparison, or a new file with one,
 * fails, and must either go through the access layer or be shown here to be about data.
 */
const RECORD_ROLE_COMPARISONS: Record<string, number> = {
  "modules/classrooms/assignments.ts": 1,
  "modules/staff/records.ts": 1,
  "modules/users/admin-service.ts": 4,
};

describe("the access layer", () => {
  it("no file outside it compares a role, but those comparing a record's role, no more often than listed", () => {
    const found = Object.fromEntries(
      sourceFiles()
        .filter((file) => !ACCESS_LAYER.includes(file))
        .map((file) => [file, readFileSync(path.join(SRC, file), "utf8").match(ROLE_CHECK)?.length ?? 0] as const)
        .filter(([, count]) => count > 0),
    );
    expect(found).toEqual(RECORD_ROLE_COMPARISONS);
  });
});
