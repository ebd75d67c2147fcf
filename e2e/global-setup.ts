import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    e2e: { root: string; demoDataDir: string };
  }
}

/**
 * Compiles the server once (a compiled server starts in about a second) and loads the demo data
 * once, into a data folder that each test file copies for its own server (e2e/file-server.ts).
 */
export default async function setup(project: TestProject) {
  const root = project.config.root;
  execFileSync(process.execPath, ["apps/server/build.mjs"], { cwd: root, stdio: "inherit" });
  const demoDataDir = await mkdtemp(path.join(tmpdir(), "sprout-e2e-demo-"));
  try {
    const server = await startServer(root, demoDataDir);
    await server.stop();
  } catch (error) {
    await rm(demoDataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide("e2e", { root, demoDataDir });
  return () => rm(demoDataDir, { recursive: true, force: true });
}
