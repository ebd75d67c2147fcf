import { english } from "@sprout/shared/i18n/english";
import type { Database } from "../../db/client.ts";
import type { PushQueue } from "../push/area.ts";

/**
 * "Aanya: 3 new photos" to the family of each child in them (their "photos" choice), opening the
 * portfolio; never the caption. One line per child on the phone: the next upload replaces it.
 */
export function pushPhotos(
  push: Pick<PushQueue, "toFamilies">,
  tx: Database,
  childIds: readonly string[],
  count: number,
) {
  return push.toFamilies(tx, childIds, "photos", (child) => ({
    title: english("pushText.photosTitle", { name: child.firstName, count }),
    body: english("pushText.photosBody", { count }),
    url: "/digital-portfolio",
    kind: "photo",
    tag: `photos:${child.id}`,
  }));
}
