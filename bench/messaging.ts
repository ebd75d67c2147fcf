/**
 * `npm run bench` (messaging): how fast a message reaches its recipient, and how a teacher's
 * conversation list holds up under load (issue 14).
 *
 * The bench adds 999 parent accounts to the demo's Sprout Koramangala, 200 of them guardians of
 * children in the demo teacher's classrooms, each with a conversation with that teacher (so the
 * teacher has 200 threads, three messages each). It opens a session for every parent directly
 * through the session service (the sign-in route allows 120 an address a minute) and connects
 * 1,000 sockets: the 999 parents and the teacher. Then, message after message, a different parent
 * POSTs to their thread and the time is taken until the teacher's socket receives `new-message`.
 * A bare Socket.IO server (bench/messaging-bare-server.ts, its own process, 1,000 sockets of its
 * own) does the same in alternate rounds: an HTTP call, then one emit to one user's room.
 * Last, autocannon loads the teacher's GET /api/messaging/threads (page of 20) and GET /api/health
 * at 50 connections; the thread list's p99 is shown as a ratio to health's.
 * It runs on the embedded database, then on PostgreSQL (DATABASE_URL, or the local server; a fresh
 * database is created and dropped; skipped when none answers).
 * Any answer other than 2xx, or a message that does not arrive within 10 s, stops the bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { and, eq, inArray } from "drizzle-orm";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { createSessionService } from "../apps/server/src/auth/sessions.ts";
import { createAccessTokens } from "../apps/server/src/auth/tokens.ts";
import { type Database, type DatabaseHandle, embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../apps/server/src/db/schema/children.ts";
import { messages, messageThreads } from "../apps/server/src/db/schema/communication.ts";
import { centers } from "../apps/server/src/db/schema/organisations.ts";
import { users } from "../apps/server/src/db/schema/users.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";
import { freePort, startServer } from "./server.ts";

const USERS = 1000;
const THREADS = 200;
const WARM_UP = 5;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const APP_SECRET = "bench-messaging-secret-".repeat(2);

interface Session {
  userId: string;
  token: string;
  sessionToken: string;
  csrfToken: string;
}

/** Parents, guardianships, the teacher's 200 threads and their sessions, written straight to the database. */
async function prepare(db: Database) {
  const [teacher] = await db.select().from(users).where(eq(users.email, "teacher@sprout.test"));
  const [centre] = await db.select().from(centers).where(eq(centers.id, teacher!.centerId!));
  const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacher!.id))).map(
    (row) => row.classroomId,
  );
  const children = await db
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.classroomId, rooms), eq(students.status, "active")));
  const parents = await db
    .insert(users)
    .values(
      Array.from({ length: USERS - 1 }, (_, n) => ({
        organisationId: centre!.organisationId,
        email: `bench.parent${n}@sprout.test`,
        fullName: `Bench Parent ${n}`,
        role: "parent" as const,
        centerId: centre!.id,
      })),
    )
    .returning({ id: users.id });
  const writers = parents.slice(0, THREADS);
  const kin = await db
    .insert(guardians)
    .values(writers.map((parent, n) => ({ centerId: centre!.id, firstName: `Bench Parent ${n}`, userId: parent.id })))
    .returning({ id: guardians.id });
  const childOf = (n: number) => children[n % children.length]!.id;
  await db
    .insert(studentGuardians)
    .values(kin.map((guardian, n) => ({ studentId: childOf(n), guardianId: guardian.id, relation: "Parent" })));
  const start = Date.now() - 3 * 86_400_000;
  const threads = await db
    .insert(messageThreads)
    .values(
      writers.map((parent, n) => ({
        centerId: centre!.id,
        childId: childOf(n),
        teacherId: teacher!.id,
        parentId: parent.id,
        createdAt: new Date(start),
        lastMessageAt: new Date(start + n * 60_000),
      })),
    )
    .returning({ id: messageThreads.id, parentId: messageThreads.parentId });
  await db.insert(messages).values(
    threads.flatMap((thread, n) =>
      [0, 1, 2].map((k) => {
        const fromParent = k !== 1;
        return {
          threadId: thread.id,
          senderId: fromParent ? thread.parentId : teacher!.id,
          recipientId: fromParent ? teacher!.id : thread.parentId,
          content: `Message ${k} of conversation ${n}`,
          isRead: k < 2,
          sentAt: new Date(start + n * 60_000 + k * 1000),
        };
      }),
    ),
  );
  // The bench only starts sessions; none is revoked, so there is nothing of another area to drop.
  const nothingToDrop = async () => {};
  const sessionService = createSessionService({
    db,
    clock: systemClock,
    accessTokens: createAccessTokens(APP_SECRET),
    ended: { session: nothingToDrop, user: nothingToDrop },
  });
  const open = async (userId: string): Promise<Session> => ({
    userId,
    ...(await sessionService.start(userId, {}, { actorId: userId, action: "login", entity: "session" })),
  });
  const sessions: Session[] = [];
  for (const parent of parents) sessions.push(await open(parent.id));
  return { teacher: await open(teacher!.id), parents: sessions, threads };
}

