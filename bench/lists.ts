/**
 * `npm run bench` (lists): what a user waits on when a centre grows.
 *
 * On PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; a fresh database is
 * created and dropped) every list route is measured with autocannon at 50 connections after a
 * warm-up, as the super admin (widest scope) and as a centre role, first with the demo data
 * (150 children) and again after the bench grows it to 10,000 children, 100,000 invoices and
 * 1,500 enquiries. On the embedded database the same routes are measured at 150 children.
 *
 * Every figure is a ratio to GET /api/health measured in the same run. The run fails when any call
 * answers other than 2xx. Goals (issue 18) are printed beside each figure: an authenticated call
 * that does no work at 0.5 of health; lists at 0.30 of health with p99 <= 50 ms at 10,000 children
 * and within 1.5x of their figure at 150; embedded list p99 within 10x of health's. Lists and
 * dashboards keep their answers until a table they read changes; the time a user waits on the
 * first read after a change is printed too, one call at a time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { monthlyGenerationStatement } from "../apps/server/src/modules/billing/generation.ts";
import { type FirstRead, firstRead } from "./first-read.ts";
import { startServer } from "./server.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP = 2;
const CONNECTIONS = 50;
const CHILDREN = 10_000;
const EXITS = 3_000;
const INVOICES = 100_000;
const ENQUIRIES = 1_500;
/** BENCH_ONLY=<regex> measures only the calls whose name matches; BENCH_DB=postgres|embedded one database. */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? ".");
const DATABASES = (process.env.BENCH_DB ?? "embedded,postgres").split(",");

type Caller = "super admin" | "admin" | "director" | "finance" | "coordinator" | "teacher";
const EMAILS: Record<Caller, string> = {
  "super admin": "superadmin@sprout.test",
  admin: "admin@sprout.test",
  director: "director@sprout.test",
  finance: "finance@sprout.test",
  coordinator: "coordinator@sprout.test",
  teacher: "teacher@sprout.test",
};

interface Call {
  name: string;
  url: string;
  as: Caller[];
  /** A list (judged against the list goals) or a call that does no real work. */
  kind: "list" | "auth" | "dashboard";
}

const CALLS: Call[] = [
  { name: "auth/verify", url: "/api/auth/verify", as: ["admin"], kind: "auth" },
  { name: "analytics/overview", url: "/api/analytics/overview", as: ["super admin", "admin"], kind: "dashboard" },
  // Every role's home and the owner's analytics calls (issue 17), each as a role that opens it.
  {
    name: "analytics/financial-overview",
    url: "/api/analytics/financial-overview",
    as: ["super admin", "finance"],
    kind: "dashboard",
  },
  {
    name: "analytics/center-comparison",
    url: "/api/analytics/center-comparison",
    as: ["super admin"],
    kind: "dashboard",
  },
  { name: "analytics/insights", url: "/api/analytics/insights", as: ["super admin"], kind: "dashboard" },
  { name: "center-director/dashboard", url: "/api/center-director/dashboard", as: ["director"], kind: "dashboard" },
  { name: "analytics/teacher-home", url: "/api/analytics/teacher-home", as: ["teacher"], kind: "dashboard" },
  {
    name: "analytics/coordinator-home",
    url: "/api/analytics/coordinator-home",
    as: ["coordinator"],
    kind: "dashboard",
  },
  { name: "admin/children", url: "/api/admin/children?page=1&limit=25", as: ["super admin", "admin"], kind: "list" },
  {
    name: "children search",
    url: "/api/admin/children?page=1&limit=25&search=Stud",
    as: ["super admin", "admin"],
    kind: "list",
  },
  { name: "students/paused", url: "/api/students/paused", as: ["super admin", "admin"], kind: "list" },
  { name: "invoices", url: "/api/invoices?page=1&limit=10", as: ["super admin", "admin"], kind: "list" },
  {
    name: "invoices status",
    url: "/api/invoices?page=2&limit=10&status=Pending",
    as: ["super admin", "admin"],
    kind: "list",
  },
  {
    name: "invoices status+name",
    url: "/api/invoices?page=1&limit=10&status=Overdue&child_name=Student4",
    as: ["super admin", "admin"],
    kind: "list",
  },
  {
    name: "enquiries search",
    url: "/api/enquiries?page=1&limit=25&search=Bench",
    as: ["super admin", "admin"],
    kind: "list",
  },
  { name: "documents", url: "/api/documents", as: ["super admin", "admin"], kind: "list" },
  { name: "staff", url: "/api/staff", as: ["super admin", "director"], kind: "list" },
  { name: "users", url: "/api/owners", as: ["super admin"], kind: "list" },
  { name: "exits", url: "/api/exits?page=1&limit=25", as: ["super admin", "admin"], kind: "list" },
];

