/**
 * `npm run bench` (the child's day, issue 13) at 10,000 children, each with one parent sign-in and
 * a day recorded (two meals, a nap, two potty entries, a star).
 *
 * 1. The parent portal's home (every call the web app's parent home makes: children, attendance,
 *    unread counts, incidents, assignments, then the selected child's tiles, plan, media,
 *    invoices, pick-up people and announcements) loaded over and over by 40 parents at once for
 *    30 seconds, while GET /api/health is called every 150 ms beside it: p50/p99 of a home load
 *    printed as ratios to health's.
 * 2. The evening digest for the 10,000 parents: the job run once (claim, gather, one e-mail each
 *    queued in the outbox) after the server has stopped, with the clock at 18:30 of that day; the
 *    total time is printed, and the run fails unless every parent got exactly one e-mail.
 *
 * Embedded database first, then PostgreSQL (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test;
 * a fresh database is created and dropped), skipped when none answers. BENCH_DB=embedded|postgres
 * runs one.
 */
import { sql } from "drizzle-orm";
import { createSecretBox } from "../apps/server/src/auth/secrets.ts";
import type { Database, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { createMailer } from "../apps/server/src/mail/mailer.ts";
import { runDailyDigest } from "../apps/server/src/modules/child-day/digest.ts";
import { growCentresAndChildren, onEachDatabase, percentile, signIn } from "./scale.ts";
import { startServer } from "./server.ts";

const CENTRES = 20;
const CHILDREN = 10_000;
const ROOM_SIZE = 30;
const PARENTS_AT_ONCE = 40;
const LOAD_MS = 30_000;
const SAMPLE_EVERY_MS = 150;
/** The centres' day (Asia/Kolkata) as the server will see it during the run. */
const DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

const benchParent = (n: number) => `bench-parent-${n}@sprout.test`;

/** 17 more centres, the children the demo lacks in rooms of 30, one parent each, and their day. */
async function grow(db: Database) {
  await growCentresAndChildren(db, { centres: CENTRES, children: CHILDREN, roomSize: ROOM_SIZE });
  // One parent per bench child, signing in with the demo parent's password.
  await db.execute(sql`
    insert into users (organisation_id, email, password_hash, full_name, role, center_id)
    select c.organisation_id, 'bench-parent-' || substr(s.first_name, 6) || '@sprout.test',
           (select password_hash from users where email = 'parent@sprout.test'), 'Parent of ' || s.first_name,
           'parent', s.center_id
    from students s join centers c on c.id = s.center_id
    where s.first_name like 'Bench%'`);
  await db.execute(sql`
    insert into guardians (center_id, first_name, email, user_id)
    select u.center_id, u.full_name, u.email, u.id from users u where u.email like 'bench-parent-%'`);
  await db.execute(sql`
    insert into student_guardians (student_id, guardian_id, relation)
    select s.id, g.id, 'mother'
    from students s join guardians g on g.email = 'bench-parent-' || substr(s.first_name, 6) || '@sprout.test'
    where s.first_name like 'Bench%'`);
  // Every child's day: breakfast and lunch, a nap, two diaper changes and a star.
  const day = sql`${DAY}::date`;
  const stamp = sql`${`${DAY}T06:00:00Z`}::timestamptz`;
  await db.execute(sql`
    insert into food_entries (student_id, center_id, day, meal_type, food_consumed, created_at)
    select s.id, s.center_id, ${day}, meal, amount, ${stamp}
    from students s cross join (values ('breakfast', 100), ('lunch', 75)) m(meal, amount)
    where s.status <> 'left'`);
  await db.execute(sql`
    insert into sleep_entries (student_id, center_id, day, start_time, end_time, created_at)
    select s.id, s.center_id, ${day}, '13:00', '14:20', ${stamp} from students s where s.status <> 'left'`);
  await db.execute(sql`
    insert into potty_entries (student_id, center_id, day, type, diaper_status, created_at)
    select s.id, s.center_id, ${day}, 'diaper_change', p.diaper, ${stamp}
    from students s cross join (values ('wet'), ('dry')) p(diaper) where s.status <> 'left'`);
  await db.execute(sql`
    insert into stars (student_id, center_id, day, reason, created_at)
    select s.id, s.center_id, ${day}, 'Shared the blocks', ${stamp} from students s where s.status <> 'left'`);
  await db.execute(sql`vacuum analyze`);
  const [{ parents }] = rowsOf<{ parents: number }>(
    await db.execute(sql`
      select count(distinct g.user_id)::int as parents
      from student_guardians sg join guardians g on g.id = sg.guardian_id join users u on u.id = g.user_id
      join students s on s.id = sg.student_id
      where u.is_active and s.status <> 'left'`),
  ) as [{ parents: number }];
  return parents;
}

async function get(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
  return body;
}

/**
 * A parent's home as the web app loads it (ParentDashboard and its cards): what needs no child
 * at once, then, for the selected (first) child, the tiles' calls and the pick-up card at once.
 * The app shell's own calls (notifications, navigation badges) are not counted; the badges'
 * unread count is, because the Messages tile reads it.
 */
async function home(base: string, headers: Record<string, string>) {
  const started = performance.now();
  const [childrenBody] = await Promise.all([
    get(`${base}/api/parents/my-children`, headers),
    get(`${base}/api/parents/link-requests`, headers),
    get(`${base}/api/parents/attendance/today`, headers),
    get(`${base}/api/communication/unread`, headers),
    get(`${base}/api/parents/incidents?page=1&limit=10`, headers),
    get(`${base}/api/assignments?page=1&limit=50`, headers),
    get(`${base}/api/parents/digest`, headers),
  ]);
  const children = JSON.parse(childrenBody) as { id: string; classroom_id: string | null }[];
  const child = children[0];
  if (!child) throw new Error("a bench parent without a child");
  const [summaryBody] = await Promise.all([
    get(`${base}/api/parents/child-day/${child.id}`, headers),
    get(`${base}/api/lesson-plans/today?child_id=${child.id}`, headers),
    get(`${base}/api/digital-portfolio/child/${child.id}?page=1&limit=12&sortBy=created_at&sortOrder=desc`, headers),
    get(`${base}/api/invoices?child_id=${child.id}&status=Overdue&limit=5`, headers),
    get(`${base}/api/invoices?child_id=${child.id}&status=Pending&limit=5`, headers),
    get(`${base}/api/attendance/children/${child.id}/pickup-people`, headers),
    child.classroom_id ? get(`${base}/api/classroom-announcements/${child.classroom_id}?limit=1`, headers) : null,
  ]);
  const summary = JSON.parse(summaryBody) as { meals: unknown[]; sleep_minutes: number };
  if (summary.meals.length !== 2 || summary.sleep_minutes !== 80)
    throw new Error("a home shows another day than the one recorded");
  return performance.now() - started;
}

async function portalHome(label: string, env: Record<string, string>) {
  const { child, base } = await startServer(env);
  try {
    // Parents spread over the organisation (every 250th bench child's parent).
    const parents = await Promise.all(
      Array.from({ length: PARENTS_AT_ONCE }, (_, n) => signIn(base, benchParent(n * 250))),
    );
    for (const headers of parents.slice(0, 10)) await home(base, headers);
    const homes: number[] = [];
    const health: number[] = [];
    const until = performance.now() + LOAD_MS;
    const load = parents.map(async (headers) => {
      while (performance.now() < until) homes.push(await home(base, headers));
    });
    const sampler = (async () => {
      while (performance.now() < until) {
        const tick = new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
        const started = performance.now();
        await get(`${base}/api/health`, {});
        health.push(performance.now() - started);
        await tick;
      }
    })();
    await Promise.all([...load, sampler]);
    const h50 = percentile(health, 50);
    const h99 = percentile(health, 99);
    const p50 = percentile(homes, 50);
    const p99 = percentile(homes, 99);
    console.log(`\n${label}: ${PARENTS_AT_ONCE} parents loading their portal home for ${LOAD_MS / 1000} s`);
    console.log("call".padEnd(34), "calls".padStart(6), "p50 ms".padStart(8), "p99 ms".padStart(8));
    console.log(
      "GET /api/health".padEnd(34),
      String(health.length).padStart(6),
      h50.toFixed(1).padStart(8),
      h99.toFixed(1).padStart(8),
    );
    console.log(
      "portal home (all its calls)".padEnd(34),
      String(homes.length).padStart(6),
      p50.toFixed(1).padStart(8),
      p99.toFixed(1).padStart(8),
      `  p50 ${(p50 / h50).toFixed(1)}x, p99 ${(p99 / h99).toFixed(1)}x health`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** The evening digest for every parent, in process, through the real outbox. */
async function digest(label: string, database: Awaited<ReturnType<typeof openDatabase>>, parents: number) {
  const db = database.db;
  const clock = { now: () => new Date(`${DAY}T18:30:00+05:30`) };
  const mailer = createMailer({
    db,
    clock,
    env: "development",
    secrets: createSecretBox("bench-secret-".repeat(4)),
    from: "Sprout <no-reply@sprout.test>",
    // The job is measured, not a mail server: delivery (which runs beside it) drops each message.
    transport: { sendMail: async () => undefined },
  });
  const started = performance.now();
  const outcome = await runDailyDigest(db, clock, (message) => mailer.send(message));
  const took = performance.now() - started;
  await mailer.flush();
  const [{ letters }] = rowsOf<{ letters: number }>(
    await db.execute(
      sql`select count(distinct to_address)::int as letters from mail_outbox where subject like '%day at Sprout%'`,
    ),
  ) as [{ letters: number }];
  console.log(
    `${label}: evening digest for ${parents} parents: ${outcome.mailed} e-mails queued in ${(took / 1000).toFixed(1)} s`,
  );
  if (outcome.mailed !== parents || letters !== parents)
    throw new Error(`${label}: ${outcome.mailed} digests (${letters} in the outbox) for ${parents} parents`);
}

await onEachDatabase("child-day", async (database) => {
  const label = `${database.name}, ${CHILDREN} children`;
  const setup = await database.open();
  await setup.migrate();
  await seedDemoData(setup.db);
  const parents = await grow(setup.db);
  await setup.close();
  await portalHome(label, database.env);
  const again = await database.open();
  try {
    await digest(label, again, parents);
  } finally {
    await again.close();
  }
});