/**
 * Connects sockets 50 handshakes at a time. The first is the recipient: a `new-message` it receives
 * with a waited-for content resolves the wait (the sender's own socket hears it too, and must not).
 */
async function connectAll(base: string, auths: object[]) {
  const sockets: Socket[] = [];
  const waiting = new Map<string, (at: number) => void>();
  for (let start = 0; start < auths.length; start += 50) {
    await Promise.all(
      auths.slice(start, start + 50).map((auth) => {
        const socket = io(base, {
          path: "/socket.io",
          auth,
          transports: ["websocket"],
          forceNew: true,
          reconnection: false,
        });
        if (sockets.length === 0)
          socket.on("new-message", (payload: { content: string }) => waiting.get(payload.content)?.(performance.now()));
        sockets.push(socket);
        return new Promise<void>((resolve, reject) => {
          socket.once("connect", () => resolve());
          socket.once("connect_error", (error) => reject(new Error(`a socket was refused: ${error.message}`)));
        });
      }),
    );
  }
  /** Sends with `post` and resolves with the milliseconds until a socket receives `content`. */
  const time = async (content: string, post: () => Promise<Response>, label: string) => {
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label}: not received within 10 s`)), 10_000);
      waiting.set(content, (at) => {
        clearTimeout(timer);
        waiting.delete(content);
        resolve(at);
      });
    });
    const sentAt = performance.now();
    const response = await post();
    if (!response.ok) throw new Error(`${label}: the call answered ${response.status} ${await response.text()}`);
    return (await arrived) - sentAt;
  };
  const close = () => {
    for (const socket of sockets) socket.close();
  };
  return { time, close };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/messaging-bare-server.ts"], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/`)).status === 404) return { child, base };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error("the bare Socket.IO server did not start");
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const headersOf = (session: Session) => ({
  "content-type": "application/json",
  authorization: `Bearer ${session.token}`,
  "x-session-token": session.sessionToken,
  "x-csrf-token": session.csrfToken,
});

