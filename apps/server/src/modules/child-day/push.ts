import { english } from "@sprout/shared/i18n/english";
import type { MealType } from "@sprout/shared/schemas/child-day";
import type { PushPayload } from "@sprout/shared/schemas/push";
import type { Database } from "../../db/client.ts";
import type { PushChild, PushQueue } from "../push/area.ts";

/** The entries of a child's day that are pushed to the family (the "daily activities" choice). */
export type DayPush = { kind: "food"; meal: MealType } | { kind: "sleep" } | { kind: "wake" } | { kind: "potty" };

/**
 * "Aanya: lunch recorded", opening the family's home, where the day is read; never how much was
 * eaten or the notes. The tag is per child and kind: a room logging lunch shows one line per child
 * on the phone, and the next meal replaces it.
 */
function payload(entry: DayPush, child: PushChild): PushPayload {
  const kind = entry.kind === "wake" ? "sleep" : entry.kind;
  return {
    title: english("pushText.dayTitle", {
      name: child.firstName,
      entry: entry.kind,
      meal: entry.kind === "food" ? entry.meal : "",
    }),
    body: english("pushText.dayBody"),
    url: "/dashboard",
    kind,
    tag: `${kind}:${child.id}`,
  };
}

/** Queues the entry's push to each child's guardians on the writer's transaction `tx`. */
export function pushDay(
  push: Pick<PushQueue, "toFamilies">,
  tx: Database,
  childIds: readonly string[],
  entry: DayPush,
) {
  return push.toFamilies(tx, childIds, "daily_activities", (child) => payload(entry, child));
}
