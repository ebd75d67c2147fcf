/**
 * `npm run bench` (push): an emergency alert to 5,000 subscribed devices (issue 32, Speed).
 *
 * A stand-in push service runs in its own process (bench/push-service-stand-in.ts): HTTPS with a
 * self-signed certificate that Sprout trusts through NODE_EXTRA_CA_CERTS, as it trusts a real
 * push service through the system's roots. Sprout runs in its own process on a temporary embedded
 * database holding the demo data and 5,000 subscriptions of people at Sprout Koramangala. Each
 * round times POST /api/center-director/emergency/alert from the moment the call is sent to the
 * moment the stand-in has received all 5,000 pushes, while GET /api/health is called one after
 * another (its p99 is reported); then, in turn, a bare loop of web-push's sendNotification in
 * this process sends the same payload to the same 5,000 devices, 50 at a time (the sender's own
 * concurrency). Goal: Sprout within 1.5x of the bare loop.
 */
import { type ChildProcess, execFileSync, fork } from "node:child_process";
import { createECDH, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import { embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { rowsOf } from "../apps/server/src/db/rows.ts";
import { pushSubscriptions } from "../apps/server/src/db/schema/push.ts";
import { startServer } from "./server.ts";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BARE_CONCURRENCY = 50;
const ALERT = { alert_type: "fire", severity: "high", message: "Smoke near the kitchen" };

function certificate(dir: string) {
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    ],
    { stdio: "ignore" },
  );
}

/** The stand-in, and a way to wait until it has received `count` pushes. */
async function startStandIn(certDir: string) {
  const child = fork("bench/push-service-stand-in.ts", {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_CERT_DIR: certDir },
  });
  const port = await new Promise<number>((resolve) => child.once("message", (m: { port: number }) => resolve(m.port)));
  const expect = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the stand-in did not receive ${count} pushes in 120 s`)),
        120_000,
      );
      child.once("message", () => {
        clearTimeout(timer);
        resolve();
      });
      child.send({ expect: count });
    });
  return { child, host: `localhost:${port}`, expect };
}

/** Demo data and DEVICES subscriptions spread over the staff of the director's centre. */
async function prepare(dataDir: string, host: string) {
  const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
  await database.migrate();
  await seedDemoData(database.db);
  const staff = rowsOf<{ id: string }>(
    await database.db.execute(sql`
      select u.id from users u join users d on d.center_id = u.center_id
      where d.email = 'director@sprout.test' and u.role <> 'parent' and u.is_active`),
  ).map((row) => row.id);
  const devices = Array.from({ length: DEVICES }, (_, n) => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      endpoint: `https://${host}/push/${n}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
  });
  for (let start = 0; start < DEVICES; start += 500)
    await database.db.insert(pushSubscriptions).values(
      devices.slice(start, start + 500).map((device, offset) => ({
        userId: staff[(start + offset) % staff.length]!,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        createdAt: new Date(),
      })),
    );
  await database.close();
  return devices;
}

