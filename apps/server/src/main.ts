import path from "node:path";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { embeddedDataDir, openDatabase } from "./db/client.ts";
import { seedDemoData } from "./db/demo-seed.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { systemClock } from "./lib/clock.ts";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    appSecret: config.appSecret,
    env: config.env,
    redisUrl: config.redisUrl,
    filesDir: path.join(config.dataDir, "files"),
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    logger: { level: config.logLevel },
  });
  if (config.demoData) {
    const seeded = await seedDemoData(database.db);
    if (seeded) app.log.info(seeded, "demo data loaded");
  }
  const scheduler = startScheduler({ db: database.db, clock: systemClock, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    scheduler.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sprout is running on http://localhost:${config.port} (${database.kind} database)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
