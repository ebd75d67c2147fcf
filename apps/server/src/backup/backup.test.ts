import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { pack } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { buildApp } from "../app.ts";
import { type Database, type DatabaseHandle, embeddedDataDir, openDatabase } from "../db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../db/demo-seed.ts";
import { createFileStore } from "../files/store.ts";
import { FILE_COLUMNS } from "../files/sweep.ts";
import { claimDataDir, controlSocket, type DataDirClaim } from "./control-socket.ts";
import { restoreBackup } from "./restore.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const SECRET = "backup-test-secret-".padEnd(64, "s");
/** The push keys as config.ts keeps them: a restore without them would end every phone's subscription. */
const VAPID_KEYS = JSON.stringify(webpush.generateVAPIDKeys());
const sha = (content: Buffer) => createHash("sha256").update(content).digest("hex");

/** Runs a CLI as `npm run backup` / `npm run restore` do (tsx), on the embedded database only. */
function cli(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, STORAGE_URL: _storage, APP_SECRET: _secret, ...inherited } = process.env;
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", path.join(root, "apps/server/src/cli", `${name}.ts`), ...args],
      { cwd: root, env: { ...inherited, ...env }, timeout: 240_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/** Rows of a query, on the embedded database (its result carries `rows`). */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every table's row count and a hash of its rows, in a stable order. */
async function tables(db: Database): Promise<Map<string, string>> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  );
  const result = new Map<string, string>();
  for (const { name } of names) {
    const [row] = await rowsOf<{ rows: number; hash: string | null }>(
      db,
      sql.raw(`select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as hash from ${name} t`),
    );
    result.set(name, `${row!.rows} ${row!.hash ?? ""}`);
  }
  return result;
}

/** Stored names in every column that names a file, from any table. */
async function namedFiles(db: Database): Promise<string[]> {
  const names: string[] = [];
  for (const column of FILE_COLUMNS) {
    const rows = await db.select({ name: column }).from(column.table);
    for (const row of rows) if (row.name) names.push(row.name as string);
  }
  return names;
}

let base = "";
let live = "";
let database: DatabaseHandle;
let app: FastifyInstance;
let claim: DataDirClaim;
let headers: Record<string, string> = {};

async function startServer(dataDir: string) {
  const held = await claimDataDir(dataDir, "The Sprout server");
  const handle = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
  await handle.migrate();
  const files = createFileStore(path.join(dataDir, "files"));
  const server = await buildApp({
    db: handle.db,
    listen: handle.listen,
    probe: handle.probe,
    appSecret: (await readFile(path.join(dataDir, "app-secret"), "utf8")).trim(),
    env: "test",
    files,
    serveWeb: false,
  });
  await server.ready();
  held.serve({ database: handle, dataDir, filesDir: path.join(dataDir, "files"), log: server.log });
  return { held, handle, server, files };
}

async function signIn(server: FastifyInstance) {
  const response = await server.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: "director@sprout.test", password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return {
    authorization: `Bearer ${body.token}`,
    "x-session-token": body.sessionToken,
    "x-csrf-token": body.csrfToken,
  };
}

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), "sprout-backup-"));
  live = path.join(base, "live");
  await mkdir(live);
  await writeFile(path.join(live, "app-secret"), SECRET, { mode: 0o600 });
  await writeFile(path.join(live, "vapid-keys.json"), VAPID_KEYS, { mode: 0o600 });
  const started = await startServer(live);
  ({ held: claim, handle: database, server: app } = started);
  // The demo data, with the portfolio's photos in the file store, as `npm start` makes it.
  await seedDemoData(database.db, new Date(), started.files);
  headers = await signIn(app);
  await database.db.execute(sql`create table backup_probe_counter (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into backup_probe_counter values (1, 0)`);
  await database.db.execute(sql`create table backup_probe_events (n int primary key)`);
});

afterAll(async () => {
  await app?.close();
  await claim?.close();
  if (database) await database.close().catch(() => {});
  if (base) await rm(base, { recursive: true, force: true });
});

