/**
 * `npm run bench` (accounts export, issue 35): the accountant's export of 100,000 rows (invoice
 * lines and receipts of one centre and one financial year) through the real server, as .xlsx and
 * as CSV, on the embedded database and on PostgreSQL (DATABASE_URL, or the local test server).
 * Each is timed end to end (the download drained) and the server's resident memory is sampled
 * every 20 ms: the peak above its level before the export. Beside it, in the same run, the
 * baseline: the same rows read by one plain select into memory (in this process, after the
 * server stopped), its time and the heap it holds. A streamed export's memory must not grow with
 * its rows, so a 10,000-row export is measured too.
 */
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { createAccountsExport } from "../apps/server/src/modules/fee-collection/accounts-export.ts";
import { benchCaller } from "./caller.ts";
import { onEachDatabase } from "./scale.ts";
import { startServer } from "./server.ts";

/** 40,000 invoices of two lines each and 20,000 receipts: 100,000 rows. */
const INVOICES = 40_000;
const PAYMENTS = 20_000;
const FROM = "2026-04-01";
const TO = "2027-03-31";
const SMALL_TO = "2026-05-06";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function prepare(db: Database) {
  await seedDemoData(db);
  const [home] = rowsOf<{ id: string }>(
    await db.execute(sql`select center_id as id from users where email = 'admin@sprout.test'`),
  );
  const centre = home!.id;
  await db.execute(sql`
    insert into invoices (organisation_id, center_id, student_id, invoice_number, kind, issue_date, due_date,
                          total_paise, status, tax_document, supplier_gstin, place_of_supply, financial_year)
    select c.organisation_id, c.id, s.id, 'BEN/26-27/' || lpad(n::text, 6, '0'), 'request',
           ${FROM}::date + (n * 365 / ${INVOICES}), ${FROM}::date + (n * 365 / ${INVOICES}) + 15,
           1210000, 'Pending', 'tax_invoice', '29AAICA3918J1ZE', '29', '26-27'
    from generate_series(1, ${INVOICES}) n
    join centers c on c.id = ${centre}::uuid
    join lateral (select id from students where center_id = c.id order by id offset (n % 40) limit 1) s on true`);
  await db.execute(sql`
    insert into invoice_lines (invoice_id, position, description, amount_paise, sac_code, gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    select i.id, p, case p when 0 then 'Tuition' else 'Transport' end,
           case p when 0 then 1000000 else 210000 end, case p when 0 then '999210' else '996412' end,
           case p when 0 then 0 else 5 end, case p when 0 then 1000000 else 200000 end,
           case p when 0 then 0 else 5000 end, case p when 0 then 0 else 5000 end, 0
    from invoices i cross join generate_series(0, 1) p
    where i.invoice_number like 'BEN/%'`);
  await db.execute(sql`
    insert into payments (invoice_id, center_id, amount_paise, paid_on, mode, utr, receipt_number)
    select i.id, i.center_id, 500000, i.issue_date + 3, 'upi', lpad((600000000000 + n)::text, 12, '0'),
           'BEN/R26-27/' || lpad(n::text, 5, '0')
    from (select id, center_id, issue_date, row_number() over (order by invoice_number) as n
          from invoices where invoice_number like 'BEN/%') i
    where n <= ${PAYMENTS}`);
  await db.execute(sql`vacuum analyze`);
  return centre;
}

/** The same rows as the export, read by plain selects into memory: the time and the heap they hold. */
async function baseline(db: Database, centre: string) {
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc") as () => void;
  collect();
  const before = process.memoryUsage().heapUsed;
  const start = performance.now();
  const lines = rowsOf(
    await db.execute(sql`
      select i.issue_date, i.invoice_number, s.first_name, s.last_name, s.student_id, l.description, l.sac_code,
             l.gst_rate, l.taxable_paise, l.cgst_paise, l.sgst_paise, l.igst_paise, l.amount_paise,
             i.place_of_supply, i.supplier_gstin
      from invoices i join students s on s.id = i.student_id join invoice_lines l on l.invoice_id = i.id
      where i.center_id = ${centre}::uuid and i.issue_date between ${FROM}::date and ${TO}::date and i.status <> 'Cancelled'`),
  );
  const receipts = rowsOf(
    await db.execute(sql`
      select p.paid_on, p.receipt_number, i.invoice_number, s.first_name, s.last_name, s.student_id, p.amount_paise,
             p.mode, p.utr
      from payments p join invoices i on i.id = p.invoice_id join students s on s.id = i.student_id
      where p.center_id = ${centre}::uuid and p.paid_on between ${FROM}::date and ${TO}::date`),
  );
  const ms = performance.now() - start;
  const held = process.memoryUsage().heapUsed - before;
  return { ms, held, rows: lines.length + receipts.length };
}

