import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * End-to-end tests: each file has its own server (on its own copy of the demo data) and browser,
 * so two files run side by side.
 */
export default defineConfig({
  test: {
    root,
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    setupFiles: ["e2e/file-server.ts"],
    env: { TZ: "UTC" },
    // A long journey takes about 40 s alone; two files at once on a machine that is busy with
    // something else may take four times that.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    pool: "forks",
    // A worker runs its files one after another and loads Playwright once; each file still has its
    // own server, data and browser (e2e/file-server.ts).
    isolate: false,
  },
});
