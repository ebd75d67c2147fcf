import { ASSESSMENT_MESSAGES as M } from "@sprout/shared/schemas/development/assessments";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { storePhotoConsent } from "../privacy/consent-store.ts";

const { app, database } = await createTestApp();
const db = database.db;

const coordinator = as(app, await signIn(app, DEMO_EMAILS.academic_coordinator));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const teacher = as(app, teacherSession);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const parent = as(app, parentSession);

const [me] = await query<{ home: string; org: string }>(
  db,
  "select center_id as home, organisation_id as org from users where email = 'coordinator@sprout.test'",
);
const { home, org } = me!;
// The demo parent's child, in one of the demo teacher's classrooms.
const [child] = await query<{ id: string; first_name: string; class_id: string; dob: string }>(
  db,
  `select s.id, s.first_name, s.class_id, s.date_of_birth::text as dob from students s
   join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id
   join users u on u.id = g.user_id
   where u.email = 'parent@sprout.test' and s.status = 'active'
     and s.class_id in (select ct.classroom_id from classroom_teachers ct where ct.teacher_id = '${teacherSession.user.id}')
   order by s.student_id limit 1`,
);
const room = child!.class_id;
const [otherRoomChild] = await query<{ id: string; class_id: string }>(
  db,
  `select s.id, s.class_id from students s where s.center_id = '${home}' and s.status = 'active'
   and s.class_id not in (select ct.classroom_id from classroom_teachers ct where ct.teacher_id = '${teacherSession.user.id}')
   order by s.student_id limit 1`,
);
const [classmate] = await query<{ id: string }>(
  db,
  `select id from students where class_id = '${room}' and status = 'active' and id <> '${child!.id}'
   order by first_name, last_name, id limit 1`,
);
const roomSize = Number(
  (
    await query<{ n: string }>(
      db,
      `select count(*) as n from students where class_id = '${room}' and status = 'active'`,
    )
  )[0]!.n,
);

const term = (
  await coordinator.post("/api/development/terms", {
    center_id: home,
    name: "Assessments test term",
    starts_on: "2026-10-01",
    ends_on: "2026-12-31",
    classroom_ids: [room, otherRoomChild!.class_id],
  })
).json();
const base = `/api/development/terms/${term.id}`;
const url = (childId = child!.id) => `${base}/children/${childId}/assessment`;

/** An observation of the child on a day, tagged with some competencies. */
async function observation(day: string, notes: string, codes: string[], childId = child!.id) {
  const [log] = await query<{ id: string }>(
    db,
    `insert into observation_logs (student_id, center_id, day, notes, created_at, updated_at)
     values ('${childId}', '${home}', '${day}', '${notes}', now(), now()) returning id`,
  );
  for (const code of codes)
    await query(
      db,
      `insert into observation_competencies (log_id, framework_key, competency_code) values ('${log!.id}', 'ncf-fs-2022', '${code}')`,
    );
  return log!.id;
}

/** A photo of the child alone, or a group photo with another child. */
async function photo(childId: string, withChild?: string) {
  const [item] = await query<{ id: string }>(
    db,
    `insert into portfolio_items (center_id, student_id, file_name, media_type, mime_type, stored_name, thumb_stored_name,
       size_bytes, is_group, created_at)
     values ('${home}', '${childId}', 'p.jpg', 'image', 'image/jpeg', gen_random_uuid()::text || '.jpg',
       gen_random_uuid()::text || '.jpg', 10, ${withChild ? "true" : "false"}, now()) returning id`,
  );
  await query(db, `insert into portfolio_item_children (item_id, student_id) values ('${item!.id}', '${childId}')`);
  if (withChild)
    await query(db, `insert into portfolio_item_children (item_id, student_id) values ('${item!.id}', '${withChild}')`);
  return item!.id;
}

const consent = (childId: string, value: "none" | "own" | "group") =>
  storePhotoConsent(db, { organisationId: org, childId, consent: value, by: teacherSession.user.id, at: new Date() });

describe("the class view", () => {
  it("lists every active child of the term's classrooms, not started until something is saved", async () => {
    const view = await coordinator.get(`${base}/children?classroom_id=${room}&limit=100`);
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body.pagination.total).toBe(roomSize);
    expect(body.domains.map((domain: { code: string }) => domain.code)).toEqual([
      "PD",
      "SED",
      "CD",
      "LLD",
      "ACD",
      "PLH",
    ]);
    const row = body.children.find((entry: { child_id: string }) => entry.child_id === child!.id);
    expect(row).toMatchObject({ status: "not_started", version: 0, levels_recorded: 0, photos: 0, page_done: false });
    expect(row.domains_missing).toHaveLength(6);
    expect(row.levels_suggested).toBeGreaterThan(0);
  });

  it("a teacher sees her classrooms only", async () => {
    const view = (await teacher.get(`${base}/children?limit=100`)).json();
    expect(view.children.every((entry: { classroom_id: string }) => entry.classroom_id === room)).toBe(true);
    expect((await teacher.get(`${base}/children?classroom_id=${otherRoomChild!.class_id}`)).statusCode).toBe(404);
    expect((await parent.get(`${base}/children`)).statusCode).toBe(403);
  });
});

