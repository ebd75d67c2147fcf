import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts Sprout (`apps/server/src/main.ts`) on a free port and waits for its health answer.
 * Development by default: production refuses demo accounts that keep the published password.
 */
export async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "development", DEMO_DATA: "0", ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error("the server did not start");
}
