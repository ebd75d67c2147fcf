import { PRIVACY_MESSAGES } from "@sprout/shared/schemas/privacy";
import { SCREEN_HEADER } from "@sprout/shared/screen";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { otherOrganisation } from "../../../test/other-organisation.ts";
import { invoices } from "../../db/schema/billing.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centers, organisations } from "../../db/schema/organisations.ts";
import { childRecordViews, privacyNotices } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { runPrune } from "../../jobs/prune.ts";
import { AREA_PRUNES } from "../../scheduled-jobs.ts";
import { digestAllowed } from "./consent-store.ts";
import { DEFAULT_NOTICE } from "./default-notice.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

const sessions = {
  parent: await signIn(app, DEMO_EMAILS.parent),
  teacher: await signIn(app, DEMO_EMAILS.teacher),
  director: await signIn(app, DEMO_EMAILS.center_director),
  owner: await signIn(app, DEMO_EMAILS.owner),
  superAdmin: await signIn(app, DEMO_EMAILS.super_admin),
};
const parent = as(app, sessions.parent);
/** Each staff read a second after the last, so the log's newest-first order is the order of the reads. */
const later = (api: ReturnType<typeof as>): ReturnType<typeof as> => ({
  ...api,
  get: (url: string) => {
    clock.advance(1000);
    return api.get(url);
  },
});
const teacher = later(as(app, sessions.teacher));
const director = later(as(app, sessions.director));
const owner = as(app, sessions.owner);
const superAdmin = as(app, sessions.superAdmin);

const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const [directorUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.center_director));

/** A parent of another family at the same centre (a child of Aanya's centre that is not theirs). */
async function anotherFamily() {
  const [child] = await db
    .select()
    .from(students)
    .where(
      and(eq(students.centerId, home!.id), sql`${students.id} <> ${aanya!.id}`, sql`${students.firstName} <> 'Kabir'`),
    )
    .limit(1);
  const user = await createCentreUser(db, home!.id, "parent", "other.family@sprout.test");
  const [guardian] = await db
    .insert(guardians)
    .values({ centerId: home!.id, firstName: "Other", lastName: "Family", userId: user.id })
    .returning();
  await db.insert(studentGuardians).values({ studentId: child!.id, guardianId: guardian!.id, relation: "Mother" });
  return { child: child!, session: await signIn(app, "other.family@sprout.test") };
}

const answers = (version: number | null, overrides: Record<string, boolean> = {}) => ({
  notice_version: version,
  core_records: true,
  portfolio_photos: false,
  group_photos: false,
  messages_digest: true,
  ...overrides,
});

const NOTICE = {
  title: "How we look after your child's information",
  body: "We keep your child's records to care for them safely. We now also keep a log of who opened them.",
};

/** Reads with the screen header the web client sends. */
const fromScreen = (session: SignedIn, url: string, screen: string) => {
  clock.advance(1000);
  return app.inject({ method: "GET", url, headers: { ...session.headers, [SCREEN_HEADER]: screen } });
};

const parentLog = async () =>
  (await parent.get(`/api/privacy/access-log/children/${aanya!.id}?limit=100`)).json().entries as {
    staff_name: string;
    staff_role: string;
    kind: string;
  }[];