describe("a child's assessment", () => {
  it("lays the framework out by domain with the observations tagged in the term's dates", async () => {
    const inTerm = await observation("2026-10-12", "Washed hands before lunch without being reminded", ["C-1.2"]);
    const both = await observation("2026-11-03", "Counted the blocks to ten", ["C-1.2", "C-8.1"]);
    await observation("2026-09-20", "Before the term", ["C-1.2"]);
    await observation("2026-10-15", "Untagged note", []);
    const read = await teacher.get(url());
    expect(read.statusCode, read.body).toBe(200);
    const answer = read.json();
    expect(answer).toMatchObject({ status: "not_started", version: 0, assessment_id: null, can_record: true });
    expect(answer.levels.map((level: { key: string }) => level.key)).toEqual(["stream", "mountain", "sky"]);
    const all = answer.domains.flatMap((domain: { competencies: { code: string }[] }) => domain.competencies);
    const hygiene = all.find((competency: { code: string }) => competency.code === "C-1.2");
    expect(hygiene.observations.map((seen: { id: string }) => seen.id)).toEqual([both, inTerm]);
    expect(hygiene.observations_total).toBe(2);
    expect(hygiene.observations[1].excerpt).toContain("Washed hands");
    const food = all.find((competency: { code: string }) => competency.code === "C-1.1");
    expect(food.observations).toEqual([]);
    // Every child with a date of birth has a band: a toddler under three is suggested the first one's.
    expect(answer.child.age_band).toBe("3-4");
    expect(all.some((competency: { suggested: boolean }) => competency.suggested)).toBe(true);
  });

  it("saves levels, comments, narratives, the child's page and consented photos; refuses what is not the framework's", async () => {
    await consent(child!.id, "own");
    await consent(classmate!.id, "none");
    const own = await photo(child!.id);
    const group = await photo(child!.id, classmate!.id);
    const theirs = await photo(classmate!.id);
    const body = {
      levels: [
        { competency_code: "C-1.2", level: "mountain", comment: "Washes hands on her own" },
        { competency_code: "C-1.1", level: "stream" },
      ],
      narratives: [{ domain_code: "PD", narrative: "Growing in independence with self-care." }],
      all_about_me: { my_name_is: "Aanya", i_like_to_play: "With blocks" },
      photo_item_ids: [own],
    };
    expect(
      (await teacher.put(url(), { ...body, levels: [{ competency_code: "C-99.9", level: "sky" }] })).statusCode,
    ).toBe(400);
    expect(
      (await teacher.put(url(), { ...body, levels: [{ competency_code: "C-1.1", level: "gold" }] })).statusCode,
    ).toBe(400);
    expect(
      (await teacher.put(url(), { ...body, narratives: [{ domain_code: "XX", narrative: "x" }] })).statusCode,
    ).toBe(400);
    for (const refused of [[group], [theirs]]) {
      const answer = await teacher.put(url(), { ...body, photo_item_ids: refused });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe(M.photoNotAllowed);
    }
    expect((await teacher.put(url(), { ...body, photo_item_ids: [own, own, group, theirs, own] })).statusCode).toBe(
      400,
    );
    const saved = await teacher.put(url(), body);
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json();
    expect(answer.status).toBe("draft");
    const all = answer.domains.flatMap((domain: { competencies: unknown[] }) => domain.competencies);
    expect(all.find((competency: { code: string }) => competency.code === "C-1.2")).toMatchObject({
      level: "mountain",
      comment: "Washes hands on her own",
    });
    expect(answer.domains[0]).toMatchObject({ code: "PD", narrative: "Growing in independence with self-care." });
    expect(answer.all_about_me).toEqual({ my_name_is: "Aanya", i_like_to_play: "With blocks" });
    expect(answer.photos.map((entry: { item_id: string }) => entry.item_id)).toEqual([own]);
    expect(answer.photo_choices.map((entry: { item_id: string }) => entry.item_id)).toContain(own);
    expect(answer.photo_choices.map((entry: { item_id: string }) => entry.item_id)).not.toContain(group);
    // A save over a newer one is refused.
    const stale = await teacher.put(url(), { ...body, updated_at: "2026-01-01T00:00:00.000Z" });
    expect(stale.statusCode).toBe(409);
    expect((await teacher.put(url(), { ...body, updated_at: answer.updated_at })).statusCode).toBe(200);

    const row = (await coordinator.get(`${base}/children?classroom_id=${room}&status=draft&limit=100`))
      .json()
      .children.find((entry: { child_id: string }) => entry.child_id === child!.id);
    expect(row).toMatchObject({ status: "draft", photos: 1, page_answers: 2, page_done: false });
    expect(row.domains_missing).toEqual(["SED", "CD", "LLD", "ACD", "PLH"]);
    // The two levels count when the competencies are suggested for the child's age band.
    expect(row.age_band).toBe("3-4");
    expect(row.levels_recorded).toBe(2);
  });

  it("another classroom's teacher gets 404, a parent 403, and staff reads are in the access log", async () => {
    expect((await teacher.get(url(otherRoomChild!.id))).statusCode).toBe(404);
    expect((await teacher.put(url(otherRoomChild!.id), { levels: [] })).statusCode).toBe(404);
    expect((await coordinator.get(url(otherRoomChild!.id))).statusCode).toBe(200);
    for (const call of [
      parent.get(url()),
      parent.put(url(), { levels: [] }),
      parent.post(`${url()}/submit`),
      parent.post(`${url()}/publish`),
      parent.post(`${url()}/reissue`, { reason: "Parent wants a change" }),
      parent.get(`${url()}/history`),
      parent.post(`${base}/publish`, { classroom_id: room }),
    ])
      expect((await call).statusCode).toBe(403);
    const views = async () => {
      await director.get(`/api/privacy/access-log?child_id=${child!.id}`);
      return query<{ viewer_role: string }>(
        db,
        `select viewer_role from child_record_views where student_id = '${child!.id}' and kind = 'assessments'
         and viewer_id = '${teacherSession.user.id}'`,
      );
    };
    const before = (await views()).length;
    expect((await teacher.get(url())).statusCode).toBe(200);
    const after = await views();
    expect(after).toHaveLength(before + 1);
    expect(after.every((view) => view.viewer_role === "teacher")).toBe(true);
  });
});

