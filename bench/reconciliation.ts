/**
 * `npm run bench` (issue 35): matching a bank statement.
 *
 * A 10,000-line statement against 100,000 invoices and 5,000 waiting claims of one centre, on the
 * embedded database and on PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test; a
 * fresh database is created and dropped). Our matching (the UTRs and `tr` references each credit
 * names, read once at upload and timed on their own, joined to the claims and invoices, the whole
 * statement) is timed beside a plain hash join of the same rows on the reference column, in the same run
 * (5 rounds each, alternating, median), with the peak memory each needs: the process's high-water
 * mark for the embedded database (it runs inside the process), the database backend's resident
 * memory for PostgreSQL. Then the screen's answer: one page of 25 credits with totals and suggestions.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import {
  pageOfCredits,
  proposedCredits,
  suggestionsFor,
  totalsOf,
} from "../apps/server/src/modules/fee-collection/statement-match.ts";
import { referencesIn } from "../apps/server/src/modules/fee-collection/statement-references.ts";

const INVOICES = 100_000;
const CLAIMS = 5_000;
const LINES = 10_000;
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const statusOf = (pid: number | "self", field: "VmRSS" | "VmHWM") => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
};

/**
 * The demo organisation, 10,000 more children at its first centre, 100,000 open invoices of
 * theirs, 5,000 waiting claims, and a statement of 10,000 credits: 3,000 paying a claim (its UTR
 * in the narration), 3,000 paying an invoice (its `tr`), 4,000 that match nothing.
 */
