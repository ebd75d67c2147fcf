import type { Database } from "../../db/client.ts";
import { policies } from "../../db/schema/policies.ts";

/** One policy for the demo centre's staff and families, published by its director. */
export async function seedPoliciesDemo(db: Database, centreId: string, directorId: string, now: Date) {
  await db.insert(policies).values({
    centerId: centreId,
    title: "Illness and exclusion policy",
    body: "A child with a fever of 38 °C or more, vomiting or diarrhoea goes home and stays away for 48 hours after the last symptom. Staff follow the same rule. Tell the centre the same morning if your child is unwell.",
    audience: "both",
    effectiveDate: now.toISOString().slice(0, 10),
    publishedBy: directorId,
    publishedAt: now,
  });
}
