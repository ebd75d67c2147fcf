import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { z } from "zod";

const flag = z.enum(["0", "1"]).optional();

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  STORAGE_URL: z
    .string()
    .regex(/^s3(\+http)?:\/\/.+\/.+/, "must be s3://[KEY:SECRET@]host/bucket (or s3+http:// for a plain-HTTP endpoint)")
    .optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Sprout <no-reply@sprout.test>"),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  APP_URL: z
    .url()
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DEMO_DATA: flag,
  DEMO_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** The demo's day in progress stops at this centre-local time (HH:MM), or now if earlier. */
  DEMO_DAY_UNTIL: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day, HH:MM")
    .optional(),
  MAIL_TEST_INBOX: flag,
  /** Read by auth/passwords.ts; here only so that production refuses it. */
  TEST_FAST_PASSWORD_HASHING: flag,
  API_DOCS: flag,
  TRUST_PROXY: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it is sent in an Authorization header)")
    .optional(),
  PUSH: flag,
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be the base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be the base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "must be a mailto: address or an https: URL")
    .optional(),
  PUSH_ALLOWED_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.*:,\s-]*$/, "must be comma-separated host[:port] entries")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/** The password printed in the README; production never accepts it on a demo account. */
export const PUBLISHED_DEMO_PASSWORD = "Sprout@2026";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** S3-compatible object storage for uploads; unset = DATA_DIR/files. */
  storageUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  appSecret: string;
  /** Public base URL for links in e-mails; required in production so the Host header is never used. */
  appUrl?: string;
  env: "development" | "production" | "test";
  /** Load the demo data set into an empty database. */
  demoData: boolean;
  /** The demo accounts' password: the published one, except in production where it must be chosen. */
  demoPassword: string;
  /**
   * The demo's day in progress goes up to this centre-local time (HH:MM) at most, so that a run
   * does not depend on the hour it starts (the end-to-end suite: "07:00", nothing yet today).
   */
  demoDayUntil?: string;
  /** GET /api/auth/test-email, which hands out the last message to any address: tests only. */
  mailTestInbox: boolean;
  /** The OpenAPI description and its viewer at /api/docs. */
  apiDocs: boolean;
  /** Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  logLevel: string;
  /** GET /metrics answers Prometheus scrapes bearing this token; unset = no metrics route. */
  metricsToken?: string;
  /** Web Push (issue 32); off with PUSH=0. */
  push: PushConfig | null;
}

export interface PushConfig {
  /** VAPID keys, base64url; generated into DATA_DIR/vapid-keys.json when not given. */
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact: mailto: or https:. Required in production. */
  subject: string;
  /** Push service hosts accepted beside the known ones (PUSH_ALLOWED_HOSTS). */
  allowedHosts: string[];
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
  const production = values.NODE_ENV === "production";
  const problems = [
    production &&
      values.MAIL_TEST_INBOX === "1" &&
      "MAIL_TEST_INBOX: the test mailbox hands out reset codes and is refused with NODE_ENV=production",
    production &&
      values.TEST_FAST_PASSWORD_HASHING === "1" &&
      "TEST_FAST_PASSWORD_HASHING: weak password hashes are for test runs and are refused with NODE_ENV=production",
    values.DATABASE_URL &&
      !values.APP_SECRET &&
      "APP_SECRET: required with DATABASE_URL (every instance must share it; at least 32 characters)",
    production && !values.APP_URL && "APP_URL: required with NODE_ENV=production (the public address used in e-mails)",
    production &&
      values.DEMO_DATA === "1" &&
      (values.DEMO_PASSWORD ?? PUBLISHED_DEMO_PASSWORD) === PUBLISHED_DEMO_PASSWORD &&
      "DEMO_PASSWORD: DEMO_DATA=1 with NODE_ENV=production needs a password of your own for the demo accounts",
    production &&
      values.PUSH !== "0" &&
      !values.VAPID_SUBJECT &&
      "VAPID_SUBJECT: required with NODE_ENV=production (a mailto: address or https: URL the push services can reach you at), or turn push off with PUSH=0",
    Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY) &&
      "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both or neither (neither = a pair is generated in DATA_DIR)",
  ].filter((problem): problem is string => Boolean(problem));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  // Demo data only when asked for in production; on a laptop's embedded database by default.
  const demoData = values.DEMO_DATA ? values.DEMO_DATA === "1" : !production && !values.DATABASE_URL;
  const demoPassword = values.DEMO_PASSWORD ?? PUBLISHED_DEMO_PASSWORD;
  return {
    port: values.PORT,
    // Demo accounts with the README's password are reachable from this machine only, unless
    // HOST says otherwise: anyone on the centre's network could sign in as the super admin.
    host: values.HOST ?? (demoData && demoPassword === PUBLISHED_DEMO_PASSWORD ? "127.0.0.1" : "0.0.0.0"),
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    storageUrl: values.STORAGE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    appSecret: values.APP_SECRET ?? keptSecret(dataDir),
    appUrl: values.APP_URL,
    env: values.NODE_ENV,
    demoData,
    demoPassword,
    demoDayUntil: values.DEMO_DAY_UNTIL,
    mailTestInbox: values.MAIL_TEST_INBOX === "1",
    apiDocs: values.API_DOCS ? values.API_DOCS === "1" : !production,
    trustProxy: (values.TRUST_PROXY ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    logLevel: values.LOG_LEVEL,
    metricsToken: values.METRICS_TOKEN,
    push:
      values.PUSH === "0"
        ? null
        : {
            ...(values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
              ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
              : keptVapidKeys(dataDir)),
            subject: values.VAPID_SUBJECT ?? "mailto:push@sprout.invalid",
            allowedHosts: (values.PUSH_ALLOWED_HOSTS ?? "")
              .split(",")
              .map((entry) => entry.trim().toLowerCase())
              .filter(Boolean),
          },
  };
}

/** A VAPID key pair generated on first start and kept in DATA_DIR: subscriptions are bound to it. */
function keptVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive a restart. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