/** Grows the demo organisation to 10,000 children, 100,000 invoices, 1,500 enquiries and 3,000 exits. */
export async function grow(db: Database) {
  await db.execute(sql`
    insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name, monthly_fee_paise)
    select c.id, r.id, 'Bench' || n, 'Student' || (n % 97), case when n % 50 = 0 then 'paused' else 'active' end,
           date '2026-04-01', 'Pre-school - KINDY', 1200000 + (n % 5) * 50000
    from generate_series(1, ${CHILDREN - 150}) n
    join lateral (select id from centers order by id offset (n % 3) limit 1) c on true
    join lateral (select id from classrooms where center_id = c.id order by id offset (n % 5) limit 1) r on true`);
  await db.execute(sql`
    insert into enquiries (organisation_id, center_id, enquiry_date, child_name, parent_name, mobile_number, source,
                           major_program, specific_program, status)
    select c.organisation_id, c.id, date '2026-06-01' + (n % 150), 'Bench Child ' || n, 'Bench Parent ' || n,
           '98' || lpad(n::text, 8, '0'), 'Walk-in', 'Pre-school', 'KINDY',
           (array['Open', 'Open', 'Closed', 'Lost'])[1 + n % 4]
    from generate_series(1, ${ENQUIRIES}) n
    join lateral (select id, organisation_id from centers order by id offset (n % 3) limit 1) c on true`);
  await db.execute(sql`
    insert into exit_records (organisation_id, center_id, person_name, person_type, exit_date, exit_reason)
    select c.organisation_id, c.id, 'Bench Leaver ' || n, case when n % 4 = 0 then 'teacher_staff' else 'student' end,
           date '2025-04-01' + (n % 600), 'Moved away'
    from generate_series(1, ${EXITS}) n
    join lateral (select id, organisation_id from centers order by id offset (n % 3) limit 1) c on true`);
  const centerIds = rowsOf<{ id: string }>(await db.execute(sql`select id from centers`)).map((row) => row.id);
  for (let month = 0; ; month++) {
    const [row] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from invoices`));
    if (row!.count >= INVOICES) break;
    const now = new Date(Date.UTC(2026, 3 + month, 10, 6, 30));
    await db.transaction((tx) => tx.execute(monthlyGenerationStatement(centerIds, now, null)));
  }
  await db.execute(
    sql`update invoices set status = 'Overdue' where due_date < date '2026-09-01' and status = 'Pending'`,
  );
  // Steady state: autovacuum would have run on a live server.
  await db.execute(sql`vacuum analyze`);
}

interface Figure {
  rps: number;
  p99: number;
}

/** Warm-up, then the measured run; any answer other than 2xx stops the bench. */
async function load(url: string, headers: Record<string, string>, label: string): Promise<Figure> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARM_UP });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const failed = result.errors + result.non2xx + result.timeouts;
  if (failed > 0) throw new Error(`${label}: ${failed} of ${result.requests.total} calls did not answer 2xx`);
  // Calls still waiting when the run ends are not counted by autocannon: a server that answers
  // nothing would otherwise pass.
  if (result.requests.total < CONNECTIONS) {
    throw new Error(
      `${label}: only ${result.requests.total} calls answered in ${DURATION} s at ${CONNECTIONS} connections`,
    );
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Health's answer time while a list keeps the server busy (a load balancer's check during a rush). */
async function healthWhileBusy(base: string, headers: Record<string, string>, label: string): Promise<Figure> {
  const list = autocannon({
    url: `${base}/api/admin/children?page=1&limit=25`,
    headers,
    connections: CONNECTIONS,
    duration: WARM_UP + DURATION,
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP * 1000));
  const health = await autocannon({ url: `${base}/api/health`, connections: 2, duration: DURATION - 1 });
  const busy = await list;
  const failed = health.errors + health.non2xx + health.timeouts + busy.errors + busy.non2xx + busy.timeouts;
  if (failed > 0) throw new Error(`${label} health while busy: ${failed} calls did not answer 2xx`);
  if (health.requests.total === 0) throw new Error(`${label}: health did not answer while the list ran`);
  return { rps: health.requests.average, p99: health.latency.p99 };
}

async function signIn(base: string, caller: Caller) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAILS[caller], password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${caller} could not sign in: ${response.status} ${await response.text()}`);
  const login = (await response.json()) as { token: string; sessionToken: string };
  return { authorization: `Bearer ${login.token}`, "x-session-token": login.sessionToken };
}

type Figures = Map<string, Figure>;

interface Run {
  health: Figure;
  figures: Figures;
}