/**
 * The export's live heap, in process: the service's own stream (as the route sends it) read chunk
 * by chunk, a full collection every 25 chunks, then the heap in use; the peak above the heap
 * before is what the export keeps. A streamed export keeps about the same at 100,000 rows as at a
 * tenth of them; one that buffered would keep ten times as much.
 */
async function exportHeap(db: Database, centre: string, format: "csv" | "xlsx", to: string) {
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc") as () => void;
  const service = createAccountsExport({ db, clock: { now: () => new Date() } });
  const caller = await benchCaller(db, "finance@sprout.test");
  collect();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let chunks = 0;
  const { stream } = await service.exportAccounts(caller, { center_id: centre, from: FROM, to, format });
  for await (const _chunk of stream) {
    if (++chunks % 25 === 0) {
      collect();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  return peak - before;
}

async function heapFigures(db: Database, centre: string) {
  for (const format of ["csv", "xlsx"] as const) {
    await exportHeap(db, centre, format, SMALL_TO); // once before measuring: modules and first queries
    const small = await exportHeap(db, centre, format, SMALL_TO);
    const large = await exportHeap(db, centre, format, TO);
    console.log(
      `  ${format.padEnd(5)} live heap (in process, after full collections): a tenth of the rows +${mb(small)}, all +${mb(large)}`,
    );
  }
}

async function figures(label: string, env: Record<string, string>, centre: string) {
  const { child, base } = await startServer(env);
  const pid = child.pid!;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "finance@sprout.test", password: DEMO_PASSWORD }),
    });
    const session = (await login.json()) as { token: string; sessionToken: string };
    const headers = { authorization: `Bearer ${session.token}`, "x-session-token": session.sessionToken };
    const exportOnce = async (format: string, to: string) => {
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(pid));
      }, 20);
      const start = performance.now();
      const response = await fetch(
        `${base}/api/accounts/export?center_id=${centre}&from=${FROM}&to=${to}&format=${format}`,
        { headers },
      );
      if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
      let bytes = 0;
      let rows = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        bytes += read.value.length;
        if (format === "csv") for (const byte of read.value) if (byte === 10) rows++;
      }
      const ms = performance.now() - start;
      clearInterval(sampler);
      return { ms, grew: Math.max(peak, rssOf(pid)) - before, bytes, rows: rows - 1 };
    };
    const measure = async (format: string, to: string) => {
      await exportOnce(format, SMALL_TO); // warm: modules, first queries
      const runs = [await exportOnce(format, to), await exportOnce(format, to), await exportOnce(format, to)];
      return { ...runs[0]!, ms: median(runs.map((run) => run.ms)), grew: Math.max(...runs.map((run) => run.grew)) };
    };
    const csv = await measure("csv", TO);
    const csvSmall = await measure("csv", SMALL_TO);
    const xlsx = await measure("xlsx", TO);
    const xlsxSmall = await measure("xlsx", SMALL_TO);
    console.log(`accounts export bench: ${label} database`);
    console.log(
      `  CSV   ${csv.rows.toLocaleString("en-IN")} rows  ${csv.ms.toFixed(0)} ms, ${mb(csv.bytes)}, server memory +${mb(csv.grew)}` +
        `  (${csvSmall.rows.toLocaleString("en-IN")} rows: ${csvSmall.ms.toFixed(0)} ms, +${mb(csvSmall.grew)})`,
    );
    console.log(
      `  xlsx  ${csv.rows.toLocaleString("en-IN")} rows  ${xlsx.ms.toFixed(0)} ms, ${mb(xlsx.bytes)}, server memory +${mb(xlsx.grew)}` +
        `  (${csvSmall.rows.toLocaleString("en-IN")} rows: ${xlsxSmall.ms.toFixed(0)} ms, +${mb(xlsxSmall.grew)})`,
    );
    return csv;
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill();
    await exited;
  }
}

await onEachDatabase("accounts-export", async (database) => {
  const opened = await database.open();
  await opened.migrate();
  const centre = await prepare(opened.db);
  await opened.close();
  const csv = await figures(database.name === "embedded" ? "embedded" : "PostgreSQL", database.env, centre);
  const reopened = await database.open();
  try {
    const plain = await baseline(reopened.db, centre);
    console.log(
      `  baseline: the same ${plain.rows.toLocaleString("en-IN")} rows by a plain select into memory  ${plain.ms.toFixed(0)} ms, heap held +${mb(plain.held)}` +
        `; CSV export = ${(csv.ms / plain.ms).toFixed(2)}x its time`,
    );
    await heapFigures(reopened.db, centre);
  } finally {
    await reopened.close();
  }
});
