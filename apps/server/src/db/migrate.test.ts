import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("migrations on PostgreSQL", () => {
  it("two instances starting together on an empty database both start, and each migration runs once", async () => {
    const name = `sprout_migrate_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const [first, second] = await Promise.all([
      openDatabase({ url: url.toString() }),
      openDatabase({ url: url.toString() }),
    ]);
    try {
      await Promise.all([first.migrate(), second.migrate(), first.migrate()]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const applied = await check.query(
        "select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash",
      );
      await check.end();
      expect(applied.rows.length).toBeGreaterThan(5);
      expect(applied.rows.every((row) => row.times === 1)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
