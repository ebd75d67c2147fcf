import { mkdtempSync, readdirSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { buildApp } from "../app.ts";
import { auditLog } from "../db/schema/audit.ts";
import { documents } from "../db/schema/documents.ts";
import { createFileStore } from "./store.ts";
import { FILE_COLUMNS, fileColumnName, ORPHAN_AGE_MS, sweepOrphanFiles } from "./sweep.ts";

/** Issue 20, point 10: private files, the row and its audit entry together, orphans swept. */
const { database, clock } = await createTestApp();
const db = database.db;
const filesDir = path.join(mkdtempSync(path.join(tmpdir(), "sprout-files-test-")), "files");
const app = await buildApp({
  db,
  appSecret: "test-secret-".padEnd(48, "x"),
  env: "test",
  clock,
  serveWeb: false,
  filesDir,
});
await app.ready();
afterAll(() => app.close());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
function upload(name: string) {
  const boundary = "----sprout-files-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\npolicy\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const director = await signIn(app, DEMO_EMAILS.center_director);
const send = (name: string) =>
  app.inject({
    method: "POST",
    url: "/api/documents/upload",
    ...upload(name),
    headers: { ...upload(name).headers, ...director.headers },
  });

describe("stored files", () => {
  it("are readable by the server's user only: folder 0700, files 0600", async () => {
    const response = await send("Fees policy.pdf");
    expect(response.statusCode, response.body).toBe(201);
    expect(statSync(filesDir).mode & 0o777).toBe(0o700);
    const stored = readdirSync(filesDir);
    expect(stored).toHaveLength(1);
    expect(statSync(path.join(filesDir, stored[0]!)).mode & 0o777).toBe(0o600);
  });

  it("a document row is written with its audit entry or not at all, and a failed upload leaves no file", async () => {
    const before = readdirSync(filesDir).length;
    // The audit entry of an upload cannot be written: the whole upload must fail and leave nothing.
    await db.execute(
      sql`alter table audit_log add constraint refuse_uploads check (action <> 'document.upload') not valid`,
    );
    const failed = await send("Without audit.pdf");
    await db.execute(sql`alter table audit_log drop constraint refuse_uploads`);
    expect(failed.statusCode).toBe(500);
    expect(await db.select().from(documents).where(eq(documents.name, "Without audit.pdf"))).toEqual([]);
    expect(readdirSync(filesDir)).toHaveLength(before);

    const ok = await send("With audit.pdf");
    expect(ok.statusCode).toBe(201);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, ok.json().id));
    expect(audit.map((entry) => entry.action)).toEqual(["document.upload"]);
    const removed = await as(app, director).delete(`/api/documents/${ok.json().id}`);
    expect(removed.statusCode).toBe(200);
    const after = await db.select().from(auditLog).where(eq(auditLog.entityId, ok.json().id));
    expect(after.map((entry) => entry.action).sort()).toEqual(["document.delete", "document.upload"]);
  });

  it("the sweep removes files older than an hour that no row names, and keeps the rest", async () => {
    const store = createFileStore(filesDir);
    const named = readdirSync(filesDir);
    const orphan = await store.save(PDF, "pdf");
    const inFlight = await store.save(PDF, "pdf");
    const old = new Date(clock.now().getTime() - ORPHAN_AGE_MS - 60_000);
    for (const name of [...named, orphan]) utimesSync(path.join(filesDir, name), old, old);
    // A file written just now (an upload whose row is not committed yet) is older than nothing.
    const now = clock.now();
    utimesSync(path.join(filesDir, inFlight), now, now);

    expect(await sweepOrphanFiles({ db, files: store, clock })).toBe(1);
    expect(readdirSync(filesDir).sort()).toEqual([...named, inFlight].sort());
    expect(await sweepOrphanFiles({ db, files: store, clock })).toBe(0);
  });

  it("the sweep knows every column that names a stored file, so no area's files are swept away", async () => {
    const { rows } = (await db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and column_name like '%stored_name'`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    const inDatabase = rows.map((row) => `${row.table_name}.${row.column_name}`).sort();
    expect(inDatabase.length).toBeGreaterThan(0);
    expect(FILE_COLUMNS.map(fileColumnName).sort()).toEqual(inDatabase);
  });
});
