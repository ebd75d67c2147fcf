import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** End-to-end tests: one server for the run, one browser per file, files one after another. */
export default defineConfig({
  test: {
    root,
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    env: { TZ: "UTC" },
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: "forks",
  },
});
