/**
 * `npm run bench` (budget): the finance dashboard and the Export Expenses workbook at 50,000
 * expenses, through the real server on the embedded database. Times are medians, reported as
 * ratios to GET /api/health measured in the same run; memory is the server's resident set
 * (sampled from /proc) above its level before each phase: the peak over the dashboard's calls, and
 * over each export. An export of 5,000 expenses is
 * measured too: a streamed export's memory does not grow with the row count. On the embedded
 * database the server's memory includes the database's own page cache (it runs in-process), so the
 * PostgreSQL run (DATABASE_URL, or the local test server) is the one that shows the export's own.
 *
 * Resident memory also holds garbage the collector has not reclaimed yet (it grows with the work
 * done, not with what is kept), so the export is measured a second way: in this process, its live
 * JavaScript heap after a full collection every few chunks, 5,000 rows against 50,000. That is
 * what a streamed export keeps flat; a buffered one grows tenfold.
 */
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { createExportService } from "../apps/server/src/modules/budget/export.ts";
import { benchCaller } from "./caller.ts";
import { onEachDatabase } from "./scale.ts";
import { startServer } from "./server.ts";

const EXPENSES = 50_000;
const ROUNDS = 5;
const HEALTH_CALLS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Demo data plus 50,000 expenses over the last two years; one in ten is food (the 5,000 subset). */
async function prepare(db: Database) {
  await seedDemoData(db);
  await db.execute(sql`
    insert into expenses (organisation_id, center_id, expense_date, amount_paise, category, subcategory, description,
                          payment_mode, vendor, gst_number, logged_by, created_at)
    select c.organisation_id, c.id, current_date - (n % 700), 10000 + (n % 5000) * 100,
           case when n % 10 = 0 then 'food' else (array['supplies','utilities','maintenance','rent','equipment'])[1 + n % 5] end,
           'Bench', 'Bench expense ' || n, 'online', 'Bench Vendor', '29ABCDE1234F1Z5',
           (select id from users where email = 'finance@sprout.test'), now()
    from generate_series(1, ${EXPENSES}) n
    join lateral (select id, organisation_id from centers order by id offset (n % 3) limit 1) c on true`);
  await db.execute(sql`vacuum analyze`);
}

/** Runs `work` while sampling the server's memory every 20 ms; the time and the peak above the start. */
async function measured(pid: number, work: () => Promise<void>) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { ms, grew: peak - before };
}

/** A full collection, on demand (the flag is set before the first call). */
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;

/**
 * The export's live heap: the workbook streamed by the service itself (as the route sends it)
 * and read chunk by chunk; every 25 chunks a full collection, then the heap in use. The peak
 * above the heap before the export is what the export keeps.
 */
async function exportHeap(db: Database, filters: { category?: "food" }) {
  const caller = await benchCaller(db, "finance@sprout.test");
  const service = createExportService({ db, clock: { now: () => new Date() } });
  collect();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let chunks = 0;
  let bytes = 0;
  const { stream } = await service.exportExpenses(caller, filters);
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (++chunks % 25 === 0) {
      collect();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  return { kept: peak - before, bytes };
}

async function heapFigures(db: Database) {
  // Once before measuring: modules, prepared statements and exceljs's own tables are loaded.
  await exportHeap(db, { category: "food" });
  const small = await exportHeap(db, { category: "food" });
  const large = await exportHeap(db, {});
  console.log(
    `  export live heap (in process, after full collections): 5,000 rows +${mb(small.kept)}, 50,000 rows +${mb(large.kept)} (${mb(large.bytes)} file); ratio ${(large.kept / Math.max(small.kept, 1)).toFixed(2)} (ten times the rows: a buffered export keeps ten times as much, a streamed one stays within a few MB)`,
  );
}

async function figures(label: string, env: Record<string, string>) {
  const { child, base } = await startServer(env);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "finance@sprout.test", password: DEMO_PASSWORD }),
    });
    const session = (await login.json()) as { token: string; sessionToken: string };
    const headers = { authorization: `Bearer ${session.token}`, "x-session-token": session.sessionToken };
    const drain = async (response: Response) => {
      if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
      return bytes;
    };
    const pid = child.pid!;

    // Warm up each path once (module loading, first queries).
    await drain(await fetch(`${base}/api/health`));
    await drain(await fetch(`${base}/api/financial-manager/dashboard`, { headers }));

    const health: number[] = [];
    let healthGrew = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await measured(pid, async () => {
        for (let call = 0; call < HEALTH_CALLS; call++) await drain(await fetch(`${base}/api/health`));
      });
      health.push(result.ms / HEALTH_CALLS);
      healthGrew = Math.max(healthGrew, result.grew);
    }
    const dashboard: number[] = [];
    let dashboardGrew = 0;
    for (let round = 0; round < ROUNDS * 2; round++) {
      const result = await measured(
        pid,
        async () => void (await drain(await fetch(`${base}/api/financial-manager/dashboard`, { headers }))),
      );
      dashboard.push(result.ms);
      dashboardGrew = Math.max(dashboardGrew, result.grew);
    }
    const exportOf = async (query: string) => {
      const times: number[] = [];
      let grew = 0;
      let bytes = 0;
      for (let round = 0; round < 3; round++) {
        const result = await measured(pid, async () => {
          bytes = await drain(await fetch(`${base}/api/expenses/export${query}`, { headers }));
        });
        times.push(result.ms);
        grew = Math.max(grew, result.grew);
      }
      return { ms: median(times), grew, bytes };
    };
    const small = await exportOf("?category=food");
    const large = await exportOf("");

    const healthMs = median(health);
    console.log(`budget bench: ${EXPENSES.toLocaleString("en-IN")} expenses, ${label} database`);
    console.log(`  GET /api/health                 ${healthMs.toFixed(2)} ms per call (memory +${mb(healthGrew)})`);
    console.log(
      `  GET /api/financial-manager/dashboard  ${median(dashboard).toFixed(1)} ms = ${(median(dashboard) / healthMs).toFixed(0)}x health, server memory peak +${mb(dashboardGrew)} (${(dashboardGrew / Math.max(healthGrew, 1)).toFixed(1)}x health's)`,
    );
    console.log(
      `  export  5,000 rows  ${small.ms.toFixed(0)} ms = ${(small.ms / healthMs).toFixed(0)}x health, ${mb(small.bytes)} file, server memory +${mb(small.grew)}`,
    );
    console.log(
      `  export 50,000 rows  ${large.ms.toFixed(0)} ms = ${(large.ms / healthMs).toFixed(0)}x health, ${mb(large.bytes)} file, server memory +${mb(large.grew)}`,
    );
    console.log(
      `  memory of the 50,000-row export / the 5,000-row one: ${(large.grew / Math.max(small.grew, 1)).toFixed(2)} (a streamed export stays near 1, not 10)`,
    );
  } finally {
    // The database is dropped next: the server lets go of its connections first.
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
}

await onEachDatabase("budget", async (database) => {
  const opened = await database.open();
  await opened.migrate();
  await prepare(opened.db);
  await opened.close();
  await figures(database.name === "embedded" ? "embedded" : "postgres", database.env);
  if (database.name === "embedded") {
    const reopened = await database.open();
    await heapFigures(reopened.db);
    await reopened.close();
  }
});