async function prepare(db: Database) {
  await seedDemoData(db, new Date("2026-11-20T06:30:00Z"));
  const [centre] = rowsOf<{ id: string; organisation_id: string }>(
    await db.execute(sql`select c.id, c.organisation_id from centers c
      join users u on u.center_id = c.id where u.email = 'director@sprout.test'`),
  );
  const { id, organisation_id: organisation } = centre!;
  await db.execute(sql`
    insert into students (center_id, class_id, first_name, last_name, status, enrollment_date, program_name, monthly_fee_paise)
    select ${id}, (select id from classrooms where center_id = ${id} order by id limit 1),
           'Bench' || n, 'Child' || (n % 97), 'active', date '2026-04-01', 'Pre-school - KINDY', 1200000
    from generate_series(1, 10000) n`);
  await db.execute(sql`
    insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, description, issue_date, due_date,
                          total_paise, status)
    select ${organisation}, ${id}, s.id, 'BEN/' || lpad(n::text, 7, '0'), 'request', 'Bench fee',
           date '2026-06-01' + (n % 150), date '2026-07-01' + (n % 150), 1000000 + (n % 40) * 25000,
           case when n % 2 = 0 then 'Pending' else 'Overdue' end
    from generate_series(1, ${INVOICES}) n
    join (select id, row_number() over (order by id) as k from students where center_id = ${id} and first_name like 'Bench%') s
      on s.k = 1 + n % 10000`);
  await db.execute(sql`
    with numbered as (select id, total_paise, row_number() over (order by invoice_number) as n
                      from invoices where center_id = ${id} and invoice_number like 'BEN/%')
    insert into payment_claims (invoice_id, center_id, utr, amount_paise, paid_on)
    select id, ${id}, (400000000000 + n)::text, total_paise, date '2026-11-15'
    from numbered where n <= ${CLAIMS}`);
  const [statement] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into bank_statements (center_id, file_name, format, credits)
      values (${id}, 'bench.csv', 'hdfc', ${LINES}) returning id`),
  );
  await db.execute(sql`
    with numbered as (select id, total_paise, payment_reference, row_number() over (order by invoice_number) as n
                      from invoices where center_id = ${id} and invoice_number like 'BEN/%')
    insert into statement_credits (statement_id, center_id, credited_on, narration, amount_paise, reference)
    select ${statement!.id}, ${id}, date '2026-11-01' + (g % 20),
           case when g <= 3000 then 'UPI-PARENT ' || g || '-parent' || g || '@okaxis-' || (400000000000 + g) || '-UPI'
                when g <= 6000 then 'NEFT CR-HDFC0000123-PARENT ' || g || '-' || i.payment_reference || ' school fee'
                else 'IMPS-' || (700000000000 + g) || '-SOMEONE ' || g || '-transfer' end,
           case when g <= 3000 then i.total_paise when g <= 6000 then i.total_paise else 100 + g end,
           case when g <= 3000 then (400000000000 + g)::text when g <= 6000 then i.payment_reference else 'X' || g end
    from generate_series(1, ${LINES}) g
    left join numbered i on i.n = case when g <= 3000 then g else ${CLAIMS} + g end`);
  // The upload reads each credit's UTRs and `tr` references once, in JavaScript, as it stores it.
  const stored = rowsOf<{ id: string; narration: string; reference: string }>(
    await db.execute(sql`select id, narration, reference from statement_credits where statement_id = ${statement!.id}`),
  );
  const readStart = performance.now();
  const read = stored.map((credit) => ({ id: credit.id, ...referencesIn(credit.narration, credit.reference) }));
  const readMs = performance.now() - readStart;
  await db.execute(sql`
    update statement_credits c set utrs = array(select jsonb_array_elements_text(r.utrs)),
                                   upi_references = array(select jsonb_array_elements_text(r."upiReferences"))
    from jsonb_to_recordset(${JSON.stringify(read)}::jsonb) as r(id uuid, utrs jsonb, "upiReferences" jsonb)
    where c.id = r.id`);
  await db.execute(sql`vacuum analyze`);
  return { statementId: statement!.id, centreId: id, readMs };
}

/** The plain hash join of the same rows: references that equal a claim's UTR or an invoice's `tr` exactly. */
const hashJoin = (statementId: string, centreId: string) => sql`
  select c.id, p.id as claim_id, coalesce(p.invoice_id, i.id) as invoice_id
  from statement_credits c
  left join payment_claims p on p.utr = c.reference and p.amount_paise = c.amount_paise
    and p.status = 'Waiting' and p.center_id = ${centreId}
  left join invoices i on i.payment_reference = c.reference and i.center_id = ${centreId}
    and i.status in ('Pending', 'Overdue')
  where c.statement_id = ${statementId}`;

/** Time and peak memory of one query, its rows read into the process as the service reads them. */
async function measure(db: Database, backends: number[] | null, query: ReturnType<typeof sql>) {
  const backendRss = () => backends!.reduce((sum, pid) => sum + statusOf(pid, "VmRSS"), 0);
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  let before: number;
  if (backends === null) {
    // The embedded database computes inside this process: its high-water mark, reset first.
    writeFileSync("/proc/self/clear_refs", "5");
    before = statusOf("self", "VmRSS");
  } else {
    before = backendRss();
    peak = before;
    sampler = setInterval(() => {
      peak = Math.max(peak, backendRss());
    }, 2);
  }
  const start = performance.now();
  const rows = rowsOf<{ claim_id: string | null; invoice_id: string | null }>(await db.execute(query));
  const ms = performance.now() - start;
  if (sampler) clearInterval(sampler);
  peak = backends === null ? statusOf("self", "VmHWM") : Math.max(peak, backendRss());
  const matched = rows.filter((row) => row.claim_id || row.invoice_id).length;
  return { ms, grew: Math.max(0, peak - before), rows: rows.length, matched };
}

async function figures(db: Database, label: string, serverBackends: (() => Promise<number[] | null>) | null) {
  const { statementId, centreId, readMs } = await prepare(db);
  console.log(`${label.padEnd(9)} reading ${LINES} credits' references at upload: ${readMs.toFixed(0)} ms`);
  const backend = serverBackends ? await serverBackends() : null;
  const ours: Awaited<ReturnType<typeof measure>>[] = [];
  const plain: Awaited<ReturnType<typeof measure>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runOurs = async () => ours.push(await measure(db, backend, proposedCredits(statementId, centreId)));
    const runPlain = async () => plain.push(await measure(db, backend, hashJoin(statementId, centreId)));
    if (round % 2 === 0) {
      await runOurs();
      await runPlain();
    } else {
      await runPlain();
      await runOurs();
    }
  }
  const time = (runs: typeof ours) => median(runs.map((run) => run.ms));
  const memory = (runs: typeof ours) => Math.max(...runs.map((run) => run.grew));
  console.log(
    `${label.padEnd(9)} matching ${LINES} credits: ours ${time(ours).toFixed(0).padStart(5)} ms (${ours[0]!.matched} matched), ` +
      `plain hash join ${time(plain).toFixed(0).padStart(5)} ms (${plain[0]!.matched} matched), ratio ${(time(ours) / time(plain)).toFixed(2)}x; ` +
      `peak memory ${mb(memory(ours))} vs ${mb(memory(plain))}`,
  );
  const start = performance.now();
  const statement = { id: statementId, centerId: centreId };
  const [page] = await Promise.all([
    pageOfCredits(db, statement, { limit: 25, offset: 3000 }),
    totalsOf(db, statement),
  ]);
  await suggestionsFor(
    db,
    centreId,
    page.filter((credit) => credit.proposal === "none"),
  );
  console.log(
    `${label.padEnd(9)} the screen's page (25 credits, totals, suggestions): ${(performance.now() - start).toFixed(0)} ms`,
  );
}

async function main() {
  console.log(`\nReconciliation benchmark: ${LINES} statement lines, ${INVOICES} invoices, ${CLAIMS} claims\n`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-reconciliation-"));
  try {
    const embedded = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await embedded.migrate();
    await figures(embedded.db, "embedded", null);
    await embedded.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

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
  try {
    const postgres = await openDatabase({ url: url.toString() });
    await postgres.migrate();
    // The database's backends (the pool's connections), whose memory is read from /proc when the
    // server runs on this machine.
    const backends = async () => {
      const pids = rowsOf<{ pid: number }>(
        await postgres.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
      ).map((row) => row.pid);
      try {
        for (const pid of pids) statusOf(pid, "VmRSS");
        return pids;
      } catch {
        console.log("postgres  the backends' memory is not readable here: time only");
        return [];
      }
    };
    await figures(postgres.db, "postgres", backends);
    await postgres.close();
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
