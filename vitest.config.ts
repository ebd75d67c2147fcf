import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/**/*.test.ts", "packages/shared/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    env: { TZ: "UTC", NODE_ENV: "test" },
    testTimeout: 30_000,
    // A file's app (migrated, demo data seeded) takes a few seconds alone and a minute or more
    // on a 2-core machine that is busy with something else: its hook must not fail for that.
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
