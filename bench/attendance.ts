/**
 * `npm run bench` (attendance, issue 11): the morning peak at 20 centres and 10,000 children.
 *
 * The demo organisation grows to 20 centres (17 more), 10,000 children in rooms of 30, and one
 * admin sign-in per centre (the demo password). Then, on a running server, 1,000 check-ins arrive
 * spread over 45 seconds (50 per centre, each by its centre's admin, so 20 callers at once) while a
 * 30-child roster is loaded and GET /api/health is called side by side every 150 ms. p50/p99 of the
 * check-in call and of the roster are printed as ratios to health's in the same run, so the figures
 * say what Sprout costs rather than how busy the machine is. The run fails when any call answers
 * other than 2xx, or when the 1,000 check-ins have not all been answered within a minute.
 *
 * Embedded database first, then PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created and dropped), skipped when none answers. BENCH_DB=embedded|postgres
 * runs one.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";
import { seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { growCentresAndChildren, onEachDatabase, percentile, signIn } from "./scale.ts";
import { startServer } from "./server.ts";

const CENTRES = 20;
const CHILDREN = 10_000;
const ROOM_SIZE = 30;
const CHECK_INS = 1_000;
/** The check-ins are spread over this long; all must be answered within LIMIT_MS. */
const SPREAD_MS = 45_000;
const LIMIT_MS = 60_000;
/** How often the roster and health are sampled during the peak. */
const SAMPLE_EVERY_MS = 150;

const benchAdmin = (n: number) => `bench-admin-${n}@sprout.test`;

/**
 * 17 more centres, the children the demo lacks in numbered rooms of 30 (spread over all 20 centres),
 * and one admin per centre who signs in with the demo admin's password.
 */
async function grow(db: Database) {
  await growCentresAndChildren(db, { centres: CENTRES, children: CHILDREN, roomSize: ROOM_SIZE });
  await db.execute(sql`
    insert into users (organisation_id, email, password_hash, full_name, role, center_id)
    select c.organisation_id, 'bench-admin-' || row_number() over (order by c.created_at, c.id) || '@sprout.test',
           (select password_hash from users where email = 'admin@sprout.test'), 'Bench Admin', 'admin', c.id
    from centers c`);
  // Steady state: autovacuum would have run on a live server.
  await db.execute(sql`vacuum analyze`);
}

/** Per centre, in sign-in order: its admin's number and 50 of its bench children to check in. */
async function plan(db: Database) {
  const children = rowsOf<{ id: string; admin: number }>(
    await db.execute(sql`
      with numbered as (
        select c.id as center_id, row_number() over (order by c.created_at, c.id)::int as admin from centers c
      ), ranked as (
        select s.id, n.admin, row_number() over (partition by s.center_id order by s.first_name) as k
        from students s
        join numbered n on n.center_id = s.center_id
        where s.first_name like 'Bench%' and s.status = 'active'
      )
      select id, admin from ranked where k <= ${CHECK_INS / CENTRES} order by k, admin`),
  );
  if (children.length !== CHECK_INS) throw new Error(`only ${children.length} children to check in`);
  const [room] = rowsOf<{ id: string; admin: number; size: number }>(
    await db.execute(sql`
      select r.id, n.admin, (select count(*)::int from students s where s.class_id = r.id) as size
      from classrooms r
      join (select id, row_number() over (order by created_at, id)::int as admin from centers) n on n.id = r.center_id
      where r.name = 'Bench Room 0'`),
  );
  if (room?.size !== ROOM_SIZE) throw new Error(`the roster room has ${room?.size} children, not ${ROOM_SIZE}`);
  return { children, room };
}

/** One timed call; anything but 2xx stops the bench. */
async function timed(label: string, url: string, init: RequestInit): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const took = performance.now() - started;
  if (!response.ok) throw new Error(`${label}: ${response.status} ${body}`);
  return took;
}

async function peak(label: string, env: Record<string, string>, work: Awaited<ReturnType<typeof plan>>) {
  const { child, base } = await startServer(env);
  try {
    const headers = new Map<number, Record<string, string>>();
    for (let n = 1; n <= CENTRES; n++) headers.set(n, await signIn(base, benchAdmin(n)));
    const rosterUrl = `${base}/api/attendance/roster?classroom_id=${work.room.id}`;
    const rosterHeaders = headers.get(work.room.admin)!;
    // Warm-up: the first calls pay for connections and compiled queries.
    for (let n = 0; n < 20; n++) {
      await timed("health", `${base}/api/health`, {});
      await timed("roster", rosterUrl, { headers: rosterHeaders });
    }

    const checkIns: number[] = [];
    const rosters: number[] = [];
    const health: number[] = [];
    const started = performance.now();
    const arrivals = work.children.map(async (target, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * SPREAD_MS) / CHECK_INS));
      checkIns.push(
        await timed(`check-in ${index}`, `${base}/api/attendance/check-in`, {
          method: "POST",
          headers: { ...headers.get(target.admin)!, "content-type": "application/json" },
          body: JSON.stringify({ student_id: target.id }),
        }),
      );
    });
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const tick = new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
        const [h, r] = await Promise.all([
          timed("health", `${base}/api/health`, {}),
          timed("roster", rosterUrl, { headers: rosterHeaders }),
        ]);
        health.push(h);
        rosters.push(r);
        await tick;
      }
    })();
    try {
      await Promise.all(arrivals);
    } finally {
      sampling = false;
      await sampler;
    }
    const took = performance.now() - started;

    const roster = (await (await fetch(rosterUrl, { headers: rosterHeaders })).json()) as {
      children: { status: string }[];
    };
    const checkedIn = roster.children.filter((row) => row.status === "in").length;

    const h50 = percentile(health, 50);
    const h99 = percentile(health, 99);
    const line = (name: string, samples: number[]) => {
      const p50 = percentile(samples, 50);
      const p99 = percentile(samples, 99);
      console.log(
        name.padEnd(26),
        String(samples.length).padStart(6),
        p50.toFixed(1).padStart(8),
        `${(p50 / h50).toFixed(1)}x`.padStart(10),
        p99.toFixed(1).padStart(8),
        `${(p99 / h99).toFixed(1)}x`.padStart(10),
      );
    };
    console.log(
      `\n${label}: ${CHECK_INS} check-ins at ${CENTRES} centres answered in ${(took / 1000).toFixed(1)} s ` +
        `(limit ${LIMIT_MS / 1000} s); the sampled roster shows ${checkedIn} of ${roster.children.length} in`,
    );
    console.log(
      "call".padEnd(26),
      "calls".padStart(6),
      "p50 ms".padStart(8),
      "p50 vs h".padStart(10),
      "p99 ms".padStart(8),
      "p99 vs h".padStart(10),
    );
    line("GET /api/health", health);
    line("POST check-in", checkIns);
    line(`GET roster (${ROOM_SIZE} children)`, rosters);
    // After the figures, so that a slow run still shows where the time went.
    if (took > LIMIT_MS) throw new Error(`${label}: ${CHECK_INS} check-ins took ${(took / 1000).toFixed(1)} s`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

await onEachDatabase("attendance", async (database) => {
  const setup = await database.open();
  await setup.migrate();
  await seedDemoData(setup.db);
  await grow(setup.db);
  const work = await plan(setup.db);
  await setup.close();
  await peak(`${database.name}, ${CHILDREN} children`, database.env, work);
});
