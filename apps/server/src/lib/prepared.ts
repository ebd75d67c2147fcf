import { createHash } from "node:crypto";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Scope } from "../auth/caller.ts";

interface Preparable<Prepared> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared;
}

/**
 * The hot list queries of one service, each built once per shape and then only executed.
 *
 * Drizzle otherwise builds a query's SQL on every call, which was the largest part of a list
 * call's server time; on PostgreSQL a named statement is also parsed once per connection. The
 * shape names everything that changes the SQL text (which filters are on); every value goes in
 * as a placeholder. The statement's name is a digest of its text, so two shapes never share one.
 */
export function preparedQueries() {
  const built = new Map<string, unknown>();
  return function prepared<Prepared>(shape: string, build: () => Preparable<Prepared>): Prepared {
    const found = built.get(shape);
    if (found) return found as Prepared;
    const query = build();
    const digest = createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 32);
    const statement = query.prepare(`q_${digest}`);
    built.set(shape, statement);
    return statement;
  };
}

/** `column = any(ids)`, the ids given at execution as `idList(...)` under `name`. */
export const anyOf = (column: AnyColumn, name: string): SQL => sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/** The value for `anyOf`: a PostgreSQL array literal of UUIDs (ids come from the caller's scope). */
export const idList = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** Which of the scope's filters a prepared list needs: a family's own children, one chosen centre. */
export const scopeShape = (scope: Scope, centerId: string | undefined) => ({
  family: Boolean(scope.childIds),
  centre: Boolean(centerId),
});

/**
 * The scope's filters of a prepared list, as placeholders: the caller's centres, a family's own
 * children, and the one centre asked for. `scopeValues` gives their values.
 */
export function scopeFilters(
  columns: { centre: AnyColumn; child: AnyColumn },
  shape: ReturnType<typeof scopeShape>,
): SQL[] {
  const conditions = [anyOf(columns.centre, "centres")];
  if (shape.family) conditions.push(anyOf(columns.child, "children"));
  if (shape.centre) conditions.push(sql`${columns.centre} = ${sql.placeholder("centre")}`);
  return conditions;
}

export const scopeValues = (scope: Scope, centerId: string | undefined) => ({
  centres: idList(scope.centerIds),
  children: idList(scope.childIds ?? []),
  centre: centerId,
});