/** Measures every call; `before` (the run at 150 children) adds the flatness column. */
async function measureAll(label: string, env: Record<string, string>, before?: Run): Promise<Run> {
  const { child, base } = await startServer(env);
  try {
    const callers = new Map<Caller, Record<string, string>>();
    for (const call of CALLS) {
      for (const caller of call.as) if (!callers.has(caller)) callers.set(caller, await signIn(base, caller));
    }
    const health = await load(`${base}/api/health`, {}, "health");
    const figures: Figures = new Map();
    for (const call of CALLS.filter((candidate) => ONLY.test(candidate.name))) {
      for (const caller of call.as) {
        const key = `${call.name} (${caller})`;
        figures.set(key, await load(`${base}${call.url}`, callers.get(caller)!, `${label} ${key}`));
      }
    }
    const busy = await healthWhileBusy(base, callers.get("super admin")!, label);
    const firstReads = new Map<string, FirstRead>();
    for (const call of CALLS.filter((candidate) => candidate.kind !== "auth" && ONLY.test(candidate.name))) {
      for (const caller of call.as) {
        const key = `${call.name} (${caller})`;
        firstReads.set(key, await firstRead(`${base}${call.url}`, callers.get(caller)!, `${label} ${key}`));
      }
    }
    print(label, health, figures, before);
    printFirstReads(firstReads);
    console.log(
      `GET /api/health while the children list runs at ${CONNECTIONS} connections: p99 ${busy.p99} ms  ` +
        `${busy.p99 < 100 ? "met" : "MISSED"} (p99 < 100 ms while anything else runs)`,
    );
    return { health, figures };
  } finally {
    // autocannon leaves its last calls unanswered; the pool serves in order, so once a fresh list
    // call answers, they are done, and stopping the server cannot cut them off mid-query.
    const admin = await signIn(base, "admin").catch(() => undefined);
    if (admin) await fetch(`${base}/api/admin/children?page=1&limit=25`, { headers: admin }).catch(() => undefined);
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

function print(label: string, health: Figure, figures: Figures, before?: Run) {
  console.log(
    `\n${label}: GET /api/health ${health.rps.toFixed(0)} req/s, p99 ${health.p99} ms (${CONNECTIONS} connections)`,
  );
  console.log(
    "call".padEnd(38),
    "req/s".padStart(7),
    "vs health".padStart(10),
    "p99 ms".padStart(7),
    "p99 vs health".padStart(14),
    before ? "vs 150".padStart(8) : "",
    "  goal",
  );
  for (const [key, figure] of figures) {
    const ratio = figure.rps / health.rps;
    const kind = CALLS.find((call) => key.startsWith(`${call.name} (`))!.kind;
    const earlier = before?.figures.get(key);
    const flat = earlier ? earlier.rps / health.rps / ratio : undefined;
    console.log(
      key.padEnd(38),
      figure.rps.toFixed(0).padStart(7),
      `${ratio.toFixed(2)}`.padStart(10),
      String(figure.p99).padStart(7),
      `${(figure.p99 / Math.max(health.p99, 1)).toFixed(1)}x`.padStart(14),
      flat ? `${flat.toFixed(2)}x`.padStart(8) : "",
      `  ${goalOf(kind, label, ratio, figure, health, flat)}`,
    );
  }
}

function printFirstReads(firstReads: Map<string, FirstRead>) {
  console.log("\nFirst read after a change (worked out, not kept; one call at a time):");
  console.log("call".padEnd(38), "median ms".padStart(10), "p95 ms".padStart(8));
  for (const [key, read] of firstReads) {
    console.log(key.padEnd(38), read.median.toFixed(1).padStart(10), read.p95.toFixed(1).padStart(8));
  }
}

function goalOf(kind: Call["kind"], label: string, ratio: number, figure: Figure, health: Figure, flat?: number) {
  const mark = (ok: boolean, text: string) => `${ok ? "met" : "MISSED"} (${text})`;
  if (label.startsWith("embedded")) return mark(figure.p99 <= 10 * Math.max(health.p99, 1), "p99 <= 10x health");
  if (kind === "auth") return mark(ratio >= 0.5, ">= 0.5 of health");
  if (!flat) return "";
  const meets = ratio >= 0.3 && (kind === "dashboard" || figure.p99 <= 50) && flat <= 1.5;
  return mark(meets, kind === "dashboard" ? ">= 0.30, <= 1.5x of 150" : ">= 0.30, p99 <= 50 ms, <= 1.5x of 150");
}

async function onPostgres() {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${serverUrl}: ${(error as Error).message}; skipped`);
    return;
  }
  const name = `sprout_bench_lists_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-lists-pg-"));
  const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, APP_SECRET: "bench-secret-".repeat(4) };
  try {
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await seedDemoData(database.db);
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    const small = await measureAll("PostgreSQL, 150 children", env);

    const growing = await openDatabase({ url: url.toString() });
    await grow(growing.db);
    await growing.close();
    await measureAll(`PostgreSQL, ${CHILDREN} children / ${INVOICES} invoices`, env, small);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onEmbedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-lists-"));
  try {
    const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await database.migrate();
    await seedDemoData(database.db);
    await database.close();
    await measureAll("embedded, 150 children", { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run as a script (`tsx bench/lists.ts`), not when another script borrows `grow`.
if (process.argv[1]?.endsWith("lists.ts")) {
  if (DATABASES.includes("embedded")) await onEmbedded();
  if (DATABASES.includes("postgres")) await onPostgres();
}
