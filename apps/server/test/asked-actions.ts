import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACTIONS, type Action } from "@sprout/shared/access";
import { sourceFiles } from "./source-files.ts";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

/** A quoted "area.verb", as the source names an action. */
const NAMED = /"([A-Za-z]+\.[A-Za-z]+)"/g;

/**
 * The actions the source names, with the files that name each: a route declares its action by
 * name, and a rule within an answer (who may appoint a director) asks the access layer by name.
 * An action no route takes is still taken when the source asks it; the access table names those
 * files.
 */
export function askedActions(): Map<Action, string[]> {
  const asked = new Map<Action, string[]>();
  for (const file of sourceFiles()) {
    for (const [, name] of readFileSync(path.join(SRC, file), "utf8").matchAll(NAMED)) {
      if (!(name! in ACTIONS)) continue;
      const files = asked.get(name as Action) ?? [];
      if (!files.includes(file)) asked.set(name as Action, [...files, file]);
    }
  }
  return asked;
}
