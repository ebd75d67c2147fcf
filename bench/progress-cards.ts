/**
 * `npm run bench` (progress cards, issue 36), on the embedded database: a class of 30 published
 * at once, then every card downloaded as a PDF, as a coordinator who publishes the class and
 * downloads all would. Each card carries the child's page, levels and narratives in six domains
 * and four photos (real JPEGs made here with sharp, stored as the portfolio stores them). Printed:
 * the wall time of the 30 PDFs one after the other and four at a time, the time per card as a
 * ratio to GET /api/health's p50, the PDFs' sizes, and the server's peak resident memory (VmHWM)
 * before and after.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ALL_ABOUT_ME_FIELDS } from "@sprout/shared/schemas/development/card";
import { sql } from "drizzle-orm";
import { embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { students } from "../apps/server/src/db/schema/children.ts";
import { createFileStore } from "../apps/server/src/files/store.ts";
import { storePhotoConsent } from "../apps/server/src/modules/privacy/consent-store.ts";
import { NCF, openTerm, portfolioPhoto, publish } from "../apps/server/test/development-support.ts";
import { startServer } from "./server.ts";

const CLASS = 30;
const PHOTOS = 4;
const AT_ONCE = 4;

/** The demo with one classroom of 30 children, each with a published card and four consented photos. */
async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
  await database.migrate();
  await seedDemoData(database.db);
  const db = database.db;
  const [room] = rowsOf<{ id: string; center_id: string; organisation_id: string }>(
    await db.execute(sql`select c.id, c.center_id, ce.organisation_id from classrooms c
      join centers ce on ce.id = c.center_id
      where c.center_id = (select center_id from users where email = 'coordinator@sprout.test')
      order by c.name limit 1`),
  );
  const [coordinator] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = 'coordinator@sprout.test'`),
  );
  const existing = rowsOf<{ id: string }>(
    await db.execute(sql`select id from students where class_id = ${room!.id} and status = 'active'`),
  );
  const added = await db
    .insert(students)
    .values(
      Array.from({ length: Math.max(0, CLASS - existing.length) }, (_, n) => ({
        centerId: room!.center_id,
        classroomId: room!.id,
        firstName: ["आरव", "Diya", "Kabir", "Meera", "Vihaan"][n % 5]!,
        lastName: `Bench ${n + 1}`,
        dateOfBirth: "2021-08-15",
      })),
    )
    .returning({ id: students.id });
  const children = [...existing, ...added].slice(0, CLASS);
  const files = createFileStore(path.join(dataDir, "files"));
  mkdirSync(path.join(dataDir, "files"), { recursive: true });
  const term = await openTerm(db, {
    centerId: room!.center_id,
    name: "Term 2 2026-27",
    startsOn: "2026-10-01",
    endsOn: "2027-01-31",
    classroomIds: [room!.id],
  });
  const competencies = NCF.file.domains.flatMap((domain) =>
    domain.goals.flatMap((goal) => goal.competencies).slice(0, 4),
  );
  const levels = NCF.file.levels.map((level) => level.key);
  const cards: string[] = [];
  for (const [index, child] of children.entries()) {
    await storePhotoConsent(db, {
      organisationId: room!.organisation_id,
      childId: child.id,
      consent: "own",
      by: coordinator!.id,
      at: new Date(),
    });
    const photos = [];
    for (let n = 0; n < PHOTOS; n++) {
      photos.push(
        await portfolioPhoto(db, files, {
          centerId: room!.center_id,
          childId: child.id,
          classroomId: room!.id,
          title: `Moment ${n + 1}`,
          colour: `hsl(${(index * 37 + n * 90) % 360}, 60%, 50%)`,
        }),
      );
    }
    const card = await publish(db, {
      term,
      childId: child.id,
      classroomId: room!.id,
      publishedBy: coordinator!.id,
      levels: competencies.map((competency, n) => ({
        competency_code: competency.code,
        level: levels[(index + n) % levels.length]!,
        comment: n % 3 === 0 ? "Shows this at circle time and in free play, with a friend's help at first." : "",
      })),
      narratives: NCF.file.domains.map((domain) => ({
        domain_code: domain.code,
        narrative: `In ${domain.name.toLowerCase()} the child has grown this term: joins in readily, tries new things and talks about them.`,
      })),
      photoItemIds: photos,
      allAboutMe: Object.fromEntries(ALL_ABOUT_ME_FIELDS.map((field) => [field, `${field.replaceAll("_", " ")}…`])),
    });
    cards.push(card.id);
  }
  await database.close();
  return cards;
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status}`);
  const login = (await response.json()) as { token: string; sessionToken: string; csrfToken: string };
  return { authorization: `Bearer ${login.token}`, "x-session-token": login.sessionToken };
}

const peakMemoryMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function timed(call: () => Promise<Response>) {
  const started = performance.now();
  const response = await call();
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-cards-"));
  try {
    const cards = await prepare(dataDir);
    const { child, base } = await startServer({ DATA_DIR: dataDir });
    try {
      const headers = await signIn(base, "coordinator@sprout.test");
      const health: number[] = [];
      for (let n = 0; n < 30; n++) health.push((await timed(() => fetch(`${base}/api/health`))).ms);
      const healthP50 = percentile(health, 50);
      const pdf = (id: string) => timed(() => fetch(`${base}/api/progress-cards/${id}/pdf?shade=colour`, { headers }));
      // One card first: fonts and the framework are read once per process.
      await pdf(cards[0]!);
      const before = { peak: peakMemoryMb(child.pid!), resident: residentMb(child.pid!) };
      let started = performance.now();
      const one: { ms: number; bytes: number }[] = [];
      for (const id of cards) one.push(await pdf(id));
      const sequential = performance.now() - started;
      const afterSequential = peakMemoryMb(child.pid!);
      started = performance.now();
      const queue = [...cards];
      const parallel: { ms: number; bytes: number }[] = [];
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) parallel.push(await pdf(id));
        }),
      );
      const together = performance.now() - started;
      const peak = peakMemoryMb(child.pid!);
      const perCard = one.map((entry) => entry.ms);
      const sizes = one.map((entry) => entry.bytes / 1024);
      console.log(
        `\nProgress cards: a class of ${cards.length} published, each with ${PHOTOS} photos and levels in every domain`,
      );
      console.log(
        `${cards.length} PDFs one after another: ${(sequential / 1000).toFixed(2)} s wall, ${percentile(perCard, 50).toFixed(0)} ms a card p50 (${(percentile(perCard, 50) / healthP50).toFixed(0)}x health p50 ${healthP50.toFixed(1)} ms), p99 ${percentile(perCard, 99).toFixed(0)} ms`,
      );
      console.log(
        `${cards.length} PDFs ${AT_ONCE} at a time: ${(together / 1000).toFixed(2)} s wall, ${percentile(
          parallel.map((entry) => entry.ms),
          50,
        ).toFixed(0)} ms a card p50`,
      );
      console.log(`PDF size: ${percentile(sizes, 50).toFixed(0)} KB p50, ${Math.max(...sizes).toFixed(0)} KB largest`);
      console.log(
        `server memory: ${before.resident.toFixed(0)} MB resident after the first card (peak ${before.peak.toFixed(0)} MB); peak ${afterSequential.toFixed(0)} MB after ${cards.length} in a row, ${peak.toFixed(0)} MB after ${AT_ONCE} at a time`,
      );
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
