/**
 * `npm run bench` (second part): billing at scale.
 *
 * 1. Monthly generation for 30,000 students, on the embedded database and on PostgreSQL
 *    (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; a fresh database is created and
 *    dropped), reported as a ratio to one hand-written INSERT ... SELECT that makes the same
 *    invoices and lines in the same run (3 rounds each, alternating, median).
 * 2. Through the real server: GET /api/health answered while POST /api/invoices/generate-monthly
 *    bills the current month for every student (p50, p99 and the slowest answer, two clients
 *    calling back to back), then the invoice list at 100,000 invoices: p99 of a filtered page
 *    (status + child name, 10 per page) under load (autocannon, 10 connections).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { monthlyGenerationStatement } from "../apps/server/src/modules/billing/generation.ts";
import { createBillingService } from "../apps/server/src/modules/billing/service.ts";

const STUDENTS = 30_000;
const LIST_INVOICES = 100_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The demo organisation plus 30,000 more students spread over its three centres. */
async function prepare(db: Database) {
  await seedDemoData(db, new Date("2026-11-20T06:30:00Z"));
  await db.execute(sql`
    insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name, monthly_fee_paise)
    select c.id, r.id, 'Bench' || n, 'Student' || (n % 97), 'active', date '2026-04-01',
           'Pre-school - KINDY', case when n % 3 = 0 then null else 1200000 + (n % 5) * 50000 end
    from generate_series(1, ${STUDENTS}) n
    join lateral (select id from centers order by id offset (n % 3) limit 1) c on true
    join lateral (select id from classrooms where center_id = c.id order by id limit 1) r on true`);
  // Fee structures for the next academic years too, so every measured month bills everyone.
  for (const year of ["2027-28", "2028-29"]) {
    await db.execute(sql`
      insert into fee_structures (organisation_id, program_name, program_type, age_group, academic_year, service_hours, monthly_fee_paise)
      select organisation_id, program_name, program_type, age_group, ${year}, service_hours, monthly_fee_paise
      from fee_structures where academic_year = '2026-27'`);
  }
}

const allCentres = async (db: Database) =>
  rowsOf<{ id: string }>(await db.execute(sql`select id from centers`)).map((row) => row.id);

/** The hand-written baseline: the same invoices and tuition lines, without the skip reasons. */
function handWritten(centerIds: string[], now: Date) {
  return sql`
    with inserted as (
      insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, billing_month, description,
                            issue_date, due_date, total_paise, status, created_at, updated_at)
      select c.organisation_id, s.center_id, s.id,
             'INV-' || to_char(d.today, 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
             'monthly', date_trunc('month', d.today)::date, 'Monthly fee', d.today, d.today + 30,
             coalesce(s.monthly_fee_paise, fs.monthly_fee_paise), 'Pending', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from students s
      join centers c on c.id = s.center_id
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone c.time_zone)::date as today) d
      left join fee_structures fs on fs.organisation_id = c.organisation_id and fs.program_name = s.program_name
        and fs.academic_year = (extract(year from d.today)::int - (extract(month from d.today)::int < 4)::int)::text || '-' ||
            lpad(((extract(year from d.today)::int - (extract(month from d.today)::int < 4)::int + 1) % 100)::text, 2, '0')
      where c.id = any(${`{${centerIds.join(",")}}`}::uuid[]) and s.status = 'active'
        and coalesce(s.monthly_fee_paise, fs.monthly_fee_paise) is not null
      on conflict do nothing
      returning id, total_paise
    )
    insert into invoice_lines (invoice_id, position, description, amount_paise)
    select id, 0, 'Monthly fee', total_paise from inserted`;
}

async function timed(work: () => Promise<unknown>) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Months from January 2027 on, one per measured run, so that every run inserts afresh. */
const monthInstant = (index: number) => new Date(Date.UTC(2027, index, 15, 6, 30));

async function generationFigures(db: Database, label: string) {
  const centerIds = await allCentres(db);
  const ours: number[] = [];
  const baseline: number[] = [];
  let month = 0;
  let created = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const runOurs = async () => {
      const now = monthInstant(month++);
      ours.push(
        await timed(async () => {
          const [row] = rowsOf<{ created: number }>(
            await db.transaction((tx) => tx.execute(monthlyGenerationStatement(centerIds, now, null))),
          );
          created = row!.created;
        }),
      );
    };
    const runBaseline = async () => {
      const now = monthInstant(month++);
      baseline.push(await timed(() => db.transaction((tx) => tx.execute(handWritten(centerIds, now)))));
    };
    // Alternate the order so that a growing table does not favour one side.
    if (round % 2 === 0) {
      await runOurs();
      await runBaseline();
    } else {
      await runBaseline();
      await runOurs();
    }
  }
  const figure = { label, created, ours: median(ours), baseline: median(baseline) };
  console.log(
    `${label.padEnd(12)} ${String(created).padStart(7)} invoices   generate-monthly ${figure.ours.toFixed(0).padStart(6)} ms   hand-written INSERT ... SELECT ${figure.baseline.toFixed(0).padStart(6)} ms   ratio ${(figure.ours / figure.baseline).toFixed(2)}x`,
  );
  return month;
}