async function load(url: string, headers: Record<string, string>, label: string) {
  await autocannon({ url, headers, connections: 50, duration: 2 });
  const result = await autocannon({ url, headers, connections: 50, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

/** Measures one database: `open` makes and seeds it; `env` points the server at it. */
async function run(label: string, open: () => Promise<DatabaseHandle>, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-messaging-"));
  let sprout: Awaited<ReturnType<typeof startServer>> | undefined;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const audiences: { close(): void }[] = [];
  try {
    const database = await open();
    await database.migrate();
    await seedDemoData(database.db);
    const { teacher, parents, threads } = await prepare(database.db);
    await database.close();
    [sprout, bare] = await Promise.all([startServer({ DATA_DIR: dataDir, APP_SECRET, ...env }), startBare()]);

    const people = [teacher, ...parents];
    const sproutSockets = await connectAll(
      sprout.base,
      people.map((session) => ({ token: session.token, sessionToken: session.sessionToken })),
    );
    audiences.push(sproutSockets);
    const bareSockets = await connectAll(
      bare.base,
      people.map((session) => ({ user: session.userId })),
    );
    audiences.push(bareSockets);

    const writerOf = new Map(parents.map((session) => [session.userId, session]));
    const sproutTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      const thread = threads[round % threads.length]!;
      const writer = writerOf.get(thread.parentId)!;
      const content = `Bench message ${round}`;
      const viaSprout = await sproutSockets.time(
        content,
        () =>
          fetch(`${sprout!.base}/api/messaging/threads/${thread.id}/messages`, {
            method: "POST",
            headers: headersOf(writer),
            body: JSON.stringify({ recipient_id: teacher.userId, content }),
          }),
        `message ${round}`,
      );
      const bareContent = `Bare message ${round}`;
      const viaBare = await bareSockets.time(
        bareContent,
        () =>
          fetch(`${bare!.base}/to/${teacher.userId}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ thread_id: thread.id, content: bareContent }),
          }),
        `bare message ${round}`,
      );
      if (round >= WARM_UP) {
        sproutTimes.push(viaSprout);
        bareTimes.push(viaBare);
      }
    }
    sproutTimes.sort((a, b) => a - b);
    bareTimes.sort((a, b) => a - b);

    for (const audience of audiences.splice(0)) audience.close();
    const threadList = await load(
      `${sprout.base}/api/messaging/threads?page=1&limit=20`,
      headersOf(teacher),
      "thread list",
    );
    const health = await load(`${sprout.base}/api/health`, {}, "health");

    console.log(
      `\nmessaging on ${label}: ${USERS} connected users (999 parents and the teacher), ${ROUNDS} messages after ${WARM_UP}`,
    );
    console.log("parent's POST to the teacher's socket".padEnd(40), "p50 ms".padStart(8), "p99 ms".padStart(8));
    const row = (name: string, times: number[]) =>
      console.log(
        name.padEnd(40),
        percentile(times, 0.5).toFixed(1).padStart(8),
        percentile(times, 0.99).toFixed(1).padStart(8),
      );
    row("Sprout message", sproutTimes);
    row("bare Socket.IO emit to a user's room", bareTimes);
    const ratio = (p: number) => percentile(sproutTimes, p) / Math.max(percentile(bareTimes, p), 0.1);
    console.log(`ratio to bare: p50 ${ratio(0.5).toFixed(2)}x, p99 ${ratio(0.99).toFixed(2)}x`);
    console.log(`\nteacher's thread list (${THREADS} threads, page of 20) at 50 connections, ${DURATION} s`);
    console.log("call".padEnd(40), "p50 ms".padStart(8), "p99 ms".padStart(8), "req/s".padStart(8));
    for (const [name, figure] of [
      ["GET /api/messaging/threads", threadList],
      ["GET /api/health", health],
    ] as const)
      console.log(
        name.padEnd(40),
        String(figure.p50).padStart(8),
        String(figure.p99).padStart(8),
        figure.rps.toFixed(0).padStart(8),
      );
    console.log(
      `thread list p99 / health p99: ${(threadList.p99 / Math.max(health.p99, 1)).toFixed(2)}x; ` +
        `throughput ${(threadList.rps / health.rps).toFixed(2)} of health's`,
    );
  } finally {
    for (const audience of audiences) audience.close();
    await Promise.all([sprout && stop(sprout.child), bare && stop(bare.child)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const embeddedDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-messaging-db-"));
try {
  await run("the embedded database", () => openDatabase({ dataDir: embeddedDataDir(embeddedDir) }), {
    DATA_DIR: embeddedDir,
  });
} finally {
  rmSync(embeddedDir, { recursive: true, force: true });
}

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const admin = new pg.Client({ connectionString: serverUrl });
const reachable = await admin.connect().then(
  () => true,
  (error: Error) => console.log(`\nPostgreSQL not reachable at ${serverUrl}: ${error.message}; skipped`),
);
if (reachable) {
  const name = `sprout_bench_messaging_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await run("PostgreSQL", () => openDatabase({ url: url.toString() }), { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
