/**
 * `npm run bench` (digital portfolio, issue 15), on the embedded database:
 *
 * 1. The gallery at 100,000 items: one child's portfolio holds 100,000 photos; a teacher pages
 *    through it (12 a page, random pages among the first 100, and the last page) while GET
 *    /api/health is timed beside it: p50/p99 as ratios to health's.
 * 2. Uploads: 10, then 100 phone photos (4032x3024 JPEGs with EXIF, made here) sent as batches of
 *    10, two batches at once, each run on a freshly started server; every part streams to a
 *    temporary file and each photo is decoded from disk into a display size and a thumbnail.
 *    Throughput (photos/s), the time per photo as a ratio to health's p50, and each server's peak
 *    resident memory (VmHWM): flat from 10 to 100 photos, because no upload is held in memory and
 *    at most DECODE_SLOTS photos are decoded at once.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { DECODE_SLOTS } from "../apps/server/src/modules/digital-portfolio/media.ts";
import { storeAnswers } from "../apps/server/src/modules/privacy/consent-store.ts";
import { startServer } from "./server.ts";

/** BENCH_PORTFOLIO_ITEMS runs the gallery part at a smaller scale (a quick check). */
const ITEMS = Number(process.env.BENCH_PORTFOLIO_ITEMS ?? 100_000);
const GALLERY_CALLS = 100;
const PHOTO_RUNS = [10, 100];
const BATCH = 10;
const BATCHES_AT_ONCE = 2;

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The demo with its first child's parent consenting and 100,000 items in that child's portfolio. */
async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
  await database.migrate();
  await seedDemoData(database.db);
  const db = database.db;
  const [child] = rowsOf<{ id: string; center_id: string; class_id: string }>(
    await db.execute(sql`select id, center_id, class_id from students
      where first_name = 'Aanya' and last_name = 'Malhotra'`),
  );
  const [teacher] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = 'teacher@sprout.test'`),
  );
  await storeAnswers(db, {
    childId: child!.id,
    answers: { portfolio_photos: true, group_photos: true },
    noticeId: null,
    by: null,
    at: new Date(),
  });
  await db.execute(sql`
    insert into portfolio_items (center_id, student_id, classroom_id, title, file_name, media_type, mime_type,
                                 stored_name, thumb_stored_name, size_bytes, uploaded_by, is_favorite, created_at)
    select ${child!.center_id}, ${child!.id}, ${child!.class_id}, 'Photo ' || n, 'photo-' || n || '.jpg', 'image',
           'image/jpeg', gen_random_uuid() || '.jpg', gen_random_uuid() || '.jpg', 400000, ${teacher!.id},
           n % 10 = 0, now() - n * interval '1 minute'
    from generate_series(1, ${ITEMS}) n`);
  await db.execute(sql`
    insert into portfolio_item_children (item_id, student_id)
    select id, student_id from portfolio_items`);
  await db.execute(sql`vacuum analyze`);
  await database.close();
  return child!.id;
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status}`);
  const login = (await response.json()) as { token: string; sessionToken: string; csrfToken: string };
  return {
    authorization: `Bearer ${login.token}`,
    "x-session-token": login.sessionToken,
    "x-csrf-token": login.csrfToken,
  };
}

async function timed(call: () => Promise<Response>) {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  return performance.now() - started;
}

/** Times GET /api/health every 100 ms until `done` settles. */
async function healthBeside<T>(base: string, done: Promise<T>) {
  const samples: number[] = [];
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    samples.push(await timed(() => fetch(`${base}/api/health`)));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { result: await done, samples };
}

const peakMemoryMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** One upload run of `photos` phone photos on a freshly started server: throughput and peak memory. */
async function uploadRun(dataDir: string, childId: string, phone: Buffer, photos: number) {
  const { child, base } = await startServer({ DATA_DIR: dataDir });
  try {
    const headers = await signIn(base, "teacher@sprout.test");
    const batch = () => {
      const form = new FormData();
      form.set("childId", childId);
      for (let n = 0; n < BATCH; n++)
        form.append("files", new Blob([new Uint8Array(phone)], { type: "image/jpeg" }), `phone-${n}.jpg`);
      return timed(() => fetch(`${base}/api/digital-portfolio/batch-upload`, { method: "POST", headers, body: form }));
    };
    const before = peakMemoryMb(child.pid!);
    const started = performance.now();
    const uploads = await healthBeside(
      base,
      (async () => {
        const queue = Array.from({ length: photos / BATCH }, () => batch);
        const lanes = Array.from({ length: BATCHES_AT_ONCE }, async () => {
          while (queue.length) await queue.shift()!();
        });
        await Promise.all(lanes);
      })(),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      photos,
      seconds,
      healthP50: percentile(uploads.samples, 50),
      before,
      peak: peakMemoryMb(child.pid!),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-portfolio-"));
  try {
    const childId = await prepare(dataDir);
    const { child, base } = await startServer({ DATA_DIR: dataDir });
    try {
      const headers = await signIn(base, "teacher@sprout.test");
      const page = (n: number) =>
        timed(() => fetch(`${base}/api/digital-portfolio/child/${childId}?page=${n}&limit=12`, { headers }));
      await page(1);
      const gallery = await healthBeside(
        base,
        (async () => {
          const calls: number[] = [];
          for (let call = 0; call < GALLERY_CALLS; call++) calls.push(await page(1 + Math.floor(Math.random() * 100)));
          return calls;
        })(),
      );
      const last = await page(Math.ceil(ITEMS / 12));
      const h50 = percentile(gallery.samples, 50);
      const h99 = percentile(gallery.samples, 99);
      const g50 = percentile(gallery.result, 50);
      const g99 = percentile(gallery.result, 99);
      console.log(`\nDigital portfolio gallery at ${ITEMS.toLocaleString("en-IN")} items (embedded database)`);
      console.log(`GET /api/health            p50 ${h50.toFixed(1)} ms, p99 ${h99.toFixed(1)} ms`);
      console.log(
        `gallery page (12 items)    p50 ${g50.toFixed(1)} ms, p99 ${g99.toFixed(1)} ms  (p50 ${(g50 / h50).toFixed(1)}x, p99 ${(g99 / h99).toFixed(1)}x health)`,
      );
      console.log(`last page (offset ${ITEMS - 12})   ${last.toFixed(1)} ms`);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }

    const phone = await sharp({
      create: {
        width: 4032,
        height: 3024,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: "BenchPhone", Model: "12" } })
      .toBuffer();
    console.log(
      `\nPhone photos (4032x3024, ${(phone.length / 1024 / 1024).toFixed(1)} MB each), batches of ${BATCH}, ${BATCHES_AT_ONCE} at once, streamed to disk, at most ${DECODE_SLOTS} decoded at once; a fresh server per run`,
    );
    const runs = [];
    for (const photos of PHOTO_RUNS) {
      const run = await uploadRun(dataDir, childId, phone, photos);
      runs.push(run);
      const perPhoto = (run.seconds * 1000) / photos;
      console.log(
        `${String(photos).padStart(3)} photos: ${(photos / run.seconds).toFixed(2)} photos/s, ${perPhoto.toFixed(0)} ms a photo (${(perPhoto / run.healthP50).toFixed(0)}x health p50 ${run.healthP50.toFixed(1)} ms), server peak memory ${run.peak.toFixed(0)} MB (${run.before.toFixed(0)} MB before the uploads)`,
      );
    }
    const [small, large] = runs;
    console.log(
      `peak memory at ${large!.photos} photos is ${(large!.peak / small!.peak).toFixed(2)}x the peak at ${small!.photos} (flat: uploads are not held in memory)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
