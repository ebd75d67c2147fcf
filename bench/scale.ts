/**
 * What the scale benches share: the organisation grown to 20 centres and 10,000 children, the
 * demo password's sign-in, percentiles, and a run on each database (embedded, then PostgreSQL).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";

/**
 * More centres up to `centres`, and the children the demo lacks up to `children`, active, in
 * numbered rooms ("Bench Room 0", …) of `roomSize` spread over every centre; each bench child is
 * called "Bench<n>".
 */
export async function growCentresAndChildren(
  db: Database,
  { centres, children, roomSize }: { centres: number; children: number; roomSize: number },
) {
  const [{ existing }] = rowsOf<{ existing: number }>(
    await db.execute(sql`select count(*)::int as existing from centers`),
  ) as [{ existing: number }];
  await db.execute(sql`
    insert into centers (organisation_id, center_name, address, city, capacity)
    select o.id, 'Bench Centre ' || n, n || ' Bench Road', 'Bengaluru', 600
    from generate_series(1, ${centres - existing}) n
    cross join (select id from organisations order by created_at limit 1) o`);
  const [{ demoChildren }] = rowsOf<{ demoChildren: number }>(
    await db.execute(sql`select count(*)::int as "demoChildren" from students`),
  ) as [{ demoChildren: number }];
  const added = children - demoChildren;
  await db.execute(sql`
    insert into classrooms (center_id, name)
    select c.id, 'Bench Room ' || k
    from generate_series(0, ${Math.ceil(added / roomSize) - 1}) k
    join lateral (select id from centers order by created_at, id offset (k % ${centres}) limit 1) c on true`);
  await db.execute(sql`
    insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name,
                          monthly_fee_paise)
    select r.center_id, r.id, 'Bench' || n, 'Child' || (n % 97), 'active', date '2026-04-01',
           'Pre-school - KINDY', 1200000
    from generate_series(0, ${added - 1}) n
    join classrooms r on r.name = 'Bench Room ' || (n / ${roomSize})`);
}

/** The headers of a signed-in caller (demo password). */
export async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status} ${await response.text()}`);
  const login = (await response.json()) as { token: string; sessionToken: string; csrfToken: string };
  return {
    authorization: `Bearer ${login.token}`,
    "x-session-token": login.sessionToken,
    "x-csrf-token": login.csrfToken,
  };
}

/** The p-th percentile (0-100) of the samples. */
export function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Opened = Awaited<ReturnType<typeof openDatabase>>;

/** One database to run against: how to open it in process, and the server's environment for it. */
export interface BenchDatabase {
  name: "embedded" | "PostgreSQL";
  open: () => Promise<Opened>;
  env: Record<string, string>;
}

/**
 * Runs `run` on a fresh embedded database, then on a fresh PostgreSQL database (DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test; created and dropped), skipped when none answers.
 * BENCH_DB=embedded|postgres runs one.
 */
export async function onEachDatabase(slug: string, run: (database: BenchDatabase) => Promise<void>) {
  const databases = (process.env.BENCH_DB ?? "embedded,postgres").split(",");
  if (databases.includes("embedded")) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `sprout-bench-${slug}-`));
    try {
      await run({
        name: "embedded",
        open: () => openDatabase({ dataDir: embeddedDataDir(dataDir) }),
        env: { DATA_DIR: dataDir },
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (databases.includes("postgres")) {
    const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
    } catch (error) {
      console.log(`PostgreSQL not reachable at ${serverUrl}: ${(error as Error).message}; skipped`);
      return;
    }
    const name = `sprout_bench_${slug.replaceAll("-", "_")}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), `sprout-bench-${slug}-pg-`));
    try {
      await run({
        name: "PostgreSQL",
        open: () => openDatabase({ url: url.toString() }),
        env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, APP_SECRET: "bench-secret-".repeat(4) },
      });
    } finally {
      // BENCH_KEEP_DB=1 leaves the grown database for EXPLAIN ANALYZE by hand.
      if (process.env.BENCH_KEEP_DB === "1") console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