describe("publishing and reissuing", () => {
  it("submits, publishes version 1 with the whole card in the history, and tells the family", async () => {
    const submitted = await teacher.post(`${url()}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe("submitted");
    expect((await teacher.post(`${url()}/publish`)).statusCode).toBe(403);
    const published = await coordinator.post(`${url()}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: "published", version: 1, can_record: false });
    const [history] = await query<{ version: number; reason: string | null; card: Record<string, unknown> }>(
      db,
      `select h.version, h.reason, h.card from assessment_history h join child_assessments a on a.id = h.assessment_id
       where a.term_id = '${term.id}' and a.student_id = '${child!.id}'`,
    );
    expect(history).toMatchObject({ version: 1, reason: null });
    expect(history!.card).toMatchObject({
      framework_key: "ncf-fs-2022",
      term: { id: term.id, name: "Assessments test term" },
      narratives: [{ domain_code: "PD", narrative: "Growing in independence with self-care." }],
      all_about_me: { my_name_is: "Aanya" },
    });
    expect((history!.card.levels as unknown[]).length).toBe(2);
    expect((history!.card.photo_item_ids as unknown[]).length).toBe(1);
    expect(history!.card.level_labels).toMatchObject({ mountain: "Mountain (Proficient)" });
    const bell = (await parent.get("/api/notifications")).json();
    expect(bell.notifications[0]).toMatchObject({
      kind: "progress_card",
      title: `${child!.first_name}'s progress card for Assessments test term is ready`,
    });
    const audit = await query(
      db,
      `select 1 from audit_log where action = 'assessment.published' and entity_id = '${published.json().assessment_id}'`,
    );
    expect(audit).toHaveLength(1);
  });

  it("a published assessment cannot be edited in place; a reissue needs a reason and both versions stay", async () => {
    const edit = await teacher.put(url(), { levels: [] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toBe(M.publishedReissueFirst);
    expect((await coordinator.post(`${url()}/publish`)).statusCode).toBe(409);
    expect((await coordinator.post(`${url()}/reissue`, { reason: "no" })).statusCode).toBe(400);
    expect((await teacher.post(`${url()}/reissue`, { reason: "A level was wrong" })).statusCode).toBe(403);
    const reopened = await coordinator.post(`${url()}/reissue`, { reason: "The hygiene level was recorded wrongly" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: "draft",
      version: 1,
      reissue_reason: "The hygiene level was recorded wrongly",
    });
    const fixed = await teacher.put(url(), {
      levels: [{ competency_code: "C-1.2", level: "sky", comment: "Reminds friends too" }],
      narratives: [{ domain_code: "PD", narrative: "Confident with self-care." }],
      all_about_me: { my_name_is: "Aanya" },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await coordinator.post(`${url()}/publish`)).json()).toMatchObject({ status: "published", version: 2 });
    const history = (await teacher.get(`${url()}/history`)).json();
    expect(history.pending_reason).toBeNull();
    expect(
      history.versions.map((entry: { version: number; reason: string | null }) => [entry.version, entry.reason]),
    ).toEqual([
      [2, "The hygiene level was recorded wrongly"],
      [1, null],
    ]);
    expect(history.versions[0].published_by_name).toBeTruthy();
    const cards = await query<{ version: number; card: { levels: { level: string }[] } }>(
      db,
      `select h.version, h.card from assessment_history h join child_assessments a on a.id = h.assessment_id
       where a.term_id = '${term.id}' and a.student_id = '${child!.id}' order by h.version`,
    );
    expect(cards.map((entry) => entry.card.levels.map((level) => level.level))).toEqual([
      ["stream", "mountain"],
      ["sky"],
    ]);
  });

  it("publishing twice at once makes one version", async () => {
    await coordinator.post(`${url()}/reissue`, { reason: "One more look at the narrative" });
    const answers = await Promise.all([coordinator.post(`${url()}/publish`), director.post(`${url()}/publish`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const versions = await query<{ version: number }>(
      db,
      `select h.version from assessment_history h join child_assessments a on a.id = h.assessment_id
       where a.term_id = '${term.id}' and a.student_id = '${child!.id}' order by h.version`,
    );
    expect(versions.map((entry) => entry.version)).toEqual([1, 2, 3]);
  });

  it("publishes every submitted child of a class at once and leaves the others", async () => {
    await teacher.put(url(classmate!.id), { levels: [{ competency_code: "C-1.1", level: "sky" }] });
    await teacher.post(`${url(classmate!.id)}/submit`);
    const result = await coordinator.post(`${base}/publish`, { classroom_id: room });
    expect(result.statusCode, result.body).toBe(200);
    // The classmate's; the first child was published already; everyone else has nothing submitted.
    expect(result.json()).toEqual({ published: 1, not_submitted: roomSize - 2 });
    const view = (await coordinator.get(`${base}/children?classroom_id=${room}&status=published&limit=100`)).json();
    expect(view.children.map((entry: { child_id: string }) => entry.child_id).sort()).toEqual(
      [child!.id, classmate!.id].sort(),
    );
    const wrongRoom = await coordinator.post(`${base}/publish`, {
      classroom_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(wrongRoom.statusCode).toBe(400);
  });

  it("the class view counts the family's acknowledgements of the version published now", async () => {
    const [row] = await query<{ id: string; version: number }>(
      db,
      `select id, version from child_assessments where term_id = '${term.id}' and student_id = '${child!.id}'`,
    );
    await query(
      db,
      `insert into progress_card_acknowledgements (assessment_id, version, user_id, acknowledged_at)
       values ('${row!.id}', ${row!.version - 1}, '${parentSession.user.id}', now())`,
    );
    const find = async () =>
      (await coordinator.get(`${base}/children?classroom_id=${room}&limit=100`))
        .json()
        .children.find((entry: { child_id: string }) => entry.child_id === child!.id);
    expect((await find()).acknowledged).toBe(0);
    await query(
      db,
      `insert into progress_card_acknowledgements (assessment_id, version, user_id, acknowledged_at)
       values ('${row!.id}', ${row!.version}, '${parentSession.user.id}', now())`,
    );
    const entry = await find();
    expect(entry.acknowledged).toBe(1);
    expect(entry.family_accounts).toBeGreaterThanOrEqual(1);
  });
});

describe("the demo's terms", () => {
  it("has a past term with published cards (the demo parent's child's among them) and a current one in progress", async () => {
    const terms = (await coordinator.get("/api/development/terms?limit=100")).json().terms as {
      id: string;
      name: string;
    }[];
    const past = terms.find((entry) => entry.name === "Term 1, 2026-27")!;
    const current = terms.find((entry) => entry.name === "Term 2, 2026-27")!;
    expect(past && current).toBeTruthy();
    const pastView = (await coordinator.get(`/api/development/terms/${past.id}/children?limit=100`)).json();
    const published = pastView.children.filter((entry: { status: string }) => entry.status === "published");
    expect(published.length).toBeGreaterThan(pastView.children.length / 2);
    const own = pastView.children.find((entry: { child_id: string }) => entry.child_id === child!.id);
    expect(own).toMatchObject({ status: "published", version: 1, page_done: true, domains_missing: [] });
    expect(own.levels_recorded).toBe(own.levels_suggested);
    const currentView = (await coordinator.get(`/api/development/terms/${current.id}/children?limit=100`)).json();
    const statuses = new Set(currentView.children.map((entry: { status: string }) => entry.status));
    expect([...statuses].sort()).toEqual(["draft", "not_started", "submitted"]);
  });
});
