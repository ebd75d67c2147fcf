import { readFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "../../src/db/client.ts";
import { developmentFrameworks } from "../../src/db/schema/development.ts";
import { organisations } from "../../src/db/schema/organisations.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
/** The EYFS example file (docs/frameworks): a real framework of the shape an organisation uploads. */
export const EYFS_FILE = readFileSync(path.join(ROOT, "docs/frameworks/eyfs-2024.json"), "utf8");

/**
 * Another organisation's own framework, for the matrix's stranger calls on frameworks (every
 * allowed role must get 404). Test data only.
 */
export async function developmentFrameworksMatrixRecords(db: Database) {
  const [organisation] = await db
    .insert(organisations)
    .values({ name: "Another Group's Frameworks" })
    .returning({ id: organisations.id });
  const [framework] = await db
    .insert(developmentFrameworks)
    .values({
      organisationId: organisation!.id,
      shortName: "EYFS 2024",
      definition: JSON.parse(EYFS_FILE),
      uploadedAt: new Date("2026-11-01T00:00:00Z"),
    })
    .returning({ id: developmentFrameworks.id });
  return { strangerFramework: framework!.id };
}
