/**
 * `npm run bench` (access log, issue 19): what logging a staff read of a child's record costs.
 * Through the real server on the embedded database (and on PostgreSQL when one is reachable),
 * with an access log already holding 200,000 reads (grown here), medians of:
 * - GET /api/health, the floor;
 * - GET /api/child-health/:id as the child's parent: not logged (a family's own read);
 * - the same route, the same row, as the centre's director: logged;
 * - GET /api/students/:id/details as the director: a profile read, logged.
 * The logged and unlogged reads of the same row differ only by the log (and the caller's scope),
 * so their ratio is the log's cost; each is also given as a ratio to health. A burst of 200
 * concurrent logged reads shows the batched writer under load, and the log's count afterwards
 * proves every read was written.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { onEachDatabase } from "./scale.ts";
import { startServer } from "./server.ts";

const GROWN = 200_000;
const ROUNDS = 7;
const CALLS = 40;
const BURST = 200;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Demo data, and a year of reads by the demo staff of every child: the log as it is before the run. */
async function prepare(db: Database) {
  await seedDemoData(db);
  await db.execute(sql`
    insert into child_record_views (student_id, center_id, viewer_id, viewer_role, kind, screen, viewed_at)
    select s.id, s.center_id, u.id, u.role, (array['profile','health','observations','photos','messages','invoices'])[1 + n % 6],
           '/children/:id', now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second'
    from generate_series(1, ${GROWN}) n
    join lateral (select id, center_id from students order by id offset (n % (select count(*) from students)) limit 1) s on true
    join lateral (select id, role from users where role <> 'parent' order by id offset (n % 5) limit 1) u on true`);
  await db.execute(sql`vacuum analyze`);
}

async function figures(label: string, env: Record<string, string>) {
  const { child, base } = await startServer(env);
  try {
    const signIn = async (email: string) => {
      const response = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      const session = (await response.json()) as { token: string; sessionToken: string };
      return {
        authorization: `Bearer ${session.token}`,
        "x-session-token": session.sessionToken,
        "x-sprout-screen": "/children/:id",
      };
    };
    const parent = await signIn("parent@sprout.test");
    const director = await signIn("director@sprout.test");
    const consents = (await (await fetch(`${base}/api/privacy/consents`, { headers: parent })).json()) as {
      children: { child_id: string }[];
    };
    const childId = consents.children[0]!.child_id;
    const read = async (url: string, headers?: Record<string, string>) => {
      const response = await fetch(`${base}${url}`, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await response.arrayBuffer();
    };
    const calls = {
      health: () => read("/api/health"),
      unlogged: () => read(`/api/child-health/${childId}`, parent),
      logged: () => read(`/api/child-health/${childId}`, director),
      profile: () => read(`/api/students/${childId}/details`, director),
    };
    const logTotal = async () =>
      (
        (await (await fetch(`${base}/api/privacy/access-log?limit=1`, { headers: director })).json()) as {
          pagination: { total: number };
        }
      ).pagination.total;

    for (const call of Object.values(calls)) await call();
    const before = await logTotal();
    const times: Record<keyof typeof calls, number[]> = { health: [], unlogged: [], logged: [], profile: [] };
    // Interleaved rounds: a slow moment of the machine falls on every kind alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, call] of Object.entries(calls) as [keyof typeof calls, () => Promise<void>][]) {
        const start = performance.now();
        for (let index = 0; index < CALLS; index++) await call();
        times[name].push((performance.now() - start) / CALLS);
      }
    }
    const burstStart = performance.now();
    await Promise.all(Array.from({ length: BURST }, () => calls.logged()));
    const burstMs = performance.now() - burstStart;
    const written = (await logTotal()) - before;
    const expected = ROUNDS * CALLS * 2 + BURST;

    const ms = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)])) as Record<
      keyof typeof calls,
      number
    >;
    const ratio = (value: number) => (value / ms.health).toFixed(2);
    console.log(`\naccess log (${label}, ${GROWN.toLocaleString("en-IN")} reads already logged)`);
    console.log(`  GET /api/health                          ${ms.health.toFixed(2)} ms (1.00)`);
    console.log(`  child health as the parent (not logged)  ${ms.unlogged.toFixed(2)} ms (${ratio(ms.unlogged)})`);
    console.log(`  child health as the director (logged)    ${ms.logged.toFixed(2)} ms (${ratio(ms.logged)})`);
    console.log(`  child profile as the director (logged)   ${ms.profile.toFixed(2)} ms (${ratio(ms.profile)})`);
    console.log(`  logged / unlogged read of the same row   ${(ms.logged / ms.unlogged).toFixed(2)}`);
    console.log(`  ${BURST} concurrent logged reads            ${burstMs.toFixed(0)} ms`);
    console.log(`  reads written to the log: ${written} of ${expected}`);
  } finally {
    child.kill();
  }
}

await onEachDatabase("access-log", async (database) => {
  const opened = await database.open();
  await opened.migrate();
  await prepare(opened.db);
  await opened.close();
  await figures(database.name === "embedded" ? "embedded" : "postgres", database.env);
});
