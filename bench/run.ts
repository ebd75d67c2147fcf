/**
 * `npm run bench`: starts Sprout on a temporary embedded database and measures each endpoint
 * with autocannon. Figures are reported against GET /api/health measured in the same run, so
 * they compare across machines.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { hashPassword } from "../apps/server/src/auth/passwords.ts";
import { embeddedDataDir, openDatabase } from "../apps/server/src/db/client.ts";
import { DEMO_PASSWORD, seedDemoData } from "../apps/server/src/db/demo-seed.ts";
import { organisations } from "../apps/server/src/db/schema/organisations.ts";
import { users } from "../apps/server/src/db/schema/users.ts";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const BENCH_USERS = 200;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Demo data plus enough sign-ins that the per-address login limit is not what we measure. */
async function prepare(dataDir: string) {
  const database = await openDatabase({ dataDir: embeddedDataDir(dataDir) });
  await database.migrate();
  await seedDemoData(database.db);
  const [organisation] = await database.db.select().from(organisations).limit(1);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database.db.insert(users).values(
    Array.from({ length: BENCH_USERS }, (_, n) => ({
      organisationId: organisation!.id,
      email: `bench${n}@sprout.test`,
      passwordHash,
      fullName: `Bench User ${n}`,
      role: "admin" as const,
    })),
  );
  await database.close();
}

async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "warn",
      // Not NODE_ENV=production: it refuses demo accounts that keep the published password.
      NODE_ENV: "development",
      // Sign-ins come "from" many clients through a trusted proxy, as behind a load balancer,
      // so the per-address flood guard is not what the login figure measures.
      TRUST_PROXY: "127.0.0.1",
      DEMO_DATA: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ connections: 10, duration: DURATION, ...options });
  const errors = result.errors + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-bench-"));
  await prepare(dataDir);
  const { child, base } = await startServer(dataDir, await freePort());
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@sprout.test", password: DEMO_PASSWORD }),
    }).then((response) => response.json());
    const authHeaders = { authorization: `Bearer ${login.token}`, "x-session-token": login.sessionToken };

    let next = 0;
    const figures = [
      await measure("GET /api/health", { url: `${base}/api/health` }),
      await measure("POST /api/auth/login", {
        url: `${base}/api/auth/login`,
        method: "POST",
        headers: { "content-type": "application/json" },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, "x-forwarded-for": `10.1.${(next >> 8) & 255}.${next & 255}` },
              body: JSON.stringify({ email: `bench${next++ % BENCH_USERS}@sprout.test`, password: DEMO_PASSWORD }),
            }),
          },
        ],
      }),
      await measure("GET /api/analytics/overview", { url: `${base}/api/analytics/overview`, headers: authHeaders }),
    ];
    const baseline = figures[0]!;
    console.log(`\nSprout benchmark (${DURATION}s each, 10 connections, embedded database)\n`);
    console.log(
      "endpoint".padEnd(32),
      "req/s".padStart(9),
      "p99 ms".padStart(8),
      "throughput vs health".padStart(22),
      "p99 vs health".padStart(15),
      "errors".padStart(8),
    );
    for (const figure of figures) {
      console.log(
        figure.name.padEnd(32),
        figure.requestsPerSecond.toFixed(0).padStart(9),
        figure.p99.toFixed(0).padStart(8),
        `${(figure.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}x`.padStart(22),
        `${(figure.p99 / Math.max(baseline.p99, 1)).toFixed(1)}x`.padStart(15),
        String(figure.errors).padStart(8),
      );
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
