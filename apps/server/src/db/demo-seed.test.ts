import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TimelineEntry } from "@sprout/shared/schemas/child-day-timeline";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, DEMO_PASSWORD, signIn } from "../../test/harness.ts";
import { createFileStore } from "../files/store.ts";
import { DEMO_SIGN_INS, seedDemoData } from "./demo-seed.ts";
import { attendanceStays, staffShifts } from "./schema/attendance.ts";
import { foodEntries, observationLogs, pottyEntries, sleepEntries, stars } from "./schema/child-day.ts";
import { portfolioItems } from "./schema/digital-portfolio.ts";
import { users } from "./schema/users.ts";

const folder = mkdtempSync(path.join(tmpdir(), "sprout-demo-seed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** 2026-11-20 in Bengaluru (UTC+05:30), at a centre-local wall-clock time. */
const DAY = "2026-11-20";
const ist = (time: string) => new Date(`${DAY}T${time}:00+05:30`);
const MIDNIGHT = ist("00:00");

/** The demo loaded at a moment, on its own database and file store, with the clock there. */
async function demoLoadedAt(moment: Date, dayUntil?: string) {
  const files = createFileStore(mkdtempSync(path.join(folder, "files-")));
  const context = await createTestApp({ seed: false, files });
  context.clock.set(moment);
  await seedDemoData(context.database.db, moment, files, { dayUntil });
  return context;
}

/** Every instant the demo wrote for today, by what it is. */
async function todaysInstants(db: Awaited<ReturnType<typeof demoLoadedAt>>["database"]["db"]) {
  const instants: { what: string; at: Date }[] = [];
  for (const stay of await db.select().from(attendanceStays)) {
    instants.push({ what: "check-in", at: stay.checkInAt });
    if (stay.checkOutAt) instants.push({ what: "check-out", at: stay.checkOutAt });
  }
  for (const shift of await db.select().from(staffShifts)) {
    instants.push({ what: "clock-in", at: shift.clockInAt });
    if (shift.clockOutAt) instants.push({ what: "clock-out", at: shift.clockOutAt });
  }
  for (const [what, table] of [
    ["meal", foodEntries],
    ["nap", sleepEntries],
    ["potty", pottyEntries],
    ["star", stars],
  ] as const)
    for (const row of await db.select({ at: table.createdAt, day: table.day }).from(table))
      instants.push({ what: `${what} of ${row.day}`, at: row.at });
  for (const row of await db
    .select({ at: observationLogs.createdAt })
    .from(observationLogs)
    .where(eq(observationLogs.day, DAY)))
    instants.push({ what: "observation", at: row.at });
  return instants;
}

const inFuture = (instants: { at: Date }[], moment: Date) => instants.filter((one) => one.at >= moment);
const beforeMidnight = (instants: { at: Date }[]) => instants.filter((one) => one.at < MIDNIGHT);

describe("the demo loaded at 00:30 in Bengaluru", async () => {
  const moment = ist("00:30");
  const { app, database } = await demoLoadedAt(moment);

  it("has nothing yet today: no one has arrived, the parent's timeline is empty", async () => {
    expect(await todaysInstants(database.db)).toEqual([]);
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    const [child] = (await parent.get("/api/parents/my-children")).json();
    const timeline = (await parent.get(`/api/daily-activities/${child.id}/timeline`)).json();
    expect(timeline).toMatchObject({ date: DAY, entries: [] });
  });
});

describe("the demo loaded at 09:00", async () => {
  const moment = ist("09:00");
  const { app, database } = await demoLoadedAt(moment);

  it("has this morning's arrivals, all between midnight and now, and no meal yet", async () => {
    const instants = await todaysInstants(database.db);
    expect(inFuture(instants, moment)).toEqual([]);
    expect(beforeMidnight(instants)).toEqual([]);
    const arrived = instants.filter((one) => one.what === "check-in").length;
    // Some children are still on their way at nine.
    expect(arrived).toBeGreaterThan(40);
    expect(arrived).toBeLessThan(140);
    expect(instants.filter((one) => one.what.startsWith("meal"))).toEqual([]);
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    for (const child of (await parent.get("/api/parents/my-children")).json()) {
      const { entries } = (await parent.get(`/api/daily-activities/${child.id}/timeline`)).json();
      expect(entries.map((entry: TimelineEntry) => entry.kind)).toEqual(["arrival"]);
    }
  });
});

describe("the demo loaded at 14:00", async () => {
  const moment = ist("14:00");
  const { app, database } = await demoLoadedAt(moment);
  const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
  const superAdmin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
  const owner = as(app, await signIn(app, DEMO_EMAILS.owner));

  it("writes nothing after now or before the centre's midnight", async () => {
    const instants = await todaysInstants(database.db);
    expect(instants.length).toBeGreaterThan(300);
    expect(inFuture(instants, moment)).toEqual([]);
    expect(beforeMidnight(instants)).toEqual([]);
    const photos = await database.db.select({ at: portfolioItems.createdAt }).from(portfolioItems);
    expect(inFuture(photos, moment)).toEqual([]);
  });

  it("the parent's children arrived this morning, had lunch, are asleep now and have photos", async () => {
    const children = (await parent.get("/api/parents/my-children")).json() as { id: string; first_name: string }[];
    expect(children.map((child) => child.first_name).sort()).toEqual(["Aanya", "Kabir"]);
    for (const child of children) {
      const { entries } = (await parent.get(`/api/daily-activities/${child.id}/timeline`)).json() as {
        entries: (TimelineEntry & { meal_type?: string; end_time?: string | null })[];
      };
      const kinds = entries.map((entry) => entry.kind);
      expect(kinds[0]).toBe("arrival");
      expect(kinds).not.toContain("departure");
      expect(entries.some((entry) => entry.kind === "meal" && entry.meal_type === "lunch")).toBe(true);
      const naps = entries.filter((entry) => entry.kind === "nap");
      expect(naps).toHaveLength(1);
      expect(naps[0]!.end_time ?? null).toBeNull();
      expect(kinds).toContain("photo");
    }
  });

  it("checks children in at every centre, with a teacher clocked in for every room that has children", async () => {
    const stays = await database.db.select().from(attendanceStays);
    expect(new Set(stays.map((stay) => stay.centerId)).size).toBe(3);
    expect(stays.every((stay) => stay.checkOutAt === null)).toBe(true);
    const { insights } = (await owner.get("/api/analytics/insights")).json();
    const titles = insights.map((insight: { title: string }) => insight.title);
    expect(titles).not.toContain("Low Occupancy");
    expect(titles.filter((title: string) => /ratio/i.test(title))).toEqual([]);
  });

  it("every centre has its director, administrator and teachers, and a lead teacher in every room", async () => {
    const { centers } = (await superAdmin.get("/api/analytics/center-comparison")).json();
    expect(centers).toHaveLength(3);
    for (const centre of centers) {
      const { staff } = (await superAdmin.get(`/api/staff/center/${centre.id}?limit=100`)).json();
      const roles = staff.map((member: { role: string }) => member.role);
      expect(roles).toContain("center_director");
      expect(roles).toContain("admin");
      expect(roles.filter((role: string) => role === "teacher").length).toBeGreaterThanOrEqual(5);
      const rooms = (await superAdmin.get(`/api/admin/classrooms?center_id=${centre.id}`)).json();
      expect(rooms).toHaveLength(5);
      for (const room of rooms) {
        const leads = room.staff.filter((member: { role: string }) => member.role === "lead");
        expect(leads, `${centre.name} ${room.name}`).toHaveLength(1);
      }
    }
  });

  it("the demo teacher leads Toddlers at Koramangala and her title says so", async () => {
    const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
    const rooms = (await teacher.get("/api/admin/classrooms")).json();
    const roleIn = (name: string) =>
      rooms
        .find((room: { name: string }) => room.name === name)
        .staff.find((member: { full_name: string }) => member.full_name === "Priya Sharma").role;
    expect(roleIn("Toddlers")).toBe("lead");
    expect(roleIn("Pre-Kindy")).toBe("assistant");
    const [priya] = await database.db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    expect(priya!.jobTitle).toBe("Lead Teacher");
  });

  it("fills 80-90% of every centre's places", async () => {
    const { centers } = (await owner.get("/api/analytics/center-comparison")).json();
    expect(centers).toHaveLength(3);
    for (const centre of centers) {
      expect(centre.occupancy, centre.name).toBeGreaterThanOrEqual(80);
      expect(centre.occupancy, centre.name).toBeLessThanOrEqual(90);
    }
  });

  it("only the README's accounts sign in with the demo password", async () => {
    for (const account of DEMO_SIGN_INS) await signIn(app, account.email);
    const others = await database.db.select({ email: users.email }).from(users);
    const readme = new Set(DEMO_SIGN_INS.map((account) => account.email));
    const colleagues = others.filter((user) => !readme.has(user.email));
    expect(colleagues.length).toBeGreaterThanOrEqual(20);
    for (const { email } of colleagues.slice(0, 3)) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(401);
    }
  });

  it("has observation logs of the last weeks and the documents as PDFs", async () => {
    const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
    const { documents } = (await director.get("/api/documents")).json();
    expect(documents.length).toBeGreaterThanOrEqual(4);
    const file = await director.get(`/api/documents/${documents[0].id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const logs = await database.db.select().from(observationLogs);
    expect(logs.length).toBeGreaterThan(400);
  });
});

describe("the demo loaded at 23:50", async () => {
  const moment = ist("23:50");
  const { app, database } = await demoLoadedAt(moment);

  it("has the whole day: every child who came has gone home, and nobody is asleep", async () => {
    const instants = await todaysInstants(database.db);
    expect(inFuture(instants, moment)).toEqual([]);
    expect(beforeMidnight(instants)).toEqual([]);
    const stays = await database.db.select().from(attendanceStays);
    expect(stays.length).toBeGreaterThan(100);
    expect(stays.every((stay) => stay.checkOutAt !== null)).toBe(true);
    const naps = await database.db.select().from(sleepEntries);
    expect(naps.every((nap) => nap.endTime !== null)).toBe(true);
    const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
    const [child] = (await parent.get("/api/parents/my-children")).json();
    const { entries } = (await parent.get(`/api/daily-activities/${child.id}/timeline`)).json();
    expect(entries.at(-1).kind).toBe("departure");
  });
});

describe("the demo loaded at 14:00 with DEMO_DAY_UNTIL=07:00 (the end-to-end suite)", async () => {
  const { database } = await demoLoadedAt(ist("14:00"), "07:00");

  it("has the day as at seven: nobody in yet, nothing logged", async () => {
    expect(await todaysInstants(database.db)).toEqual([]);
  });
});