describe("privacy notice and consents", () => {
  it("the demo families answered the first notice at admission: nothing to ask", async () => {
    const mine = (await parent.get("/api/privacy/consents")).json();
    expect(mine.notice).toMatchObject({ version: 1 });
    expect(mine.needs_answer).toBe(false);
    expect(mine.children.map((child: { child_name: string }) => child.child_name)).toContain("Aanya Malhotra");
  });

  it("a new version asks again; answers store who, when and which version; an older version is refused", async () => {
    expect((await director.post("/api/privacy/notices", NOTICE)).statusCode).toBe(403);
    expect((await parent.post("/api/privacy/notices", NOTICE)).statusCode).toBe(403);
    const tooShort = await owner.post("/api/privacy/notices", { title: "Notice", body: "Short." });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toBe(PRIVACY_MESSAGES.bodyTooShort);

    const published = await owner.post("/api/privacy/notices", NOTICE);
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ version: 2, title: NOTICE.title, published_by_name: expect.any(String) });

    const asked = (await parent.get("/api/privacy/consents")).json();
    expect(asked.needs_answer).toBe(true);
    expect(asked.notice.version).toBe(2);

    const stale = await parent.put(`/api/privacy/consents/${aanya!.id}`, answers(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(PRIVACY_MESSAGES.outdatedNotice);
    const missing = await parent.put(`/api/privacy/consents/${aanya!.id}`, { notice_version: 2, core_records: true });
    expect(missing.statusCode).toBe(400);

    clock.advance(60_000);
    const saved = await parent.put(`/api/privacy/consents/${aanya!.id}`, answers(2, { portfolio_photos: true }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().up_to_date).toBe(true);
    const portfolio = saved.json().consents.find((c: { purpose: string }) => c.purpose === "portfolio_photos");
    expect(portfolio).toMatchObject({
      given: true,
      notice_version: 2,
      given_at: clock.now().toISOString(),
    });
    const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
    expect(portfolio.given_by_name).toBe(parentUser!.fullName);

    // The portfolio reads its photo consent from here.
    expect((await teacher.get(`/api/digital-portfolio/consent/${aanya!.id}`)).json().consent).toBe("own");
    await parent.put(`/api/privacy/consents/${aanya!.id}`, answers(2, { portfolio_photos: true, group_photos: true }));
    expect((await teacher.get(`/api/digital-portfolio/consent/${aanya!.id}`)).json().consent).toBe("group");
    // And the portfolio's own consent screen writes here.
    await parent.put(`/api/digital-portfolio/consent/${aanya!.id}`, { consent: "none" });
    const after = (await parent.get("/api/privacy/consents")).json();
    const aanyaNow = after.children.find((child: { child_id: string }) => child.child_id === aanya!.id);
    expect(
      aanyaNow.consents.filter((c: { given: boolean }) => c.given).map((c: { purpose: string }) => c.purpose),
    ).toEqual(["core_records", "messages_digest"]);
  });

  it("refusing the required purpose is stored; the digest respects the messages purpose", async () => {
    const version = (await parent.get("/api/privacy/consents")).json().notice.version;
    const refused = await parent.put(
      `/api/privacy/consents/${aanya!.id}`,
      answers(version, { core_records: false, messages_digest: false }),
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().consents.find((c: { purpose: string }) => c.purpose === "core_records").given).toBe(false);
    // The portal is told, and the centre's desk sees the refusal to call the family.
    expect(refused.json().records_refused).toBe(true);
    const desk = await director.get("/api/privacy/consent-refusals");
    expect(desk.statusCode, desk.body).toBe(200);
    const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
    expect(desk.json().refusals).toEqual([
      expect.objectContaining({
        child_id: aanya!.id,
        child_name: "Aanya Malhotra",
        refused_by_name: parentUser!.fullName,
        refused_by_email: parentUser!.email,
        notice_version: version,
      }),
    ]);
    expect((await owner.get("/api/privacy/consent-refusals")).json().pagination.total).toBe(1);
    expect((await teacher.get("/api/privacy/consent-refusals")).statusCode).toBe(403);
    const otherDirector = await createCentreUser(db, other!.id, "center_director", "refusals.other@sprout.test");
    const elsewhere = await as(app, await signIn(app, otherDirector.email)).get("/api/privacy/consent-refusals");
    expect(elsewhere.json().refusals).toEqual([]);
    const allowed = async () =>
      (
        await db
          .select({ ok: digestAllowed(sql`${students.id}`) })
          .from(students)
          .where(eq(students.id, aanya!.id))
      )[0]!.ok;
    expect(await allowed()).toBe(false);
    const given = await parent.put(`/api/privacy/consents/${aanya!.id}`, answers(version));
    expect(given.json().records_refused).toBe(false);
    expect(await allowed()).toBe(true);
    expect((await director.get("/api/privacy/consent-refusals")).json().refusals).toEqual([]);
  });

  it("a new organisation starts with the default notice, so its first parents are asked", async () => {
    const [organisation] = await db.insert(organisations).values({ name: "Fresh Start Preschool" }).returning();
    const [centre] = await db
      .insert(centers)
      .values({
        organisationId: organisation!.id,
        name: "Fresh Start Indiranagar",
        address: "1 Main Road",
        city: "Bengaluru",
      })
      .returning();
    const [child] = await db
      .insert(students)
      .values({ centerId: centre!.id, firstName: "Ishaan", lastName: "Rao", enrollmentDate: "2026-11-02" })
      .returning();
    const user = await createCentreUser(db, centre!.id, "parent", "fresh.parent@sprout.test");
    const [guardian] = await db
      .insert(guardians)
      .values({ centerId: centre!.id, firstName: "Fresh", lastName: "Parent", userId: user.id })
      .returning();
    await db.insert(studentGuardians).values({ studentId: child!.id, guardianId: guardian!.id, relation: "Father" });
    const fresh = as(app, await signIn(app, "fresh.parent@sprout.test"));

    const asked = (await fresh.get("/api/privacy/consents")).json();
    expect(asked.notice).toMatchObject({ version: 1, title: DEFAULT_NOTICE.title, published_by_name: null });
    expect(asked.needs_answer).toBe(true);
    // Read again (and by the notice route): still the one version, not a second default.
    expect((await fresh.get("/api/privacy/notice")).json().notice.id).toBe(asked.notice.id);
    const saved = await fresh.put(`/api/privacy/consents/${child!.id}`, answers(1));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await fresh.get("/api/privacy/consents")).json().needs_answer).toBe(false);
    const versions = await db.select().from(privacyNotices).where(eq(privacyNotices.organisationId, organisation!.id));
    expect(versions).toHaveLength(1);
  });

  it("the super admin configures the notice too; another family's child is not there", async () => {
    expect((await superAdmin.post("/api/privacy/notices", NOTICE)).json().version).toBe(3);
    const history = (await owner.get("/api/privacy/notices?limit=2")).json();
    expect(history.notices.map((notice: { version: number }) => notice.version)).toEqual([3, 2]);
    expect(history.pagination).toMatchObject({ total: 3, totalPages: 2 });
    const { child } = await anotherFamily();
    expect((await parent.put(`/api/privacy/consents/${child.id}`, answers(3))).statusCode).toBe(404);
    expect((await teacher.get("/api/privacy/consents")).statusCode).toBe(403);
  });
});

