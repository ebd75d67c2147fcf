import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp, DEMO_EMAILS } from "../test/harness.ts";
import { buildApp } from "./app.ts";
import { demoAccountsWithPassword, hasUsers } from "./auth/production-checks.ts";
import { ConfigError, loadConfig, PUBLISHED_DEMO_PASSWORD } from "./config.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "sprout-config-"));
const production = {
  DATA_DIR: dataDir,
  NODE_ENV: "production",
  APP_URL: "https://sprout.example.in/",
  APP_SECRET: "s".repeat(40),
  VAPID_SUBJECT: "mailto:ops@sprout.example.in",
};
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("the configuration was accepted");
};

describe("production configuration", () => {
  it("has no demo data, no test inbox, no API docs and trusts no proxy unless told", () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      env: "production",
      demoData: false,
      mailTestInbox: false,
      apiDocs: false,
      trustProxy: [],
      appUrl: "https://sprout.example.in",
    });
    // Even on the embedded database, where development loads the demo data by default.
    expect(loadConfig({ DATA_DIR: dataDir }).demoData).toBe(true);
    expect(loadConfig({ ...production, API_DOCS: "1", TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" })).toMatchObject({
      apiDocs: true,
      trustProxy: ["10.0.0.1", "10.1.0.0/16"],
    });
  });

  it("refuses the test inbox, cheap password hashes, a missing APP_URL and demo data with the published password", () => {
    expect(refusal({ ...production, MAIL_TEST_INBOX: "1" })).toMatch(/MAIL_TEST_INBOX/);
    expect(refusal({ ...production, TEST_FAST_PASSWORD_HASHING: "1" })).toMatch(/TEST_FAST_PASSWORD_HASHING/);
    expect(refusal({ DATA_DIR: dataDir, NODE_ENV: "production" })).toMatch(/APP_URL: required/);
    expect(refusal({ ...production, DEMO_DATA: "1" })).toMatch(/DEMO_PASSWORD/);
    expect(refusal({ ...production, DEMO_DATA: "1", DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD })).toMatch(/DEMO_PASSWORD/);
    expect(loadConfig({ ...production, DEMO_DATA: "1", DEMO_PASSWORD: "our-own-demo-2026" }).demoData).toBe(true);
  });

  it("refuses push without a VAPID subject in production, keeps a generated key pair, and takes given keys", () => {
    const { VAPID_SUBJECT: _, ...withoutSubject } = production;
    expect(refusal(withoutSubject)).toMatch(/VAPID_SUBJECT: required/);
    expect(loadConfig({ ...withoutSubject, PUSH: "0" }).push).toBeNull();
    expect(refusal({ ...production, VAPID_SUBJECT: "ops@sprout.example.in" })).toMatch(/VAPID_SUBJECT/);
    expect(refusal({ ...production, VAPID_PUBLIC_KEY: "B".repeat(87) })).toMatch(/give both or neither/);
    const generated = loadConfig(production).push!;
    expect(generated.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // The pair is kept in DATA_DIR: subscriptions made with it keep working after a restart.
    expect(loadConfig(production).push).toEqual(generated);
    expect(loadConfig({ ...production, PUSH_ALLOWED_HOSTS: "push.example.in:8443, Self.Hosted" }).push).toMatchObject({
      subject: "mailto:ops@sprout.example.in",
      allowedHosts: ["push.example.in:8443", "self.hosted"],
    });
    const given = { VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "p".repeat(43) };
    expect(loadConfig({ ...production, ...given }).push).toMatchObject({ publicKey: "B".repeat(87) });
  });

  it("keeps the demo accounts with the published password off the network unless HOST says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: "our-own-demo-2026" }).host).toBe("0.0.0.0");
    expect(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: "0" }).host).toBe("0.0.0.0");
    expect(loadConfig(production).host).toBe("0.0.0.0");
  });

  it("needs APP_SECRET with DATABASE_URL, in any environment", () => {
    expect(refusal({ DATA_DIR: dataDir, DATABASE_URL: "postgres://db.example.in/sprout" })).toMatch(
      /APP_SECRET: required with DATABASE_URL/,
    );
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_TEST_INBOX: "1" }).mailTestInbox).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir }).mailTestInbox).toBe(false);
  });

  it("takes METRICS_TOKEN only when it is too long to guess and fits in a header", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "k".repeat(16) }).metricsToken).toBe("k".repeat(16));
    expect(refusal({ DATA_DIR: dataDir, METRICS_TOKEN: "k".repeat(15) })).toMatch(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(refusal({ DATA_DIR: dataDir, METRICS_TOKEN: "sixteen chars or more" })).toMatch(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
  });
});

describe("production start checks", async () => {
  const { app, database } = await createTestApp();

  it("finds every demo account that still has the published password", async () => {
    expect(await hasUsers(database.db)).toBe(true);
    const open = await demoAccountsWithPassword(database.db, PUBLISHED_DEMO_PASSWORD);
    expect(open).toHaveLength(8);
    expect(open).toContain(DEMO_EMAILS.super_admin);
  });

  it("serves /api/docs only when API docs are on", async () => {
    expect((await app.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(200);
    const closed = await buildApp({ db: database.db, appSecret: "x".repeat(48), env: "production", apiDocs: false });
    expect((await closed.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
    await closed.close();
  });
});
