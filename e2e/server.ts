import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

const STARTUP_TIMEOUT_MS = 150_000;

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the compiled server (apps/server/dist, built by the global setup) on a free port with the
 * given data folder; an empty folder is migrated and gets the demo data.
 */
export async function startServer(root: string, dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      // The journeys read reset and invitation codes from the test inbox: switched on explicitly.
      MAIL_TEST_INBOX: "1",
      // Cheap hashes for the demo accounts this server makes (auth/passwords.ts).
      TEST_FAST_PASSWORD_HASHING: "1",
      LOG_LEVEL: "warn",
      // The demo's day in progress (db/demo-today.ts) as at 07:00 whatever the hour of the run:
      // nobody has arrived yet, so a journey finds the same day at 3 am and at 3 pm.
      DEMO_DAY_UNTIL: "07:00",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return { baseURL, stop: () => stop(server) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} while starting`);
    const healthy = await fetch(`${baseURL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${STARTUP_TIMEOUT_MS / 1000}s`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill("SIGKILL"), 10_000);
    server.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    server.kill("SIGTERM");
  });
}
