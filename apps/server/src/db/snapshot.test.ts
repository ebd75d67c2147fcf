import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { extract } from "tar-stream";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/harness.ts";
import { openDatabase } from "./client.ts";
import { rowsOf } from "./rows.ts";

async function entries(dump: Blob) {
  const names: string[] = [];
  const reader = extract();
  Readable.from(Buffer.from(await dump.arrayBuffer())).pipe(reader);
  for await (const entry of reader) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

const counts = sql`select (select count(*)::int from users) as users, (select count(*)::int from students) as children`;

describe.skipIf(process.env.DATABASE_URL)("a copy of the embedded database (backups, test files)", () => {
  it("carries only the log segment it needs and opens with every row", async () => {
    const source = await freshDatabase(true);
    try {
      const dump = await source.snapshot!(async () => {});
      const segments = (await entries(dump)).filter((name) => /pg_wal\/[0-9A-F]{24}$/.test(name));
      // PostgreSQL keeps used segments for reuse (7 more here); the copy leaves them out.
      expect(segments).toHaveLength(1);

      const copy = await openDatabase({ from: dump });
      try {
        type Counts = { users: number; children: number };
        const [expected] = rowsOf<Counts>(await source.db.execute(counts));
        const [found] = rowsOf<Counts>(await copy.db.execute(counts));
        expect(found).toEqual(expected);
        expect(found!.children).toBeGreaterThan(100);
        // And it takes writes: the log goes on from where the copy left it.
        await copy.db.execute(sql`update users set full_name = full_name`);
      } finally {
        await copy.close();
      }
    } finally {
      await source.close();
    }
  });
});
