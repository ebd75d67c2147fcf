import { asc, inArray } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Centre } from "./figures.ts";
import { chosenCentre } from "./policy.ts";

/**
 * The centre a call is about, among the caller's own (in name order, for an owner's or super
 * admin's picker). Another centre's id answers 404.
 */
export async function resolveCentre(
  db: Database,
  caller: Caller,
  requested: string | undefined,
): Promise<Centre & { centres: { id: string; name: string }[] }> {
  const scope = await caller.scope();
  const rows =
    scope.centerIds.length === 0
      ? []
      : await db
          .select({ id: centers.id, name: centers.name, capacity: centers.capacity, timeZone: centers.timeZone })
          .from(centers)
          .where(inArray(centers.id, scope.centerIds))
          .orderBy(asc(centers.name), asc(centers.id));
  const id = chosenCentre(
    caller,
    scope,
    requested,
    rows.map((row) => row.id),
  );
  const centre = rows.find((row) => row.id === id)!;
  return { ...centre, centres: rows.map(({ id, name }) => ({ id, name })) };
}
