import path from "node:path";
import { buildApp } from "./app.ts";
import { demoAccountsWithPassword, hasUsers, setDemoPassword } from "./auth/production-checks.ts";
import { claimDataDir } from "./backup/control-socket.ts";
import { ConfigError, loadConfig, PUBLISHED_DEMO_PASSWORD } from "./config.ts";
import { embeddedDataDir, openDatabase } from "./db/client.ts";
import { seedDemoData } from "./db/demo-seed.ts";
import { createS3FileStore, parseStorageUrl } from "./files/s3-store.ts";
import { createFileStore } from "./files/store.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { systemClock } from "./lib/clock.ts";
import { scheduledJobs } from "./scheduled-jobs.ts";

async function main() {
  const config = loadConfig();
  const production = config.env === "production";
  let log: { error(object: object, message: string): void } = {
    error: (object, message) => console.error(message, object),
  };
  // The embedded database may be open in one process only: this one holds DATA_DIR, and answers
  // `npm run backup` with a consistent copy (backup/control-socket.ts). Refused while another holds it.
  const claim = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, "The Sprout server").catch((error: Error) => {
        throw new ConfigError(error.message);
      });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: embeddedDataDir(config.dataDir),
    onPoolError: (error) => log.error({ err: error }, "PostgreSQL connection error; the pool reconnects"),
  });
  await database.migrate();
  // One store for the app and the scheduler's jobs (retention removes files too).
  const files = config.storageUrl
    ? createS3FileStore(parseStorageUrl(config.storageUrl))
    : createFileStore(path.join(config.dataDir, "files"));
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    probe: database.probe,
    poolUse: database.poolUse,
    metricsToken: config.metricsToken,
    appSecret: config.appSecret,
    env: config.env,
    redisUrl: config.redisUrl,
    files,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    mailTestInbox: config.mailTestInbox,
    apiDocs: config.apiDocs,
    trustProxy: config.trustProxy,
    appUrl: config.appUrl,
    push: config.push ?? false,
    logger: { level: config.logLevel },
  });
  log = app.log;
  claim?.serve({
    database,
    dataDir: config.dataDir,
    filesDir: config.storageUrl ? undefined : path.join(config.dataDir, "files"),
    log: app.log,
  });
  if (config.demoData) {
    const seeded = await seedDemoData(database.db, new Date(), files, { dayUntil: config.demoDayUntil });
    if (seeded) {
      if (config.demoPassword !== PUBLISHED_DEMO_PASSWORD) await setDemoPassword(database.db, config.demoPassword);
      app.log.info(seeded, "demo data loaded");
    }
  }
  if (production) await refuseUnsafeProductionStart(database.db, app.log);
  if (config.mailTestInbox) app.log.warn("MAIL_TEST_INBOX=1: GET /api/auth/test-email hands out any mailed code");
  if (production && !config.smtpUrl) app.log.warn("SMTP_URL is not set: e-mail (reset codes, invitations) is not sent");
  const scheduler = startScheduler({
    log: app.log,
    jobs: scheduledJobs({
      db: database.db,
      clock: systemClock,
      mail: (message) => app.mailer.send(message),
      queueMail: (tx, message) => app.mailer.send(message, tx),
      realtime: app.realtime.publisher,
      files,
      push: app.pushQueue,
    }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    scheduler.stop();
    await app.close();
    await claim?.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sprout is running on http://localhost:${config.port} (${database.kind} database)`);
  if (config.host === "127.0.0.1" && !process.env.HOST)
    app.log.info(
      "The demo accounts use the published password, so Sprout answers this machine only; set HOST=0.0.0.0 to open it to the network.",
    );
}

/**
 * Production never runs with the README's password on a demo account, and an empty database
 * says how to make the first administrator.
 */
async function refuseUnsafeProductionStart(db: Parameters<typeof hasUsers>[0], log: { info(message: string): void }) {
  const open = await demoAccountsWithPassword(db, PUBLISHED_DEMO_PASSWORD);
  if (open.length > 0) {
    throw new ConfigError(
      `Refusing to start with NODE_ENV=production: ${open.join(", ")} still sign in with the published demo ` +
        "password. Change or deactivate these accounts first.",
    );
  }
  if (!(await hasUsers(db))) {
    log.info(
      "The database has no users yet. Create the first super admin with: " +
        "node apps/server/dist/create-admin.js --email you@example.org --password '<a strong password>' --organisation '<name>'",
    );
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