/** Fills up to 100,000 invoices with more months, then marks the old ones overdue. */
async function fillInvoices(db: Database, firstMonth: number) {
  const centerIds = await allCentres(db);
  let month = firstMonth;
  for (;;) {
    const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from invoices`));
    if (row!.count >= LIST_INVOICES) return row!.count;
    await db.transaction((tx) => tx.execute(monthlyGenerationStatement(centerIds, monthInstant(month++), null)));
  }
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    // Not NODE_ENV=production: it refuses demo accounts that keep the published password.
    env: {
      ...process.env,
      APP_SECRET: "bench-secret-".repeat(4),
      ...env,
      PORT: String(port),
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      DEMO_DATA: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}

/** Health answers while the current month is generated for every student through the API. */
async function healthDuringGeneration(label: string, base: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let running = true;
  const poll = async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      latencies.push(performance.now() - start);
    }
  };
  const pollers = [poll(), poll()];
  const start = performance.now();
  const response = await fetch(`${base}/api/invoices/generate-monthly`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: "{}",
  });
  const took = performance.now() - start;
  running = false;
  await Promise.all(pollers);
  const answer = (await response.json()) as { created?: number; error?: string };
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  console.log(
    `${label.padEnd(12)} generate-monthly ${String(answer.created ?? answer.error).padStart(7)} invoices in ${took.toFixed(0).padStart(6)} ms;` +
      ` GET /api/health meanwhile: ${sorted.length} answers, p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, slowest ${at(1).toFixed(0)} ms`,
  );
}

async function listFigures(label: string, env: Record<string, string>) {
  const { child, base } = await startServer(env);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "finance@sprout.test", password: DEMO_PASSWORD }),
    }).then((response) => response.json());
    const headers = { authorization: `Bearer ${login.token}`, "x-session-token": login.sessionToken };
    await healthDuringGeneration(label, base, { ...headers, "x-csrf-token": login.csrfToken });
    const check = await fetch(`${base}/api/invoices?status=Overdue&child_name=Student4&limit=10`, { headers }).then(
      (response) => response.json(),
    );
    const run = (url: string) => autocannon({ url: `${base}${url}`, headers, connections: 10, duration: DURATION });
    const health = await autocannon({ url: `${base}/api/health`, connections: 10, duration: DURATION });
    const filtered = await run("/api/invoices?status=Overdue&child_name=Student4&limit=10&page=2");
    const firstPage = await run("/api/invoices?limit=10");
    for (const [name, result] of [
      ["GET /api/health", health],
      ["invoices: first page", firstPage],
      ["invoices: status + name", filtered],
    ] as const) {
      console.log(
        `${label.padEnd(12)} ${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`,
      );
    }
    console.log(`${label.padEnd(12)} (filtered query matches ${check.pagination?.total_items ?? "?"} of the invoices)`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function main() {
  console.log(`\nBilling benchmark: ${STUDENTS} students, then ${LIST_INVOICES} invoices\n`);

  // Embedded database (PGlite in DATA_DIR/db, as `npm start` uses it).
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-billing-"));
  try {
    const embedded = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await embedded.migrate();
    await prepare(embedded.db);
    const next = await generationFigures(embedded.db, "embedded");
    const total = await fillInvoices(embedded.db, next);
    await createBillingService({ db: embedded.db, clock: { now: () => new Date() } }).markOverdue(monthInstant(8));
    await embedded.db.execute(sql`vacuum analyze`);
    console.log(`embedded     ${total} invoices in the list`);
    await embedded.close();
    await listFigures("embedded", { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // PostgreSQL server.
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `sprout_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${serverUrl}: ${(error as Error).message}; skipped`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDirPg = mkdtempSync(path.join(tmpdir(), "sprout-bench-billing-pg-"));
  try {
    const postgres = await openDatabase({ url: url.toString() });
    await postgres.migrate();
    await prepare(postgres.db);
    const next = await generationFigures(postgres.db, "postgres");
    const total = await fillInvoices(postgres.db, next);
    await createBillingService({ db: postgres.db, clock: { now: () => new Date() } }).markOverdue(monthInstant(8));
    // Steady state: autovacuum would have run on a live server (visibility map for index-only counts).
    await postgres.db.execute(sql`vacuum analyze`);
    console.log(`postgres     ${total} invoices in the list`);
    await postgres.close();
    await listFigures("postgres", { DATABASE_URL: url.toString(), DATA_DIR: dataDirPg });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDirPg, { recursive: true, force: true });
  }
}

await main();