function uploadBody(content: Buffer) {
  const boundary = "----sprout-backup-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nreport\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

type Op = { kind: "upload"; id: string; sha: string } | { kind: "delete"; id: string };

describe("backup and restore of the embedded database and the stored files", () => {
  const ops: Op[] = [];
  let stop = false;
  let probeCount = 0;
  let unchanged = new Map<string, string>();
  /** The writers' progress when the backup command started and when it ended. */
  const progress = { ops: [0, 0], probes: [0, 0] };

  /** Uploads documents through the API and deletes every third one, one call at a time. */
  async function apiWrites() {
    const kept: string[] = [];
    while (!stop) {
      const content = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(20_000 + (ops.length % 7) * 10_000)]);
      const body = uploadBody(content);
      const response = await app.inject({
        method: "POST",
        url: "/api/documents/upload",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().id as string;
      ops.push({ kind: "upload", id, sha: sha(content) });
      kept.push(id);
      if (ops.length % 3 === 2) {
        const gone = kept.shift()!;
        const deleted = await app.inject({ method: "DELETE", url: `/api/documents/${gone}`, headers });
        expect(deleted.statusCode, deleted.body).toBeLessThan(300);
        ops.push({ kind: "delete", id: gone });
      }
    }
  }

  /** A row in one table and the counter in another, always in one transaction. */
  async function databaseWrites() {
    while (!stop) {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into backup_probe_events values (${probeCount + 1})`);
        await tx.execute(sql`update backup_probe_counter set n = ${probeCount + 1}`);
      });
      probeCount += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  it("takes a backup through the running server while writes go on, and restores one consistent moment", async () => {
    const before = await tables(database.db);
    stop = false;
    const writers = Promise.all([apiWrites(), databaseWrites()]);
    try {
      while (ops.length < 12) await new Promise((resolve) => setTimeout(resolve, 50));
      progress.ops[0] = ops.length;
      progress.probes[0] = probeCount;
      const backup = await cli("backup", ["--out", path.join(base, "live.tar.gz")], { DATA_DIR: live });
      progress.ops[1] = ops.length;
      progress.probes[1] = probeCount;
      expect(backup.out).toContain("by the running server");
      expect(backup.code, backup.out).toBe(0);
      while (ops.length < progress.ops[1]! + 3) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      stop = true;
      await writers;
    }
    // The writers did not wait for the backup: uploads, deletions and probes went on meanwhile.
    const during = ops.slice(progress.ops[0], progress.ops[1]);
    expect(during.filter((op) => op.kind === "delete").length).toBeGreaterThan(0);
    expect(progress.probes[1]! - progress.probes[0]!).toBeGreaterThan(10);
    const after = await tables(database.db);
    const written = [
      "public.documents",
      "public.audit_log",
      "public.backup_probe_events",
      "public.backup_probe_counter",
    ];
    unchanged = new Map([...after].filter(([name, value]) => before.get(name) === value));
    // Only the writers' tables change (sign-ins and sessions happened before `before`).
    expect([...after.keys()].filter((name) => !unchanged.has(name)).sort()).toEqual(written.sort());

    const restoredDir = path.join(base, "restored");
    const restore = await cli("restore", [path.join(base, "live.tar.gz")], { DATA_DIR: restoredDir });
    expect(restore.code, restore.out).toBe(0);
    expect(await readFile(path.join(restoredDir, "app-secret"), "utf8")).toBe(SECRET);
    expect(await readFile(path.join(restoredDir, "vapid-keys.json"), "utf8")).toBe(VAPID_KEYS);
    const restored = await openDatabase({ dataDir: embeddedDataDir(restoredDir) });
    try {
      const db = restored.db;
      // The tables nobody wrote to are as they were, row for row.
      const copy = await tables(db);
      for (const [name, value] of unchanged) expect(copy.get(name), name).toBe(value);

      // Both rows of every probe transaction, or neither: the events are exactly 1..n.
      const [probe] = await rowsOf<{ n: number; events: number; low: number | null; high: number | null }>(
        db,
        sql`select (select n from backup_probe_counter) as n, count(*)::int as events, min(n) as low, max(n) as high
            from backup_probe_events`,
      );
      // Taken at one moment while the command ran.
      expect(probe!.n).toBeGreaterThanOrEqual(progress.probes[0]!);
      expect(probe!.n).toBeLessThanOrEqual(progress.probes[1]! + 1);
      expect(probe).toEqual({ n: probe!.n, events: probe!.n, low: 1, high: probe!.n });

      // The documents and their audit rows are those after exactly the first k API calls.
      const ours = new Set(ops.map((op) => op.id));
      const documentIds = (await rowsOf<{ id: string }>(db, sql`select id from documents`))
        .map((row) => row.id)
        .filter((id) => ours.has(id));
      const audits = (
        await rowsOf<{ action: string; entity_id: string }>(
          db,
          sql`select action, entity_id from audit_log where action in ('document.upload', 'document.delete')`,
        )
      ).filter((row) => ours.has(row.entity_id));
      const state = (k: number) => {
        const done = ops.slice(0, k);
        const deleted = new Set(done.filter((op) => op.kind === "delete").map((op) => op.id));
        return {
          documents: done.filter((op) => op.kind === "upload" && !deleted.has(op.id)).map((op) => op.id),
          audits: done.map((op) => `${op.kind === "upload" ? "document.upload" : "document.delete"} ${op.id}`),
        };
      };
      const seen = {
        documents: [...documentIds].sort(),
        audits: audits.map((row) => `${row.action} ${row.entity_id}`).sort(),
      };
      const k = seen.audits.length;
      expect(k).toBeGreaterThanOrEqual(progress.ops[0]!);
      expect(k).toBeLessThanOrEqual(progress.ops[1]! + 1);
      expect(seen).toEqual({ documents: state(k).documents.sort(), audits: state(k).audits.sort() });

      // Every file a row names is there, with the bytes uploaded (or the live store's bytes).
      const uploaded = new Map(ops.flatMap((op) => (op.kind === "upload" ? [[op.id, op.sha]] : [])));
      const stored = await rowsOf<{ id: string; stored_name: string }>(db, sql`select id, stored_name from documents`);
      const names = await namedFiles(db);
      expect(names.length).toBeGreaterThan(documentIds.length);
      for (const name of names) {
        const content = await readFile(path.join(restoredDir, "files", name));
        const document = stored.find((row) => row.stored_name === name);
        if (document && uploaded.has(document.id)) expect(sha(content), name).toBe(uploaded.get(document.id));
        else expect(content.equals(await readFile(path.join(live, "files", name))), name).toBe(true);
      }
    } finally {
      await restored.close();
    }

    // The restored folder is a working Sprout: it signs in and serves a restored document.
    const server = await startServer(restoredDir);
    try {
      const signedIn = await signIn(server.server);
      const [document] = await rowsOf<{ id: string }>(
        server.handle.db,
        sql`select id from documents where id in (${sql.join(
          ops.map((op) => sql`${op.id}`),
          sql`, `,
        )}) limit 1`,
      );
      const file = await server.server.inject({ url: `/api/documents/${document!.id}/file`, headers: signedIn });
      expect(file.statusCode).toBe(200);
      const upload = ops.find((op) => op.id === document!.id && op.kind === "upload") as { sha: string };
      expect(sha(file.rawPayload)).toBe(upload.sha);
    } finally {
      await server.server.close();
      await server.held.close();
      await server.handle.close();
    }
  }, 300_000);

  it("refuses a second process on a DATA_DIR that is held, a socket path too long, and PostgreSQL", async () => {
    await expect(claimDataDir(live, "A backup")).rejects.toThrow(/Another Sprout process .* is using/);
    // The system would cut a longer socket path short and put the socket elsewhere.
    expect(() => controlSocket(`/tmp/${"d".repeat(90)}`)).toThrow(/too long a path for its control socket/);
    const postgres = await cli("backup", ["--out", path.join(base, "pg.tar")], {
      DATA_DIR: live,
      DATABASE_URL: "postgres://sprout@localhost:5432/sprout",
    });
    expect(postgres.code).toBe(1);
    expect(postgres.out).toContain("pg_dump -Fc");
    expect(postgres.out).toContain('"Backup and restore" in README.md');
    expect(existsSync(path.join(base, "pg.tar"))).toBe(false);
  }, 60_000);

  it("restores only into an empty folder, and only a whole Sprout backup", async () => {
    const full = path.join(base, "live.tar.gz");
    const nonEmpty = path.join(base, "non-empty");
    await mkdir(nonEmpty);
    await writeFile(path.join(nonEmpty, "notes.txt"), "mine");
    const refused = await cli("restore", [full], { DATA_DIR: nonEmpty });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/non-empty is not empty \(notes\.txt\)\. A restore goes only into an empty/);
    expect(await readdir(nonEmpty)).toEqual(["notes.txt"]);

    const text = path.join(base, "notes.tar");
    await writeFile(text, "not an archive at all\n".repeat(100));
    const otherTar = path.join(base, "other.tar");
    const other = pack();
    other.entry({ name: "hello.txt" }, "hello");
    other.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of other) chunks.push(chunk as Buffer);
    await writeFile(otherTar, Buffer.concat(chunks));
    const cut = path.join(base, "cut.tar.gz");
    await writeFile(cut, await readFile(full));
    await truncate(cut, Math.floor((await readFile(full)).length / 2));

    const target = path.join(base, "empty");
    await mkdir(target);
    await expect(restoreBackup(text, target)).rejects.toThrow(/^This is not a Sprout backup/);
    await expect(restoreBackup(otherTar, target)).rejects.toThrow(
      "This is not a Sprout backup (it starts with hello.txt)",
    );
    await expect(restoreBackup(cut, target)).rejects.toThrow(/^The backup is damaged or incomplete/);
    // Each failed restore left the folder as it found it: empty.
    expect(await readdir(target)).toEqual([]);
  }, 60_000);

  it("backs up without a server by opening DATA_DIR itself, once the server has stopped", async () => {
    await app.close();
    await claim.close();
    await database.close();
    const reopened = await openDatabase({ dataDir: embeddedDataDir(live) });
    const final = await tables(reopened.db);
    const finalFiles = await namedFiles(reopened.db);
    await reopened.close();

    // A database left open (a server without the socket, or one that stopped abruptly) is not touched.
    await writeFile(path.join(live, "db", "postmaster.pid"), "-42\n");
    const refused = await cli("backup", ["--out", path.join(base, "offline.tar")], { DATA_DIR: live });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("Start Sprout and run the backup again");
    await rm(path.join(live, "db", "postmaster.pid"));

    const backup = await cli("backup", ["--out", path.join(base, "offline.tar")], { DATA_DIR: live });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).not.toContain("by the running server");
    const restoredDir = path.join(base, "offline");
    await restoreBackup(path.join(base, "offline.tar"), restoredDir);
    const restored = await openDatabase({ dataDir: embeddedDataDir(restoredDir) });
    try {
      expect(await tables(restored.db)).toEqual(final);
    } finally {
      await restored.close();
    }
    for (const name of finalFiles) {
      const copy = await readFile(path.join(restoredDir, "files", name));
      expect(copy.equals(await readFile(path.join(live, "files", name))), name).toBe(true);
    }
  }, 240_000);
});