/** GET /api/health one call after another until stopped; the times in ms. */
function healthLoop(base: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/health answered ${response.status}`);
      times.push(performance.now() - start);
    }
  })();
  return async () => {
    running = false;
    await done;
    return times;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const certDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-push-cert-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-push-"));
  const children: ChildProcess[] = [];
  try {
    certificate(certDir);
    const standIn = await startStandIn(certDir);
    children.push(standIn.child);
    const devices = await prepare(dataDir, standIn.host);
    const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:bench@sprout.test" };
    const sprout = await startServer({
      DATA_DIR: dataDir,
      NODE_EXTRA_CA_CERTS: path.join(certDir, "cert.pem"),
      PUSH_ALLOWED_HOSTS: standIn.host,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
    });
    children.push(sprout.child);
    // The bare loop in this process trusts the stand-in by its certificate too.
    const bareAgent = new Agent({ ca: readFileSync(path.join(certDir, "cert.pem")), keepAlive: true });

    const login = await fetch(`${sprout.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "director@sprout.test", password: DEMO_PASSWORD }),
    });
    const director = (await login.json()) as { token: string; sessionToken: string; csrfToken: string };
    const headers = {
      "content-type": "application/json",
      authorization: `Bearer ${director.token}`,
      "x-session-token": director.sessionToken,
      "x-csrf-token": director.csrfToken,
    };

    const alert = async () => {
      const delivered = standIn.expect(DEVICES);
      const stopHealth = healthLoop(sprout.base);
      const start = performance.now();
      const response = await fetch(`${sprout.base}/api/center-director/emergency/alert`, {
        method: "POST",
        headers,
        body: JSON.stringify(ALERT),
      });
      if (response.status !== 201) throw new Error(`the alert answered ${response.status} ${await response.text()}`);
      const id = ((await response.json()) as { alert: { id: string } }).alert.id;
      await delivered;
      const elapsed = performance.now() - start;
      const health = await stopHealth();
      // Resolved, and its all-clear delivered, before the next round.
      const cleared = standIn.expect(DEVICES);
      const resolved = await fetch(`${sprout.base}/api/emergency/alerts/${id}/resolve`, {
        method: "POST",
        headers,
        body: JSON.stringify({ resolution_notes: "Bench round over" }),
      });
      if (!resolved.ok) throw new Error(`resolving answered ${resolved.status}`);
      await cleared;
      return { elapsed, health };
    };

    const payload = JSON.stringify({
      title: "Emergency at Sprout Koramangala",
      body: "Open Sprout now for what to do.",
      url: "/",
      kind: "emergency",
      tag: "emergency-00000000-0000-0000-0000-000000000000",
    });
    const bare = async () => {
      const delivered = standIn.expect(DEVICES);
      const start = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < devices.length) {
          const device = devices[next++]!;
          await webpush.sendNotification(device, payload, {
            vapidDetails: vapid,
            TTL: 4 * 60 * 60,
            urgency: "high",
            contentEncoding: "aes128gcm",
            agent: bareAgent,
          });
        }
      };
      await Promise.all(Array.from({ length: BARE_CONCURRENCY }, lane));
      await delivered;
      return performance.now() - start;
    };

    await alert(); // warm-up
    await bare();
    const sproutTimes: number[] = [];
    const bareTimes: number[] = [];
    const health: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured = await alert();
      sproutTimes.push(measured.elapsed);
      health.push(...measured.health);
      bareTimes.push(await bare());
    }
    health.sort((a, b) => a - b);
    const ratio = median(sproutTimes) / median(bareTimes);
    console.log(
      `\npush: an emergency alert to ${DEVICES} devices at a local HTTPS stand-in, ${ROUNDS} rounds after a warm-up`,
    );
    console.log("call to last delivery, median of rounds".padEnd(52), "ms".padStart(8));
    console.log("Sprout emergency alert".padEnd(52), median(sproutTimes).toFixed(0).padStart(8));
    console.log(
      `bare web-push sendNotification loop (${BARE_CONCURRENCY} at a time)`.padEnd(52),
      median(bareTimes).toFixed(0).padStart(8),
    );
    console.log(
      `rounds: Sprout ${sproutTimes.map((t) => t.toFixed(0)).join(", ")}; bare ${bareTimes.map((t) => t.toFixed(0)).join(", ")}`,
    );
    console.log(
      `GET /api/health while sending: ${health.length} calls, p50 ${percentile(health, 0.5).toFixed(1)} ms, p99 ${percentile(health, 0.99).toFixed(1)} ms`,
    );
    console.log(`ratio to bare: ${ratio.toFixed(2)}x; goal <= 1.5x: ${ratio <= 1.5 ? "met" : "MISSED"}`);
  } finally {
    for (const child of children.reverse()) {
      if (child.exitCode !== null) continue;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(certDir, { recursive: true, force: true });
  }
}

await main();