describe("the access log", () => {
  const photo = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();

  it("records each kind of staff read with who, which child and the screen", async () => {
    const reads: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ["profile", () => fromScreen(sessions.director, `/api/students/${aanya!.id}/details`, "/children/:id")],
      ["health", () => fromScreen(sessions.teacher, `/api/child-health/${aanya!.id}`, "/daily-activities")],
      ["photos", () => fromScreen(sessions.teacher, `/api/digital-portfolio/child/${aanya!.id}`, "/digital-portfolio")],
    ];
    for (const [kind, read] of reads) {
      const response = await read();
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
      const [latest] = await parentLog();
      expect(latest, kind).toMatchObject({ kind });
    }
    const centre = (await director.get(`/api/privacy/access-log?child_id=${aanya!.id}`)).json();
    expect(centre.entries.slice(0, 3).map((entry: { screen: string }) => entry.screen)).toEqual([
      "/digital-portfolio",
      "/daily-activities",
      "/children/:id",
    ]);
    expect(centre.entries[0]).toMatchObject({ staff_name: teacherUser!.fullName, child_name: "Aanya Malhotra" });
  });

  it("observations and their documents", async () => {
    const boundary = "sprout";
    const content = await photo();
    const body = Buffer.concat([
      Buffer.from(
        [
          ["child_id", aanya!.id],
          ["date", "2026-11-20"],
          ["notes", "Built a tower"],
        ]
          .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join(""),
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="tower.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await app.inject({
      method: "POST",
      url: "/api/observation-logs",
      headers: { ...sessions.teacher.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const log = created.json();
    expect((await teacher.get(`/api/observation-logs?child_id=${aanya!.id}`)).statusCode).toBe(200);
    expect((await parentLog())[0]).toMatchObject({ kind: "observations", staff_name: teacherUser!.fullName });
    const file = await teacher.get(log.attachments[0].url);
    expect(file.statusCode).toBe(200);
    expect((await parentLog())[0]).toMatchObject({ kind: "documents", staff_role: "Teacher" });
  });

  it("messages and invoices", async () => {
    const opened = await parent.post("/api/messaging/threads", { child_id: aanya!.id, teacher_id: teacherUser!.id });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await teacher.get(`/api/messaging/threads/${opened.json().id}/messages`)).statusCode).toBe(200);
    expect((await parentLog())[0]).toMatchObject({ kind: "messages", staff_name: teacherUser!.fullName });

    const [invoice] = await db.select().from(invoices).where(eq(invoices.studentId, aanya!.id)).limit(1);
    expect((await director.get(`/api/invoices/${invoice!.id}`)).statusCode).toBe(200);
    expect((await parentLog())[0]).toMatchObject({ kind: "invoices", staff_name: directorUser!.fullName });
  });

  it("a parent reading their own child's record is not logged; a bad screen header is dropped", async () => {
    const before = (await parentLog()).length;
    expect((await parent.get(`/api/child-health/${aanya!.id}`)).statusCode).toBe(200);
    expect((await parent.get(`/api/digital-portfolio/child/${aanya!.id}`)).statusCode).toBe(200);
    expect((await parentLog()).length).toBe(before);

    await fromScreen(sessions.teacher, `/api/child-health/${aanya!.id}`, "<script>alert(1)</script>");
    const [latest] = (await director.get(`/api/privacy/access-log?child_id=${aanya!.id}`)).json().entries;
    expect(latest).toMatchObject({ kind: "health", screen: null });
  });

  it("the director filters by staff member; other families, centres and organisations see nothing of it", async () => {
    const byTeacher = (await director.get(`/api/privacy/access-log?staff_id=${teacherUser!.id}&limit=100`)).json();
    expect(byTeacher.entries.length).toBeGreaterThan(0);
    expect(byTeacher.entries.every((entry: { staff_id: string }) => entry.staff_id === teacherUser!.id)).toBe(true);
    const filters = (await director.get("/api/privacy/access-log/filters")).json();
    expect(filters.staff.map((person: { id: string }) => person.id)).toContain(teacherUser!.id);

    const family = await anotherFamilySession();
    expect((await as(app, family).get(`/api/privacy/access-log/children/${aanya!.id}`)).statusCode).toBe(404);
    expect((await as(app, family).get("/api/privacy/access-log")).statusCode).toBe(403);
    expect((await teacher.get("/api/privacy/access-log")).statusCode).toBe(403);
    expect((await teacher.get(`/api/privacy/access-log/children/${aanya!.id}`)).statusCode).toBe(403);

    await createCentreUser(db, other!.id, "center_director", "director.elsewhere@sprout.test");
    const elsewhere = as(app, await signIn(app, "director.elsewhere@sprout.test"));
    expect((await elsewhere.get(`/api/privacy/access-log?child_id=${aanya!.id}`)).json().entries).toEqual([]);

    const foreign = await otherOrganisation(db);
    await createCentreUser(db, foreign.centre, "super_admin", "admin@another.test");
    const foreignAdmin = as(app, await signIn(app, "admin@another.test"));
    expect((await foreignAdmin.get("/api/privacy/access-log?limit=100")).json().entries).toEqual([]);
    // The organisation's own super admin does read it.
    expect(
      (await superAdmin.get(`/api/privacy/access-log?child_id=${aanya!.id}`)).json().entries.length,
    ).toBeGreaterThan(0);
  });

  it("entries older than a year are pruned by the hourly job", async () => {
    const year = 366 * 86_400_000;
    await db.insert(childRecordViews).values({
      studentId: aanya!.id,
      centerId: home!.id,
      viewerId: teacherUser!.id,
      viewerRole: "teacher",
      kind: "health",
      screen: "/daily-activities",
      viewedAt: new Date(clock.now().getTime() - year),
    });
    const before = (await db.select().from(childRecordViews)).length;
    const outcome = await runPrune(db, clock, AREA_PRUNES);
    expect(outcome).toMatchObject({ ran: true, accessLog: 1 });
    expect((await db.select().from(childRecordViews)).length).toBe(before - 1);
  });
});

let familySession: SignedIn | undefined;
async function anotherFamilySession() {
  familySession ??= await signIn(app, "other.family@sprout.test");
  return familySession;
}
