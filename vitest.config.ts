import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/**/*.test.ts", "packages/shared/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    env: { TZ: "UTC", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
