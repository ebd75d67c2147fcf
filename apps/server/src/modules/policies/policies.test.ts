import { POLICY_MESSAGES } from "@sprout/shared/schemas/policies";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { otherOrganisation } from "../../../test/other-organisation.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { notifications } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

const ownerSession = await signIn(app, DEMO_EMAILS.owner);
const directorSession = await signIn(app, DEMO_EMAILS.center_director);
const owner = as(app, ownerSession);
const director = as(app, directorSession);
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
await createCentreUser(db, other!.id, "center_director", "director.andheri@sprout.test");
const elsewhere = as(app, await signIn(app, "director.andheri@sprout.test"));
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const [directorUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.center_director));
const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
const stranger = await otherOrganisation(db);
const policyBells = (userId: string, title: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.kind, "policy"), eq(notifications.userId, userId), eq(notifications.title, title)));

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const form = (fields: Record<string, string>, pdf?: Buffer) => {
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (pdf)
    chunks.push(
      Buffer.from(
        '--sprout\r\nContent-Disposition: form-data; name="pdf"; filename="handbook.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
      ),
      pdf,
      Buffer.from("\r\n"),
    );
  chunks.push(Buffer.from("--sprout--\r\n"));
  return Buffer.concat(chunks);
};
const send = (session: SignedIn, method: "POST" | "PUT", url: string, body: Buffer) =>
  app.inject({
    method,
    url,
    headers: { ...session.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: body,
  });
const staffPolicy = {
  title: "Safe sleep policy",
  body: "Babies sleep on their backs; a staff member checks every ten minutes.",
  audience: "staff",
  effective_date: "2026-12-01",
};

describe("policies", () => {
  it("refuses a policy without title, content or centre with the shared messages; only PDFs upload", async () => {
    const noTitle = await send(directorSession, "POST", "/api/policies", form({ ...staffPolicy, title: "" }));
    expect(noTitle.json()).toMatchObject({ error: POLICY_MESSAGES.titleRequired });
    const empty = await send(directorSession, "POST", "/api/policies", form({ ...staffPolicy, body: "" }));
    expect(empty.json().error).toBe(POLICY_MESSAGES.contentRequired);
    const noCentre = await send(ownerSession, "POST", "/api/policies", form(staffPolicy));
    expect(noCentre.json().error).toBe(POLICY_MESSAGES.centreRequired);
    const notPdf = await send(
      directorSession,
      "POST",
      "/api/policies",
      form({ ...staffPolicy, body: "" }, Buffer.from("<html>not a pdf</html>")),
    );
    expect(notPdf.statusCode).toBe(415);
    const listed = (await director.get("/api/policies")).json().policies;
    expect(listed.some((item: { title: string }) => item.title === staffPolicy.title)).toBe(false);
  });

  it("a director publishes for staff; the teacher sees it as new and acknowledges; the director sees who has", async () => {
    // The demo centre already has a policy for everyone (demo data): counts are taken against it.
    const before = (await teacher.get("/api/policies")).json().pending;
    const published = await send(directorSession, "POST", "/api/policies", form(staffPolicy));
    expect(published.statusCode, published.body).toBe(201);
    const created = published.json();
    expect(created).toMatchObject({ version: 1, center_id: home!.id, can_manage: true, acknowledged_count: 0 });
    expect(created.audience_count).toBeGreaterThan(3);

    // The audience is told at once (a bell line that leads to /policies); the publisher is not.
    const announced = "New policy to read and acknowledge: Safe sleep policy";
    const [bell] = await policyBells(teacherUser!.id, announced);
    expect(bell).toMatchObject({ link: "/policies", body: "Version 1, in force from 01/12/2026" });
    expect(await policyBells(directorUser!.id, announced)).toHaveLength(0);
    expect(await policyBells(parentUser!.id, announced)).toHaveLength(0);
    const told = await db.select().from(notifications).where(eq(notifications.title, announced));
    expect(told).toHaveLength(created.audience_count - 1);

    const mine = (await teacher.get("/api/policies")).json();
    expect(mine.pending).toBe(before + 1);
    const ours = mine.policies.find((item: { id: string }) => item.id === created.id);
    expect(ours).toMatchObject({ id: created.id, acknowledged_at: null, can_manage: false });
    expect(ours).not.toHaveProperty("audience_count");
    const parents = (await parent.get("/api/policies")).json().policies;
    expect(parents.some((item: { id: string }) => item.id === created.id)).toBe(false);
    expect((await parent.post(`/api/policies/${created.id}/acknowledge`)).statusCode).toBe(404);

    const acknowledged = await teacher.post(`/api/policies/${created.id}/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json().acknowledged_at).not.toBeNull();
    expect((await teacher.post(`/api/policies/${created.id}/acknowledge`)).statusCode).toBe(200);
    expect((await teacher.get("/api/policies")).json().pending).toBe(before);

    const done = (await director.get(`/api/policies/${created.id}/acknowledgements?status=acknowledged`)).json();
    expect(done.people.map((person: { user_id: string }) => person.user_id)).toEqual([teacherUser!.id]);
    const waiting = (await director.get(`/api/policies/${created.id}/acknowledgements?status=pending&limit=2`)).json();
    expect(waiting.people).toHaveLength(2);
    expect(waiting.pagination.total_items).toBe(created.audience_count - 1);
    expect(waiting.people.every((person: { acknowledged_at: string | null }) => person.acknowledged_at === null)).toBe(
      true,
    );
  });

  it("a new version asks everyone again; a reminder reaches only those who have not acknowledged (bell and e-mail)", async () => {
    const created = (await teacher.get("/api/policies"))
      .json()
      .policies.find((item: { title: string }) => item.title === staffPolicy.title);
    const changed = await send(
      directorSession,
      "PUT",
      `/api/policies/${created.id}`,
      form({ ...staffPolicy, body: `${staffPolicy.body} Cots are checked daily.` }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, acknowledged_count: 0 });
    const again = (await teacher.get("/api/policies")).json().policies;
    expect(again.find((item: { id: string }) => item.id === created.id).acknowledged_at).toBeNull();
    const updated = "Policy updated, please read and acknowledge again: Safe sleep policy";
    expect(await policyBells(teacherUser!.id, updated)).toMatchObject([
      { body: "Version 2, in force from 01/12/2026" },
    ]);
    expect(await policyBells(directorUser!.id, updated)).toHaveLength(0);

    // Who acknowledged which version: the teacher's version 1 stays on record, version 2 waits.
    const acknowledgedIn = async (version: number) =>
      (
        await director.get(`/api/policies/${created.id}/acknowledgements?status=acknowledged&version=${version}`)
      ).json();
    const first = await acknowledgedIn(1);
    expect(first.version).toBe(1);
    expect(first.people.map((person: { user_id: string }) => person.user_id)).toEqual([teacherUser!.id]);
    expect((await acknowledgedIn(2)).people).toEqual([]);
    expect((await director.get(`/api/policies/${created.id}/acknowledgements`)).json().version).toBe(2);
    for (const version of ["3", "0", "one"]) {
      const unknown = await director.get(`/api/policies/${created.id}/acknowledgements?version=${version}`);
      expect(unknown.statusCode, version).toBe(400);
      expect(unknown.json().error).toBe(POLICY_MESSAGES.versionUnknown);
    }

    await teacher.post(`/api/policies/${created.id}/acknowledge`);
    const reminded = await director.post(`/api/policies/${created.id}/remind`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json().reminded).toBe(changed.json().audience_count - 1);
    const reminder = "Please read and acknowledge: Safe sleep policy";
    expect(await policyBells(teacherUser!.id, reminder)).toHaveLength(0);
    expect(await db.select().from(notifications).where(eq(notifications.title, reminder))).toHaveLength(
      reminded.json().reminded,
    );
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "Please read and acknowledge: Safe sleep policy"));
    expect(mails).toHaveLength(reminded.json().reminded);
    expect(mails.some((mail) => mail.to === DEMO_EMAILS.teacher)).toBe(false);
  });

  it("an owner publishes a PDF policy for parents of a centre they own; the parent opens and acknowledges it", async () => {
    const published = await send(
      ownerSession,
      "POST",
      "/api/policies",
      form({ title: "Parent handbook", audience: "parents", effective_date: "2026-12-01", center_id: home!.id }, PDF),
    );
    expect(published.statusCode, published.body).toBe(201);
    const created = published.json();
    expect(created.pdf).toMatchObject({ name: "handbook.pdf" });
    const managed = (await owner.get("/api/policies")).json().policies;
    expect(managed.find((item: { id: string }) => item.id === created.id)).toMatchObject({ can_manage: true });
    const parentList = (await parent.get("/api/policies")).json();
    expect(parentList.policies.map((item: { id: string }) => item.id)).toContain(created.id);
    const file = await parent.get(created.pdf.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect((await parent.post(`/api/policies/${created.id}/acknowledge`)).json().acknowledged_at).not.toBeNull();
    // Not for staff: the teacher neither sees nor acknowledges it.
    expect((await teacher.post(`/api/policies/${created.id}/acknowledge`)).statusCode).toBe(404);
    expect((await teacher.get(created.pdf.url)).statusCode).toBe(404);
  });

  it("another centre's director neither sees nor manages these policies", async () => {
    const [created] = (await director.get("/api/policies")).json().policies;
    expect((await elsewhere.get("/api/policies")).json().policies).toHaveLength(0);
    expect((await elsewhere.get(`/api/policies/${created.id}/acknowledgements`)).statusCode).toBe(404);
    expect((await elsewhere.post(`/api/policies/${created.id}/remind`)).statusCode).toBe(404);
    expect((await elsewhere.post(`/api/policies/${created.id}/acknowledge`)).statusCode).toBe(404);
    const put = await app.inject({
      method: "PUT",
      url: `/api/policies/${created.id}`,
      headers: {
        ...(await signIn(app, "director.andheri@sprout.test")).headers,
        "content-type": "multipart/form-data; boundary=sprout",
      },
      payload: form(staffPolicy),
    });
    expect(put.statusCode).toBe(404);
  });

  it("the super admin and the financial manager read the policies of the centres in their scope (issue 30, point 8)", async () => {
    const andheri = await send(
      await signIn(app, "director.andheri@sprout.test"),
      "POST",
      "/api/policies",
      form({ ...staffPolicy, title: "Andheri fire drill" }),
    );
    expect(andheri.statusCode, andheri.body).toBe(201);
    // Koramangala's policies as its director (who manages them all) sees them.
    const atHome = (await director.get("/api/policies?limit=50")).json().policies as { id: string; title: string }[];
    expect(atHome.map((item) => item.title)).toEqual(
      expect.arrayContaining(["Illness and exclusion policy", "Safe sleep policy", "Parent handbook"]),
    );
    const titles = (items: { title: string }[]) => items.map((item) => item.title).sort();
    await createCentreUser(db, home!.id, "financial_manager", "finance.koramangala@sprout.test");
    const readers = {
      superAdmin: as(app, await signIn(app, DEMO_EMAILS.super_admin)),
      // The demo finance manager has no centre: the organisation's books, so every centre.
      finance: as(app, await signIn(app, DEMO_EMAILS.financial_manager)),
      centreFinance: as(app, await signIn(app, "finance.koramangala@sprout.test")),
    };
    for (const [who, reader] of Object.entries(readers)) {
      const answer = (await reader.get("/api/policies?limit=50")).json();
      const expected = who === "centreFinance" ? atHome : [...atHome, { title: "Andheri fire drill" }];
      expect(titles(answer.policies), who).toEqual(titles(expected));
      // A finance manager of one centre is also its staff: the staff policies wait for them.
      expect(answer.pending, who).toBe(who === "centreFinance" ? 2 : 0);
      const handbook = answer.policies.find((item: { title: string }) => item.title === "Parent handbook");
      // Read only: no managing, no acknowledgement counts, nothing of theirs to acknowledge.
      expect(handbook.can_manage, who).toBe(false);
      expect(handbook, who).not.toHaveProperty("audience_count");
      expect((await reader.get(handbook.pdf.url)).statusCode, who).toBe(200);
      expect((await reader.post(`/api/policies/${handbook.id}/acknowledge`)).statusCode, who).toBe(404);
      expect((await reader.get(`/api/policies/${handbook.id}/acknowledgements`)).statusCode, who).toBe(403);
      expect(titles(answer.policies), who).not.toContain("Little Steps sun safety");
    }
  });

  it("an owner may not publish for another organisation's centre", async () => {
    const refused = await send(
      ownerSession,
      "POST",
      "/api/policies",
      form({ ...staffPolicy, title: "Not ours to publish", center_id: stranger.centre }),
    );
    expect(refused.statusCode).toBe(404);
    const listed = (await owner.get("/api/policies?limit=50")).json().policies;
    expect(listed.some((item: { title: string }) => item.title === "Not ours to publish")).toBe(false);
    expect(
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.title, "New policy to read and acknowledge: Not ours to publish")),
    ).toHaveLength(0);
  });
});
