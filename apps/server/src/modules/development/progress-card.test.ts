import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { aboutMe, draft, openTerm, portfolioPhoto, publish } from "../../../test/development-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { attendanceStays } from "../../db/schema/attendance.ts";
import { createFileStore } from "../../files/store.ts";
import { storePhotoConsent } from "../privacy/consent-store.ts";

const files = createFileStore(mkdtempSync(path.join(tmpdir(), "sprout-cards-")));
const { app, database } = await createTestApp({ files });
const db = database.db;

// The demo terms (modules/development/demo-seed.ts) make way for this file's own, whose every
// level the assertions know.
await query(db, "delete from assessment_terms");
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [mine] = await query<{ id: string; name: string; class_id: string; center_id: string; org: string; by: string }>(
  db,
  `select s.id, trim(s.first_name || ' ' || s.last_name) as name, s.class_id, s.center_id, u.organisation_id as org, u.id as by
   from students s join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id
   join users u on u.id = g.user_id
   where u.email = 'parent@sprout.test' and s.class_id in
     (select classroom_id from classroom_teachers ct join users t on t.id = ct.teacher_id where t.email = 'teacher@sprout.test')
   order by s.first_name limit 1`,
);
const child = mine!;
const [otherFamily] = await query<{ id: string }>(
  db,
  `select id from students where class_id = '${child.class_id}' and status = 'active' and id not in
     (select sg.student_id from student_guardians sg join guardians g on g.id = sg.guardian_id
      join users u on u.id = g.user_id where u.email = 'parent@sprout.test') order by first_name limit 1`,
);
const [otherRoom] = await query<{ id: string; class_id: string }>(
  db,
  `select id, class_id from students where center_id = '${child.center_id}' and status = 'active' and class_id not in
     (select classroom_id from classroom_teachers ct join users t on t.id = ct.teacher_id where t.email = 'teacher@sprout.test')
   order by first_name limit 1`,
);

const photo1 = await portfolioPhoto(db, files, { ...ids(), title: "Painting leaves", colour: "#c33" });
const photo2 = await portfolioPhoto(db, files, { ...ids(), title: "On the slide", colour: "#33c" });
function ids() {
  return { centerId: child.center_id, childId: child.id, classroomId: child.class_id };
}
const consent = (value: "none" | "own" | "group") =>
  storePhotoConsent(db, { organisationId: child.org, childId: child.id, consent: value, by: child.by, at: new Date() });
await consent("own");

const rooms = [child.class_id, otherRoom!.class_id];
const term1 = await openTerm(db, {
  centerId: child.center_id,
  name: "Term 1 2026-27",
  startsOn: "2026-06-01",
  endsOn: "2026-09-30",
  classroomIds: rooms,
});
const term2 = await openTerm(db, {
  centerId: child.center_id,
  name: "Term 2 2026-27",
  startsOn: "2026-10-01",
  endsOn: "2027-01-31",
  classroomIds: rooms,
});
const NARRATIVE = "Runs, climbs and balances with growing confidence on the playground.";
await publish(db, {
  term: term1,
  childId: child.id,
  classroomId: child.class_id,
  levels: [
    { competency_code: "C-1.1", level: "stream" },
    { competency_code: "C-1.2", level: "stream" },
  ],
  at: new Date("2026-10-02T06:00:00Z"),
});
const card = await publish(db, {
  term: term2,
  childId: child.id,
  classroomId: child.class_id,
  levels: [
    { competency_code: "C-1.1", level: "mountain", comment: "Tries every vegetable at lunch" },
    { competency_code: "C-1.2", level: "sky" },
    { competency_code: "C-9.1", level: "stream" },
  ],
  narratives: [{ domain_code: "PD", narrative: NARRATIVE }],
  photoItemIds: [photo1, photo2],
  allAboutMe: aboutMe(child.name),
});
const otherFamilyCard = await publish(db, {
  term: term2,
  childId: otherFamily!.id,
  classroomId: child.class_id,
  levels: [{ competency_code: "C-1.1", level: "stream" }],
});
const otherRoomCard = await publish(db, {
  term: term2,
  childId: otherRoom!.id,
  classroomId: otherRoom!.class_id,
  levels: [{ competency_code: "C-1.1", level: "sky" }],
});
// Three days of the child's, one more when only another child came: the centre was open four days.
const stay = (studentId: string, day: string) => ({
  organisationId: child.org,
  centerId: child.center_id,
  studentId,
  day,
  checkInAt: new Date(`${day}T03:30:00Z`),
  checkOutAt: new Date(`${day}T10:30:00Z`),
});
async function pdfOf(response: { rawPayload: Buffer }) {
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  const { text } = await parser.getText();
  await parser.destroy();
  return { text, images: (response.rawPayload.toString("latin1").match(/\/Subtype \/Image/g) ?? []).length };
}

