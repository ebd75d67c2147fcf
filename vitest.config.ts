import { defineConfig } from "vitest/config";

// Cheap password hashes for the run's own accounts (auth/passwords.ts; production refuses the
// switch). Set here, in the main process, so the global setup's demo data is hashed with it too.
process.env.TEST_FAST_PASSWORD_HASHING = "1";

export default defineConfig({
  test: {
    include: ["apps/server/**/*.test.ts", "packages/shared/**/*.test.ts", "apps/web/src/**/*.test.ts"],
    env: { TZ: "UTC", NODE_ENV: "test" },
    // Migrates and seeds once per run; each file starts from a copy (apps/server/test/templates.ts).
    globalSetup: ["apps/server/test/templates.ts", "apps/server/test/push-service-certificate.ts"],
    testTimeout: 30_000,
    // A file's app (migrated, demo data seeded) takes a few seconds alone and a minute or more
    // on a 2-core machine that is busy with something else: its hook must not fail for that.
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    // Files share a worker's loaded modules (the whole server: about 6 s to import afresh) but
    // never data: each file has its own database, copied from the template, and its own app.
    isolate: false,
  },
});
