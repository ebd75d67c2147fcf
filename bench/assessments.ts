/**
 * `npm run bench` (issue 36): a coordinator's class view of term assessments at 10,000 children.
 *
 * On the embedded database: the demo organisation, 10,000 more children at its first centre
 * spread over its five classrooms, three terms covering every classroom, and an assessment of
 * each child in each term (30,000) with 12 levels and 6 narratives each (360,000 and 180,000 rows),
 * published, submitted or in draft. Timed in process (Fastify's inject, the whole route: access,
 * scope, the one grouped query, the answer's schema): a page of 25 of one classroom (2,000
 * children), a page of 25 of the whole term (10,000 children, the newest term), and the same
 * filtered to the submitted ones, each as a ratio to GET /api/health measured in the same run
 * (40 calls each after a warm-up, median and p95).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { type Database, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";

const CHILDREN = 10_000;
const LEVELS_EACH = 12;
const CALLS = 40;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

async function prepare(db: Database) {
  await seedDemoData(db, new Date("2026-11-20T06:30:00Z"));
  const [centre] = rowsOf<{ id: string }>(
    await db.execute(sql`select c.id from centers c join users u on u.center_id = c.id
      where u.email = 'coordinator@sprout.test'`),
  );
  const id = centre!.id;
  await db.execute(sql`
    insert into students (center_id, class_id, first_name, last_name, date_of_birth, status, enrollment_date)
    select ${id}, r.id, 'Bench' || n, 'Child' || (n % 97), date '2021-06-01' + (n % 900), 'active', date '2026-04-01'
    from generate_series(1, ${CHILDREN}) n
    join (select id, row_number() over (order by name) - 1 as k from classrooms where center_id = ${id}) r
      on r.k = n % 5`);
  const terms = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into assessment_terms (center_id, name, starts_on, ends_on, framework_key, created_at)
      select ${id}, 'Bench term ' || t, date '2025-06-01' + (t * 120), date '2025-09-30' + (t * 120), 'ncf-fs-2022', now()
      from generate_series(1, 3) t returning id`),
  );
  for (const term of terms) {
    await db.execute(sql`insert into assessment_term_classrooms (term_id, classroom_id)
      select ${term.id}::uuid, id from classrooms where center_id = ${id}`);
    await db.execute(sql`
      insert into child_assessments (term_id, center_id, classroom_id, student_id, status, version, all_about_me, updated_at, published_at)
      select ${term.id}::uuid, ${id}, s.class_id, s.id,
        case when k % 3 = 0 then 'published' when k % 3 = 1 then 'submitted' else 'draft' end,
        case when k % 3 = 0 then 1 else 0 end,
        jsonb_build_object('my_name_is', s.first_name, 'i_like_to_play', 'Blocks'), now(),
        case when k % 3 = 0 then now() end
      from (select s.*, row_number() over (order by s.id) as k from students s
            where s.center_id = ${id} and s.first_name like 'Bench%') s`);
  }
  // Twelve levels and six narratives for every assessment: the competencies of the first goals.
  await db.execute(sql`
    insert into assessment_levels (assessment_id, competency_code, level, comment)
    select a.id, c.code, (array['stream','mountain','sky'])[1 + (abs(hashtext(a.id::text)) + c.n) % 3], ''
    from child_assessments a
    cross join (select n, code from unnest(array['C-1.1','C-1.2','C-1.3','C-1.4','C-1.5','C-1.6',
      'C-2.1','C-2.2','C-2.3','C-2.4','C-2.5','C-2.6']::text[]) with ordinality as x(code, n)) c
    where c.n <= ${LEVELS_EACH} and a.term_id in (select id from assessment_terms where name like 'Bench term%')`);
  await db.execute(sql`
    insert into assessment_narratives (assessment_id, domain_code, narrative)
    select a.id, d, 'A short narrative of the child''s term in this domain.'
    from child_assessments a cross join unnest(array['PD','SED','CD','LLD','ACD','PLH']) d
    where a.term_id in (select id from assessment_terms where name like 'Bench term%')`);
  await db.execute(sql`vacuum analyze`);
  const [room] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from classrooms where center_id = ${id} order by name limit 1`),
  );
  return { termId: terms.at(-1)!.id, roomId: room!.id };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-assessments-"));
  try {
    const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await database.migrate();
    const started = performance.now();
    const { termId, roomId } = await prepare(database.db);
    const [rows] = rowsOf<{ assessments: number; levels: number; narratives: number }>(
      await database.db.execute(sql`select (select count(*)::int from child_assessments) as assessments,
        (select count(*)::int from assessment_levels) as levels, (select count(*)::int from assessment_narratives) as narratives`),
    );
    console.log(
      `assessments: ${CHILDREN} children, 3 terms; ${rows!.assessments} assessments, ${rows!.levels} levels, ${rows!.narratives} narratives in all, prepared in ${((performance.now() - started) / 1000).toFixed(0)} s (embedded database)`,
    );
    const app = await buildApp({
      db: database.db,
      appSecret: "bench-secret-bench-secret-bench-secret",
      env: "test",
      serveWeb: false,
      push: false,
    });
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "coordinator@sprout.test", password: DEMO_PASSWORD },
    });
    const session = login.json();
    const headers = { authorization: `Bearer ${session.token}`, "x-session-token": session.sessionToken };
    const time = async (url: string, signedIn: boolean) => {
      const times: number[] = [];
      for (let call = 0; call < CALLS + 5; call++) {
        const start = performance.now();
        const answer = await app.inject({ method: "GET", url, ...(signedIn ? { headers } : {}) });
        const ms = performance.now() - start;
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
        if (call >= 5) times.push(ms);
      }
      return { median: median(times), p95: p95(times) };
    };
    const health = await time("/api/health", false);
    const base = `/api/development/terms/${termId}/children`;
    const calls = {
      "class view, one classroom (2,000 children), page of 25": `${base}?classroom_id=${roomId}&limit=25`,
      "class view, whole term (10,000 children), page of 25": `${base}?limit=25`,
      "class view, whole term, submitted only, page of 25": `${base}?status=submitted&limit=25`,
      "class view, whole term, page 100 of 25": `${base}?limit=25&page=100`,
    };
    console.log(`  GET /api/health${" ".repeat(48)}${health.median.toFixed(2)} ms (1.00)`);
    for (const [name, url] of Object.entries(calls)) {
      const figure = await time(url, true);
      console.log(
        `  ${name.padEnd(62)}${figure.median.toFixed(1)} ms (${(figure.median / health.median).toFixed(1)}x health), p95 ${figure.p95.toFixed(1)} ms`,
      );
    }
    await app.close();
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
