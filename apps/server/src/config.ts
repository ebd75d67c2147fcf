import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Sprout <no-reply@sprout.test>"),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DEMO_DATA: z.enum(["0", "1"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appSecret: string;
  env: "development" | "production" | "test";
  /** Load the demo data set into an empty database. Defaults on for the embedded database. */
  demoData: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Reads the environment once; a wrong value stops the start with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appSecret: values.APP_SECRET ?? keptSecret(dataDir),
    env: values.NODE_ENV,
    demoData: values.DEMO_DATA ? values.DEMO_DATA === "1" : !values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
  };
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive a restart. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