describe("the progress card", () => {
  it("lists a child's published cards newest term first, to the family and the child's staff", async () => {
    const list = await parent.get(`/api/children/${child.id}/progress-cards`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((item: { term: { name: string } }) => item.term.name)).toEqual([
      "Term 2 2026-27",
      "Term 1 2026-27",
    ]);
    expect(list.json().items[0]).toMatchObject({ assessment_id: card.id, version: 1, acknowledged: false });
    expect((await teacher.get(`/api/children/${child.id}/progress-cards`)).statusCode).toBe(200);
    expect((await parent.get(`/api/children/${otherFamily!.id}/progress-cards`)).statusCode).toBe(404);
    expect((await teacher.get(`/api/children/${otherRoom!.id}/progress-cards`)).statusCode).toBe(404);
  });

  it("shows the child, the term, attendance, levels, narrative, photos and the child's page", async () => {
    const response = await parent.get(`/api/progress-cards/${card.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.child).toMatchObject({ id: child.id, name: child.name });
    expect(body.child.teacher_names.length).toBeGreaterThan(0);
    expect(body.term).toMatchObject({ name: "Term 2 2026-27", starts_on: "2026-10-01" });
    const before = body.attendance;
    await db
      .insert(attendanceStays)
      .values([
        stay(child.id, "2026-10-05"),
        stay(child.id, "2026-10-06"),
        stay(child.id, "2026-10-07"),
        stay(otherFamily!.id, "2026-10-08"),
      ]);
    const after = (await parent.get(`/api/progress-cards/${card.id}`)).json().attendance;
    expect(after).toEqual({
      days_present: before.days_present + 3,
      days_open: before.days_open + 4,
      days_absent: before.days_absent,
    });
    expect(body.scale.map((level: { key: string }) => level.key)).toEqual(["stream", "mountain", "sky"]);
    const pd = body.domains.find((domain: { code: string }) => domain.code === "PD");
    expect(pd.narrative).toBe(NARRATIVE);
    expect(pd.competencies[0]).toMatchObject({
      code: "C-1.1",
      level_label: "Mountain (Proficient)",
      level_index: 1,
      comment: "Tries every vegetable at lunch",
    });
    expect(pd.competencies[0].text).toMatch(/nutritious food/);
    expect(body.domains.map((domain: { code: string }) => domain.code)).toContain("LLD");
    expect(body.photos.map((photo: { title: string }) => photo.title)).toEqual(["Painting leaves", "On the slide"]);
    expect(body.all_about_me.my_name_is).toBe(child.name);
    expect(body).toMatchObject({ parent_page: null, acknowledged_at: null, can_respond: true, version: 1 });
    const staff = (await coordinator.get(`/api/progress-cards/${card.id}`)).json();
    expect(staff.can_respond).toBe(false);
  });

  it("is 404 to another family, another classroom's teacher, and for a draft", async () => {
    expect((await parent.get(`/api/progress-cards/${otherFamilyCard.id}`)).statusCode).toBe(404);
    expect((await teacher.get(`/api/progress-cards/${otherRoomCard.id}`)).statusCode).toBe(404);
    expect((await coordinator.get(`/api/progress-cards/${otherRoomCard.id}`)).statusCode).toBe(200);
    expect((await parent.get(`/api/progress-cards/${otherFamilyCard.id}/pdf`)).statusCode).toBe(404);
    const term3 = await openTerm(db, {
      centerId: child.center_id,
      name: "Draft term",
      startsOn: "2027-02-01",
      endsOn: "2027-03-31",
      classroomIds: [child.class_id],
    });
    const unpublished = await draft(db, { term: term3, childId: child.id, classroomId: child.class_id });
    expect((await parent.get(`/api/progress-cards/${unpublished.id}`)).statusCode).toBe(404);
    expect((await coordinator.get(`/api/progress-cards/${unpublished.id}`)).statusCode).toBe(404);
    expect((await parent.get(`/api/children/${child.id}/progress-cards`)).json().items).toHaveLength(2);
  });

  it("puts staff reads of the card in the child's access log", async () => {
    expect((await coordinator.get(`/api/progress-cards/${card.id}`)).statusCode).toBe(200);
    expect((await teacher.get(`/api/progress-cards/${card.id}/pdf`)).statusCode).toBe(200);
    const log = (await parent.get(`/api/privacy/access-log/children/${child.id}?limit=100`)).json().entries as {
      kind: string;
      staff_role: string;
    }[];
    const reads = log.filter((entry) => entry.kind === "assessments").map((entry) => entry.staff_role);
    expect(reads.some((role) => /coordinator/i.test(role))).toBe(true);
    expect(reads.some((role) => /teacher/i.test(role))).toBe(true);
  });

  it("refuses a parent's page with an answer too long and changes nothing; saves a good one, audited", async () => {
    const url = `/api/progress-cards/${card.id}/parent-page`;
    const refused = await parent.put(url, { answers: { my_child_enjoys: "x".repeat(501) } });
    expect(refused.statusCode).toBe(400);
    expect((await parent.get(`/api/progress-cards/${card.id}`)).json().parent_page).toBeNull();
    const unknown = await parent.put(url, { answers: { favourite_colour: "blue" } });
    expect(unknown.statusCode).toBe(400);
    const saved = await parent.put(url, {
      answers: { my_child_enjoys: "Singing rhymes with her grandmother", questions_for_the_teacher: "" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().answers).toEqual({ my_child_enjoys: "Singing rhymes with her grandmother" });
    expect((await coordinator.get(`/api/progress-cards/${card.id}`)).json().parent_page.answers).toEqual({
      my_child_enjoys: "Singing rhymes with her grandmother",
    });
    expect((await coordinator.put(url, { answers: {} })).statusCode).toBe(403);
    expect(
      (await parent.put(`/api/progress-cards/${otherFamilyCard.id}/parent-page`, { answers: {} })).statusCode,
    ).toBe(404);
    const audit = await query<{ after: Record<string, string> }>(
      db,
      `select after from audit_log where action = 'progressCard.parentPage' and entity_id = '${card.id}'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toEqual({ my_child_enjoys: "Singing rhymes with her grandmother" });
  });

  it("prints the card as a PDF: the child, a level, the narrative, the parent's page and the allowed photos", async () => {
    const colour = await parent.get(`/api/progress-cards/${card.id}/pdf?shade=colour`);
    expect(colour.statusCode, colour.body).toBe(200);
    expect(colour.headers["content-type"]).toContain("application/pdf");
    expect(colour.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, images } = await pdfOf(colour);
    expect(text).toContain(child.name);
    expect(text).toContain("Mountain (Proficient)");
    expect(text.replace(/\s+/g, " ")).toContain(NARRATIVE);
    expect(text).toContain("Singing rhymes with her grandmother");
    expect(text).toMatch(/version 1/);
    expect(text).toMatch(/Present on \d+ of the \d+ days/);
    expect(images).toBe(2);
    const grey = await parent.get(`/api/progress-cards/${card.id}/pdf?shade=grey`);
    expect(grey.statusCode).toBe(200);
    expect((await pdfOf(grey)).text).toContain("Sky (Advanced)");
    expect((await parent.get(`/api/progress-cards/${card.id}/pdf?shade=sepia`)).statusCode).toBe(400);
    const shown = await parent.get(`/api/progress-cards/${card.id}/photos/${photo1}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
  });

  it("drops the photos once consent is withdrawn: from the card, its PDF and the photo route", async () => {
    await consent("none");
    try {
      expect((await parent.get(`/api/progress-cards/${card.id}`)).json().photos).toEqual([]);
      expect((await pdfOf(await parent.get(`/api/progress-cards/${card.id}/pdf`))).images).toBe(0);
      expect((await parent.get(`/api/progress-cards/${card.id}/photos/${photo1}`)).statusCode).toBe(404);
    } finally {
      await consent("own");
    }
  });

  it("takes one acknowledgement per version and parent; a reissue needs a new one", async () => {
    const url = `/api/progress-cards/${card.id}/acknowledge`;
    const first = await parent.post(url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(1);
    const again = await parent.post(url);
    expect(again.json()).toEqual(first.json());
    expect((await parent.get(`/api/progress-cards/${card.id}`)).json().acknowledged_at).toBe(
      first.json().acknowledged_at,
    );
    expect((await director.post(url)).statusCode).toBe(403);
    expect((await parent.post(`/api/progress-cards/${otherFamilyCard.id}/acknowledge`)).statusCode).toBe(404);
    await publish(db, {
      term: term2,
      childId: child.id,
      classroomId: child.class_id,
      levels: [{ competency_code: "C-1.1", level: "sky" }],
      reason: "The physical levels were entered a row too low",
      at: new Date("2026-11-18T06:00:00Z"),
    });
    const reissued = (await parent.get(`/api/progress-cards/${card.id}`)).json();
    expect(reissued).toMatchObject({ version: 2, acknowledged_at: null });
    expect((await parent.get(`/api/children/${child.id}/progress-cards`)).json().items[0]).toMatchObject({
      version: 2,
      acknowledged: false,
    });
    expect((await parent.post(url)).json().version).toBe(2);
    const audit = await query<{ n: number }>(
      db,
      `select count(*)::int as n from audit_log where action = 'progressCard.acknowledge' and entity_id = '${card.id}'`,
    );
    expect(audit[0]!.n).toBe(2);
  });

  it("shows the centre who has not acknowledged, first, by classroom and state", async () => {
    const url = `/api/development/terms/${term2.id}/acknowledgements`;
    const all = await coordinator.get(url);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ pagination: { total: 3 }, pending: 2 });
    const rows = all.json().items as { child_id: string; acknowledged_at: string | null; acknowledged_by: string }[];
    expect(rows.at(-1)).toMatchObject({ child_id: child.id });
    expect(rows.at(-1)!.acknowledged_at).not.toBeNull();
    expect(rows.slice(0, 2).every((row) => row.acknowledged_at === null)).toBe(true);
    const pending = (await coordinator.get(`${url}?state=pending`)).json();
    expect(pending.items.map((row: { child_id: string }) => row.child_id)).not.toContain(child.id);
    const room = (await coordinator.get(`${url}?classroom_id=${otherRoom!.class_id}`)).json();
    expect(room.items.map((row: { child_id: string }) => row.child_id)).toEqual([otherRoom!.id]);
    // A teacher reads her own rooms only.
    const theirs = (await teacher.get(url)).json();
    expect(theirs.items.map((row: { child_id: string }) => row.child_id)).not.toContain(otherRoom!.id);
    expect((await teacher.get(`${url}?classroom_id=${otherRoom!.class_id}`)).statusCode).toBe(404);
    expect((await parent.get(url)).statusCode).toBe(403);
  });
});
