import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { authCounters, mailOutbox, oneTimeCodes, passwordResets } from "../db/schema/account.ts";
import { invoices } from "../db/schema/billing.ts";
import { sessions } from "../db/schema/sessions.ts";
import { AREA_PRUNES } from "../scheduled-jobs.ts";
import { runPrune } from "./prune.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const DAY = 86_400_000;
const rows = async (
  table: typeof sessions | typeof authCounters | typeof passwordResets | typeof oneTimeCodes | typeof mailOutbox,
) => (await db.select({ n: count() }).from(table))[0]!.n;

describe("the hourly clean-up of short-lived rows", () => {
  it("removes ended sessions, quiet counters, spent reset and download codes and old mail, and keeps what is still in use", async () => {
    const teacher = await signIn(app, DEMO_EMAILS.teacher);
    expect((await as(app, teacher).post("/api/auth/logout")).statusCode).toBe(200);
    await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_EMAILS.parent, password: "wrong-password-1" },
    });
    await app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: DEMO_EMAILS.parent } });
    const [invoice] = await db.select({ id: invoices.id }).from(invoices).limit(1);
    const finance = await signIn(app, DEMO_EMAILS.financial_manager);
    expect((await as(app, finance).post(`/api/invoices/${invoice!.id}/download-code`)).statusCode).toBe(200);
    expect(await rows(authCounters)).toBeGreaterThan(0);
    expect(await rows(passwordResets)).toBeGreaterThan(0);
    expect(await rows(oneTimeCodes)).toBe(1);
    expect(await rows(mailOutbox)).toBeGreaterThan(0);
    await db.update(mailOutbox).set({ status: "sent" });

    // Nothing has served its time yet: a run removes nothing.
    expect(await runPrune(db, clock, AREA_PRUNES)).toMatchObject({
      ran: true,
      sessions: 0,
      resets: 0,
      codes: 0,
      mail: 0,
    });

    clock.advance(31 * DAY);
    const director = await signIn(app, DEMO_EMAILS.center_director);
    const month = await runPrune(db, clock, AREA_PRUNES);
    expect(month).toMatchObject({ ran: true, mail: 0 });
    expect(month.ran && month.sessions).toBeGreaterThan(0);
    expect(month.ran && month.counters).toBeGreaterThan(0);
    expect(month.ran && month.resets).toBeGreaterThan(0);
    expect(await rows(passwordResets)).toBe(0);
    expect(month.ran && month.codes).toBe(1);
    expect(await rows(oneTimeCodes)).toBe(0);
    // The session signed in today is kept and still works.
    expect((await as(app, director).get("/api/auth/verify")).statusCode).toBe(200);
    const directorSessions = await db.select().from(sessions).where(eq(sessions.userId, director.user.id));
    expect(directorSessions.length).toBeGreaterThan(0);

    clock.advance(60 * DAY);
    const quarter = await runPrune(db, clock, AREA_PRUNES);
    expect(quarter.ran && quarter.mail).toBeGreaterThan(0);
    expect(await rows(mailOutbox)).toBe(0);
  });
});
