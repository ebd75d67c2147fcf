import { eq, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { childrenOf, demoCentres } from "../../test/children-support.ts";
import { as, createSecondInstance, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import type { Caller } from "../auth/caller.ts";
import { rowsOf } from "../db/rows.ts";
import { students } from "../db/schema/children.ts";
import { createKeptAnswers } from "./kept-answers.ts";

const context = await createTestApp({ hearChangesBeforeEachRequest: false });
const { app, database, clock } = context;
const db = database.db;
const [koramangala] = await demoCentres(db);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const superAdmin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
const [child, other] = await childrenOf(db, koramangala!.id);

const namesIn = async (client: typeof director, url: string) =>
  ((await client.get(url)).json().children as { id: string; first_name: string }[]).map((row) => row.first_name);
const searchFor = (id: string) => `/api/admin/children?limit=5&search=${encodeURIComponent(id)}`;
const studentIdOf = async (id: string) =>
  (await db.select({ studentId: students.studentId }).from(students).where(eq(students.id, id)))[0]!.studentId;

describe("answers kept in memory (lists and dashboards)", () => {
  it("serves an answer again until a table it read changes", async () => {
    const url = searchFor(await studentIdOf(child!.id));
    expect(await namesIn(director, url)).toEqual([child!.firstName]);

    // Changed with every trigger off, so unannounced: the kept answer is what the director sees.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(students).set({ firstName: "Kept" }).where(eq(students.id, child!.id));
    });
    expect(await namesIn(director, url)).toEqual([child!.firstName]);

    // Any announced change of the table drops it, whichever rows it touched.
    await db.update(students).set({ notes: "touched" }).where(eq(students.id, other!.id));
    await expect.poll(() => namesIn(director, url)).toEqual(["Kept"]);
  });

  it("shows a write made through this instance in the caller's very next answer", async () => {
    const before = (await director.get("/api/students/paused")).json().students as { id: string }[];
    expect(before.map((row) => row.id)).not.toContain(other!.id);
    const paused = await director.patch(`/api/students/${other!.id}/pause`, {
      pause_start_date: "2026-11-21",
      pause_end_date: "2026-11-27",
      reason: "Vacation/Travel",
      notes: "",
    });
    expect(paused.statusCode).toBe(200);
    const after = (await director.get("/api/students/paused")).json().students as { id: string }[];
    expect(after.map((row) => row.id)).toContain(other!.id);
  });

  it("keeps each caller's answers apart: the same address answers each within their own scope", async () => {
    const url = "/api/admin/children?limit=100";
    const everyone = (await superAdmin.get(url)).json().children as { center_id: string }[];
    const centre = (await director.get(url)).json().children as { center_id: string }[];
    expect(new Set(everyone.map((row) => row.center_id)).size).toBeGreaterThan(1);
    expect(new Set(centre.map((row) => row.center_id))).toEqual(new Set([koramangala!.id]));
  });

  it("has every table announce its changes, so that no answer can miss one", async () => {
    const silent = await db.execute(sql`
      select t.tablename from pg_tables t
      where t.schemaname = 'public' and not exists (
        select 1 from pg_trigger g
        where g.tgrelid = format('%I', t.tablename)::regclass and g.tgname = 'sprout_data_change')`);
    expect(rowsOf(silent)).toEqual([]);
  });

  it.skipIf(!database.url)("shows a change made through another instance, once its notice arrives", async () => {
    const second = await createSecondInstance(context);
    const elsewhere = as(second, await signIn(second, DEMO_EMAILS.center_director));
    const url = searchFor(await studentIdOf(child!.id));
    expect(await namesIn(director, url)).toEqual(["Kept"]);
    await elsewhere.patch(`/api/students/${child!.id}/pause`, {
      pause_start_date: "2026-11-22",
      pause_end_date: "2026-11-28",
      reason: "Vacation/Travel",
      notes: "",
    });
    await expect
      .poll(async () => ((await director.get(url)).json().children as { status: string }[])[0]?.status)
      .toBe("paused");
  });
});

describe("what is never kept", () => {
  const caller = { userId: "u", role: "admin", centerId: null, user: { language: null } } as unknown as Caller;
  let worked = 0;
  let release = () => {};
  const mini: FastifyInstance = Fastify();
  const answers = createKeptAnswers({ clock, db });
  answers.register(mini);
  mini.decorateRequest("caller", null as unknown as Caller);
  mini.addHook("onRequest", async (request) => {
    request.caller = caller;
  });
  const count = async () => {
    worked++;
    return db.execute(sql`select count(*)::int as n from enquiries`);
  };
  mini.get("/count", { config: { keptAnswer: true } }, async () => {
    await count();
    return { worked };
  });
  mini.get("/writes", { config: { keptAnswer: true } }, async () => {
    await db.execute(sql`update enquiries set status = status where false`);
    return { worked: ++worked };
  });
  mini.post("/touch", async () => {
    await db.execute(sql`update enquiries set status = status where false`);
    return {};
  });
  mini.get("/slow", { config: { keptAnswer: true } }, async () => {
    await count();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { worked };
  });
  let stopFollowing: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await stopFollowing?.();
    await mini.close();
  });
  const workedFor = async (url: string) => (await mini.inject(url)).json().worked as number;

  it("keeps nothing until it hears the database's announcements", async () => {
    const first = await workedFor("/count");
    expect(await workedFor("/count")).toBe(first + 1);
    stopFollowing = await answers.follow(database.listen);
    const kept = await workedFor("/count");
    expect(await workedFor("/count")).toBe(kept);
  });

  it("does not keep an answer whose work wrote anything", async () => {
    const first = await workedFor("/writes");
    expect(await workedFor("/writes")).toBe(first + 1);
  });

  it("does not keep an answer that a change overtook while it was worked out", async () => {
    await workedFor("/count");
    const before = worked;
    const slow = mini.inject("/slow");
    await expect.poll(() => worked).toBe(before + 1);
    // A write through this instance answers once the instance has heard its announcement.
    expect((await mini.inject({ method: "POST", url: "/touch" })).statusCode).toBe(200);
    release();
    await slow;
    const beforeAgain = worked;
    const again = mini.inject("/slow");
    await expect.poll(() => worked).toBe(beforeAgain + 1);
    release();
    await again;
  });

  it("ages an answer out after 30 seconds (what is due or overdue moves with the clock)", async () => {
    const kept = await workedFor("/count");
    expect(await workedFor("/count")).toBe(kept);
    const before = worked;
    clock.advance(30_000);
    expect(await workedFor("/count")).toBe(before + 1);
  });
});
