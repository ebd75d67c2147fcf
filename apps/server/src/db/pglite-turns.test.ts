import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { takeTurns } from "./pglite-turns.ts";

// The run's migrated template opens in half a second; a new cluster (initdb) takes five.
const templates = inject("databaseTemplates");
const pglite = new PGlite(
  "memory://",
  templates.kind === "pglite" ? { loadDataDir: new Blob([await readFile(templates.migrated)]) } : {},
);
await pglite.waitReady;
afterAll(() => pglite.close());

/** Runs a statement through the turns and notes when it answered. */
function noting(turns: ReturnType<typeof takeTurns>, ran: string[], name: string) {
  return turns.client.query(`select '${name}' as name`).then((result) => {
    ran.push((result.rows[0] as { name: string }).name);
  });
}

describe("statements on the embedded database", () => {
  it("run in the order they were asked for", async () => {
    const turns = takeTurns(pglite);
    const ran: string[] = [];
    await Promise.all(["a", "b", "c"].map((name) => noting(turns, ran, name)));
    expect(ran).toEqual(["a", "b", "c"]);
  });

  it("a health probe goes before every waiting statement", async () => {
    const turns = takeTurns(pglite);
    const ran: string[] = [];
    const queued = ["a", "b", "c"].map((name) => noting(turns, ran, name));
    const probed = turns.probe().then((answer) => ran.push(`probe ${answer}`));
    await Promise.all([...queued, probed]);
    // "a" was already running when the probe arrived.
    expect(ran).toEqual(["a", "probe true", "b", "c"]);
  });

  it("a transaction holds the database until it ends; a failed statement frees it", async () => {
    const turns = takeTurns(pglite);
    const ran: string[] = [];
    const transaction = turns.client.transaction(async (tx) => {
      await tx.query("select 1");
      ran.push("transaction");
    });
    const failed = turns.client.query("select * from nowhere").catch(() => ran.push("failed"));
    const after = noting(turns, ran, "after");
    await Promise.all([transaction, failed, after]);
    expect(ran).toEqual(["transaction", "failed", "after"]);
  });
});
