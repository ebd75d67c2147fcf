import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { seedDemoData } from "../src/db/demo-seed.ts";

/** The moment every test file's clock starts at, and the day the demo data is seeded for. */
export const TEST_START = new Date("2026-11-20T06:30:00Z");

/**
 * Where each test file's database comes from: a database migrated once per run, with and without
 * the demo data. On the embedded database these are dumps of its data directory (files); on
 * PostgreSQL, template databases that `CREATE DATABASE ... TEMPLATE` copies.
 */
export interface DatabaseTemplates {
  kind: "pglite" | "postgres";
  seeded: string;
  migrated: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Vitest's global setup: migrating and seeding took most of each file's first seconds (initdb,
 * 40 migrations, 150 children), so it is done once here, and each file starts from a copy.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const templates = serverUrl ? await serverTemplates(serverUrl) : await embeddedTemplates();
  project.provide("databaseTemplates", templates.provided);
  return templates.remove;
}

async function embeddedTemplates() {
  const folder = await mkdtemp(path.join(tmpdir(), "sprout-test-templates-"));
  const dump = async (database: DatabaseHandle, name: string) => {
    const file = path.join(folder, `${name}.tar`);
    await writeFile(file, Buffer.from(await (await database.snapshot!(async () => {})).arrayBuffer()));
    return file;
  };
  // What every file reads is kept small: log segments of 1 MB rather than 16 (a copy carries the
  // current one whole), and without PostgreSQL's own template databases, which only a CREATE
  // DATABASE would use and PGlite never runs one. 67 MB became 20.
  const cluster = await PGlite.create({ initDbStartParams: ["--wal-segsize=1"] });
  const database = await openDatabase({ from: await cluster.dumpDataDir("none") });
  await cluster.close();
  // One database, dumped before and after the demo data: the migrations run once.
  try {
    for (const template of ["template1", "template0"]) {
      await database.db.execute(sql.raw(`alter database ${template} is_template false`));
      await database.db.execute(sql.raw(`drop database ${template}`));
    }
    // A copy starts by clearing its shared buffers: 16 MB (the data is 17 MB) instead of 128 MB
    // makes each file's database open in 0.5 s of CPU instead of 0.8 s, queries as fast.
    await database.db.execute(sql.raw("alter system set shared_buffers = '16MB'"));
    await database.migrate();
    const migrated = await dump(database, "migrated");
    await seedDemoData(database.db, TEST_START);
    const provided: DatabaseTemplates = { kind: "pglite", migrated, seeded: await dump(database, "seeded") };
    return { provided, remove: () => rm(folder, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function serverTemplates(serverUrl: string) {
  const run = randomBytes(4).toString("hex");
  const names = { migrated: `sprout_test_template_${run}_migrated`, seeded: `sprout_test_template_${run}_seeded` };
  await onServer(serverUrl, (admin) => admin.query(`create database ${names.migrated}`));
  const migrated = await openDatabase({ url: databaseUrl(serverUrl, names.migrated) });
  await migrated.migrate();
  // A template cannot be copied while anyone is connected to it.
  await migrated.close();
  // The seeded template starts as a copy of the migrated one: the migrations run once.
  await onServer(serverUrl, (admin) => admin.query(`create database ${names.seeded} template ${names.migrated}`));
  const seeded = await openDatabase({ url: databaseUrl(serverUrl, names.seeded) });
  await seedDemoData(seeded.db, TEST_START);
  await seeded.close();
  const provided: DatabaseTemplates = { kind: "postgres", ...names };
  const remove = () =>
    onServer(serverUrl, async (admin) => {
      for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    });
  return { provided, remove };
}

/** A copy of a template for one test file: a blob to open, or a new database on the server. */
export async function copyTemplate(templates: DatabaseTemplates, seeded: boolean, serverUrl?: string) {
  const template = seeded ? templates.seeded : templates.migrated;
  if (templates.kind === "pglite") return { from: new Blob([await readFile(template)]) };
  if (!serverUrl) throw new Error("the templates are on PostgreSQL but DATABASE_URL is not set");
  const name = `sprout_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, async (admin) => {
    // Two files copying the same template at once may meet it in use for a moment (55006).
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return { name, url: databaseUrl(serverUrl, name) };
}

export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
