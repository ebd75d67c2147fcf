/**
 * `npm run bench` (realtime): how fast an emergency alert reaches a centre (issue 10).
 *
 * Sprout runs in its own process on a temporary embedded database (and again on PostgreSQL when
 * DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test, answers; a fresh database is created
 * and dropped). This process opens 1,000 sockets signed in as four staff users of one centre,
 * then, one alert at a time, times POST /api/center-director/emergency/alert from the moment the
 * call is sent to the moment each socket receives `emergency-alert`. The same is done, round for
 * round in turn, against a bare Socket.IO server in its own process (bench/realtime-bare-server.ts)
 * with another 1,000 sockets, broadcasting the same payload after an HTTP call. Goals: p99 <= 250 ms, and within 2x of the bare
 * broadcast. Any answer other than 2xx, or a socket that misses an alert, stops the bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const WARM_UP = 3;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** Staff of Sprout Koramangala; every one of their sockets is in that centre's staff room. */
const STAFF = ["director@sprout.test", "admin@sprout.test", "coordinator@sprout.test", "teacher@sprout.test"];
const ALERT = { alert_type: "fire", severity: "high", message: "Smoke near the kitchen", location: "Ground floor" };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(child: ChildProcess, ready: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if (await ready()) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

async function startSprout(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "development", DEMO_DATA: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${base}/api/health`)).ok, "Sprout");
  return { child, base };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/realtime-bare-server.ts"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(child, async () => (await fetch(`${base}/`)).status === 404, "the bare Socket.IO server");
  return { child, base };
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`${email} could not sign in: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; sessionToken: string; csrfToken: string };
}

/**
 * Opens the sockets (50 handshakes at a time) and returns a function that sends one alert and
 * resolves with every socket's delivery time in milliseconds.
 */
async function openAudience(base: string, auths: object[]) {
  const sockets: Socket[] = [];
  let times: number[] = [];
  let sentAt = 0;
  let received: unknown;
  let delivered: () => void = () => {};
  for (let start = 0; start < SOCKETS; start += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - start) }, (_, offset) => {
      const socket = io(base, {
        path: "/socket.io",
        auth: auths[(start + offset) % auths.length],
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        timeout: 20_000,
      });
      socket.on("emergency-alert", (payload: unknown) => {
        received = payload;
        times.push(performance.now() - sentAt);
        if (times.length === SOCKETS) delivered();
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", (error) => reject(new Error(`a socket was refused: ${error.message}`)));
      });
    });
    await Promise.all(batch);
  }
  const send = async (post: () => Promise<Response>, label: string): Promise<number[]> => {
    times = [];
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label}: ${times.length} of ${SOCKETS} sockets received the alert within 10 s`)),
        10_000,
      );
      delivered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    sentAt = performance.now();
    const response = await post();
    if (!response.ok) throw new Error(`${label}: the call answered ${response.status} ${await response.text()}`);
    await all;
    return times;
  };
  const close = () => {
    for (const socket of sockets) socket.close();
  };
  return { send, received: () => received, close };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Both servers run at once and their rounds alternate (an alert, then a bare broadcast), so that
 * both see the same load on the machine; the bare server broadcasts the payload Sprout sent.
 */
async function measure(label: string, env: Record<string, string>) {
  const [sprout, bare] = await Promise.all([startSprout(env), startBare()]);
  const audiences: Awaited<ReturnType<typeof openAudience>>[] = [];
  try {
    const sessions = await Promise.all(STAFF.map((email) => signIn(sprout.base, email)));
    const director = sessions[0]!;
    const staff = await openAudience(
      sprout.base,
      sessions.map((session) => ({ token: session.token, sessionToken: session.sessionToken })),
    );
    audiences.push(staff);
    const plain = await openAudience(bare.base, [{}]);
    audiences.push(plain);
    const alert = () =>
      staff.send(
        () =>
          fetch(`${sprout.base}/api/center-director/emergency/alert`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${director.token}`,
              "x-session-token": director.sessionToken,
              "x-csrf-token": director.csrfToken,
            },
            body: JSON.stringify(ALERT),
          }),
        `${label} alert`,
      );
    const broadcast = () =>
      plain.send(
        () =>
          fetch(`${bare.base}/broadcast`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(staff.received()),
          }),
        `${label} bare broadcast`,
      );
    for (let round = 0; round < WARM_UP; round++) {
      await alert();
      await broadcast();
    }
    const sproutTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      sproutTimes.push(...(await alert()));
      bareTimes.push(...(await broadcast()));
    }
    report(
      label,
      sproutTimes.sort((a, b) => a - b),
      bareTimes.sort((a, b) => a - b),
    );
  } finally {
    for (const audience of audiences) audience.close();
    await Promise.all([stop(sprout.child), stop(bare.child)]);
  }
}

function report(label: string, sprout: number[], bare: number[]) {
  const row = (name: string, times: number[]) =>
    console.log(
      name.padEnd(34),
      percentile(times, 0.5).toFixed(1).padStart(8),
      percentile(times, 0.99).toFixed(1).padStart(8),
      percentile(times, 1).toFixed(1).padStart(8),
    );
  console.log(`\n${label}: ${SOCKETS} sockets of one centre, ${ROUNDS} alerts after ${WARM_UP} warm-up alerts`);
  console.log("delivery from the POST".padEnd(34), "p50 ms".padStart(8), "p99 ms".padStart(8), "max ms".padStart(8));
  row("Sprout emergency alert", sprout);
  row("bare Socket.IO broadcast", bare);
  const p99 = percentile(sprout, 0.99);
  const ratio50 = percentile(sprout, 0.5) / Math.max(percentile(bare, 0.5), 0.1);
  const ratio99 = p99 / Math.max(percentile(bare, 0.99), 0.1);
  const mark = (ok: boolean) => (ok ? "met" : "MISSED");
  console.log(`ratio to bare: p50 ${ratio50.toFixed(2)}x, p99 ${ratio99.toFixed(2)}x`);
  console.log(`goal p99 <= 250 ms: ${mark(p99 <= 250)}; goal p99 within 2x of bare: ${mark(ratio99 <= 2)}`);
}

async function onEmbedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-realtime-"));
  try {
    const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
    await database.migrate();
    await seedDemoData(database.db);
    await database.close();
    await measure("embedded database", { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL not reachable at ${serverUrl}: ${(error as Error).message}; skipped`);
    return;
  }
  const name = `sprout_bench_realtime_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-realtime-pg-"));
  try {
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await seedDemoData(database.db);
    await database.close();
    await measure("PostgreSQL", {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      APP_SECRET: "bench-secret-".repeat(4),
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEmbedded();
await onPostgres();
