/**
 * `npm run bench` (the classroom phone without a network, issue 33, Speed).
 *
 * 1. One device's queue: 200 taps (stars for the children of the teacher's room) sent one after
 *    another as the device sends its queue on reconnect (each with its `Idempotency-Key` and the
 *    time it was tapped), beside the same 200 sent online without a key. Then the same 200 keys
 *    sent again, as a device does when the answers were lost: all replayed, nothing written.
 * 2. 30 devices (30 sessions of the room's teacher) each replaying 50 taps at once, beside 30 × 50
 *    plain taps at once, while GET /api/health is called one after another: its p99 is printed.
 *
 * Every figure is also printed as a ratio to health's p50 measured in the same run; the run fails
 * on any answer other than 2xx or a replay that wrote something.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { onEachDatabase, percentile, signIn } from "./scale.ts";
import { startServer } from "./server.ts";

const QUEUE = 200;
const DEVICES = 30;
const PER_DEVICE = 50;

type Headers = Record<string, string>;

async function call(base: string, path: string, headers: Headers, body?: unknown, key?: string) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...headers,
      ...(body !== undefined && { "content-type": "application/json" }),
      ...(key && { "idempotency-key": key }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return { text, replayed: response.headers.get("idempotent-replayed") === "true" };
}

interface Tap {
  body: { child_id: string; reason: string; tapped_at?: string };
  key?: string;
}

/** A device's queue: taps sent in order, each after the one before it is answered. */
async function sendInOrder(base: string, headers: Headers, taps: Tap[]) {
  let replays = 0;
  for (const tap of taps) if ((await call(base, "/api/stars", headers, tap.body, tap.key)).replayed) replays++;
  return replays;
}

function taps(children: string[], count: number, queued: boolean): Tap[] {
  const tappedAt = new Date(Date.now() - 60_000).toISOString();
  return Array.from({ length: count }, (_, n) => ({
    body: {
      child_id: children[n % children.length]!,
      reason: "Helped tidy up",
      ...(queued && { tapped_at: tappedAt }),
    },
    ...(queued && { key: randomUUID() }),
  }));
}

/** Another device's session of the room's teacher; sign-ins of one address are throttled. */
async function signInPatiently(base: string): Promise<Headers> {
  for (;;) {
    try {
      return await signIn(base, "teacher@sprout.test");
    } catch (error) {
      const wait = /wait (\d+) second/.exec((error as Error).message);
      if (!wait) throw error;
      await new Promise((resolve) => setTimeout(resolve, Number(wait[1]) * 1000 + 100));
    }
  }
}

async function health(base: string) {
  const started = performance.now();
  await call(base, "/api/health", {});
  return performance.now() - started;
}

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

await onEachDatabase("offline", async (database) => {
  const { child, base } = await startServer({ ...database.env, DEMO_DATA: "1" });
  try {
    const teacher = await signIn(base, "teacher@sprout.test");
    const [room] = JSON.parse((await call(base, "/api/daily-activities/my-classrooms", teacher)).text) as {
      id: string;
    }[];
    const roster = JSON.parse((await call(base, `/api/attendance/roster?classroom_id=${room!.id}`, teacher)).text) as {
      children: { student_id: string }[];
    };
    const children = roster.children.map((kid) => kid.student_id);
    const baseline: number[] = [];
    for (let n = 0; n < 50; n++) baseline.push(await health(base));
    const h50 = percentile(baseline, 50);

    const online = taps(children, QUEUE, false);
    const queued = taps(children, QUEUE, true);
    await sendInOrder(base, teacher, taps(children, 20, true)); // warm-up
    const [plainMs] = await timed(() => sendInOrder(base, teacher, online));
    const [queueMs] = await timed(() => sendInOrder(base, teacher, queued));
    const [replayMs, replays] = await timed(() => sendInOrder(base, teacher, queued));
    if (replays !== QUEUE) throw new Error(`${QUEUE - replays} of the replayed taps were written again`);

    const devices: Headers[] = [];
    while (devices.length < DEVICES) devices.push(await signInPatiently(base));
    const atOnce = async (queuedTaps: boolean) => {
      const samples: number[] = [];
      let done = false;
      const sampler = (async () => {
        while (!done) samples.push(await health(base));
      })();
      const [ms] = await timed(() =>
        Promise.all(devices.map((headers) => sendInOrder(base, headers, taps(children, PER_DEVICE, queuedTaps)))),
      );
      done = true;
      await sampler;
      return { ms, p99: percentile(samples, 99) };
    };
    const plainMany = await atOnce(false);
    const queuedMany = await atOnce(true);

    const line = (label: string, ms: number, beside?: number) =>
      console.log(
        label.padEnd(52),
        `${(ms / 1000).toFixed(2)} s`.padStart(9),
        `${(ms / h50).toFixed(0)}x health`.padStart(14),
        beside === undefined ? "" : `  ${(ms / beside).toFixed(2)}x the online taps`,
      );
    console.log(`\n${database.name}: offline queue (health p50 ${h50.toFixed(1)} ms)`);
    line(`${QUEUE} taps online, one after another`, plainMs);
    line(`${QUEUE} queued taps sent on reconnect`, queueMs, plainMs);
    line(`the same ${QUEUE} sent again (all replayed)`, replayMs, plainMs);
    line(`${DEVICES} devices x ${PER_DEVICE} taps online at once`, plainMany.ms);
    line(`${DEVICES} devices x ${PER_DEVICE} queued taps at once`, queuedMany.ms, plainMany.ms);
    console.log(
      `GET /api/health p99 while they ran: online ${plainMany.p99.toFixed(1)} ms, queued ${queuedMany.p99.toFixed(1)} ms`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
});
