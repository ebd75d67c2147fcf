import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addDays } from "@sprout/shared/schemas/children";
import { DATA_MESSAGES } from "@sprout/shared/schemas/data-requests";
import { and, eq, notInArray } from "drizzle-orm";
import JSZip from "jszip";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { openTerm, publish } from "../../../test/development-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { DEMO_PASSWORD } from "../../db/demo-seed.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { invoiceRequests, invoices } from "../../db/schema/billing.ts";
import { foodEntries, healthNotes, observationAttachments, observationLogs } from "../../db/schema/child-day.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { messages, messageThreads, parentFeedback } from "../../db/schema/communication.ts";
import { childErasures } from "../../db/schema/data-requests.ts";
import {
  assessmentHistory,
  assessmentTerms,
  childAssessments,
  progressCardAcknowledgements,
  progressCardParentPages,
} from "../../db/schema/development.ts";
import { portfolioItemChildren, portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { studentMoves, studentPauses } from "../../db/schema/enrollment.ts";
import { incidentChildren, incidentPhotos, incidents } from "../../db/schema/incidents.ts";
import { childConsents } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";
import { createFileStore } from "../../files/store.ts";
import { redacted, scrubbed } from "./audit-scrub.ts";
import { runRetention } from "./retention.ts";

/**
 * Issue 19, points 3-5 on a real database and a real file store: the export's content (and
 * nothing of another family), correction and erasure requests, and the retention dry run.
 */
const files = createFileStore(path.join(mkdtempSync(path.join(tmpdir(), "sprout-data-requests-")), "files"));
const { app, database, clock } = await createTestApp({
  files,
  ...(process.env.DEBUG_TEST && { logger: { level: "error" } }),
});
const db = database.db;

const [home, other] = await demoCentres(db);
const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const [ownChild] = await db
  .select({ id: students.id, classroomId: students.classroomId, firstName: students.firstName })
  .from(students)
  .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id))
  .limit(1);
const child = ownChild!;
// Another family in the same classroom, with a parent sign-in of their own.
const parentsChildren = db
  .select({ id: studentGuardians.studentId })
  .from(studentGuardians)
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id));
const [neighbour] = await db
  .select()
  .from(students)
  .where(
    and(
      eq(students.classroomId, child.classroomId!),
      eq(students.status, "active"),
      notInArray(students.id, parentsChildren),
    ),
  )
  .limit(1);
const otherChild = neighbour!;
// The demo terms (modules/development/demo-seed.ts) make way for this file's own, whose every
// level the assertions know.
await db.delete(assessmentTerms);
// A published progress card of each family's child, with the parent's page and an acknowledgement.
const cardTerm = await openTerm(db, {
  centerId: neighbour!.centerId,
  name: "Term 1 2026-27",
  startsOn: "2026-06-01",
  endsOn: "2026-09-30",
  classroomIds: [],
});
const cardOf = async (studentId: string, classroomId: string | null, words: string) => {
  const card = await publish(db, {
    term: cardTerm,
    childId: studentId,
    classroomId,
    levels: [{ competency_code: "C-1.1", level: "mountain", comment: `${words} comment` }],
    narratives: [{ domain_code: "PD", narrative: `${words} narrative` }],
  });
  await db.insert(progressCardParentPages).values({
    assessmentId: card.id,
    answers: { my_child_enjoys: `${words} parent page` },
    writtenBy: parentUser!.id,
    updatedAt: new Date(),
  });
  await db
    .insert(progressCardAcknowledgements)
    .values({ assessmentId: card.id, version: 1, userId: parentUser!.id, acknowledgedAt: new Date() });
  return card.id;
};
await cardOf(child.id, child.classroomId, "Card OWN");
const neighbourCard = await cardOf(otherChild.id, otherChild.classroomId, "Card NEIGHBOUR");
const SECRET = "NEIGHBOUR-HEALTH-SECRET";

async function jpeg(): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
}

/** A photo, an observation with an attachment, a meal, a health note and a message for a child. */
async function recordDay(studentId: string, secret: string, parentId: string | null) {
  const now = clock.now();
  const photo = await files.save(await jpeg(), "jpg");
  const [item] = await db
    .insert(portfolioItems)
    .values({
      centerId: home!.id,
      studentId,
      title: `Painting ${secret}`,
      fileName: "painting.jpg",
      mediaType: "image",
      mimeType: "image/jpeg",
      storedName: photo,
      sizeBytes: 100,
      uploadedBy: teacherUser!.id,
      createdAt: now,
    })
    .returning();
  await db.insert(portfolioItemChildren).values({ itemId: item!.id, studentId });
  await db
    .insert(childConsents)
    .values({ studentId, purpose: "portfolio_photos", given: true, givenBy: parentId, givenAt: now })
    .onConflictDoUpdate({
      target: [childConsents.studentId, childConsents.purpose],
      set: { given: true, givenAt: now },
    });
  const attachment = await files.save(Buffer.from("%PDF-1.4 observation"), "pdf");
  const [log] = await db
    .insert(observationLogs)
    .values({
      studentId,
      centerId: home!.id,
      day: "2026-11-19",
      notes: `Stacked blocks ${secret}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await db.insert(observationAttachments).values({
    logId: log!.id,
    originalName: "blocks.pdf",
    storedName: attachment,
    mimeType: "application/pdf",
    sizeBytes: 20,
    uploadedAt: now,
  });
  await db
    .insert(foodEntries)
    .values({ studentId, centerId: home!.id, day: "2026-11-19", mealType: "lunch", foodConsumed: 75, createdAt: now });
  await db.insert(healthNotes).values({
    studentId,
    centerId: home!.id,
    day: "2026-11-19",
    kind: "note",
    details: `Cough ${secret}`,
    createdAt: now,
  });
  if (parentId) {
    const [thread] = await db
      .insert(messageThreads)
      .values({
        centerId: home!.id,
        childId: studentId,
        teacherId: teacherUser!.id,
        parentId,
        createdAt: now,
        lastMessageAt: now,
      })
      .returning();
    await db.insert(messages).values({
      threadId: thread!.id,
      senderId: teacherUser!.id,
      recipientId: parentId,
      content: `Lovely day ${secret}`,
      sentAt: now,
    });
  }
  return { photo, attachment };
}

/**
 * A pause, a move, the parent's feedback, an incident the parents were told of (with a photo)
 * and one they were not yet, for a child.
 */
async function recordHistory(studentId: string, secret: string, parentId: string) {
  const now = clock.now();
  await db.insert(studentPauses).values({
    studentId,
    startDate: "2026-06-01",
    endDate: "2026-06-15",
    reason: `Holiday ${secret}`,
    pausedAt: now,
  });
  await db.insert(studentMoves).values({ studentId, kind: "transfer", toCenterId: home!.id, movedAt: now });
  await db.insert(parentFeedback).values({
    centerId: home!.id,
    parentId,
    childId: studentId,
    category: "food",
    rating: 4,
    comment: `More fruit please ${secret}`,
    createdAt: now,
  });
  const report = async (description: string, notified: boolean) => {
    const [row] = await db
      .insert(incidents)
      .values({
        organisationId: parentUser!.organisationId,
        centerId: home!.id,
        incidentType: "injury",
        occurredAt: now,
        location: "Garden",
        description,
        severity: "low",
        parentsNotifiedAt: notified ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.insert(incidentChildren).values({ incidentId: row!.id, studentId });
    return row!;
  };
  const told = await report(`Scraped knee ${secret}`, true);
  const photo = await files.save(await jpeg(), "jpg");
  await db
    .insert(incidentPhotos)
    .values({ incidentId: told.id, storedName: photo, mimeType: "image/jpeg", sizeBytes: 100, uploadedAt: now });
  await report(`Still being written up ${secret}`, false);
}

/**
 * The director corrects a child's date of birth, notes and a guardian's phone through the child's
 * page; returns the personal values the correction wrote.
 */
async function correctRecord(studentId: string) {
  const details = (await as(app, director).get(`/api/students/${studentId}/details`)).json();
  const [guardian] = details.guardians;
  const values = ["2022-02-14", "Allergic to kiwi KIWI-NOTE", "9876500011"];
  const saved = await as(app, director).put(`/api/students/${studentId}`, {
    first_name: details.first_name,
    last_name: details.last_name,
    date_of_birth: values[0],
    gender: details.gender,
    avatar_color: details.avatar_color,
    monthly_fee: details.monthly_fee,
    notes: values[1],
    guardians: [{ ...guardian, phone: values[2], email: guardian.email ?? "" }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return values;
}

let parent: SignedIn;
let neighbourParent: SignedIn;
let director: SignedIn;
let otherDirector: SignedIn;
let owner: SignedIn;
let ownFiles: { photo: string; attachment: string };
let neighbourFiles: { photo: string; attachment: string };

beforeAll(async () => {
  const neighbourUser = await createCentreUser(db, home!.id, "parent", "neighbour.parent@sprout.test");
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
    .where(eq(users.id, neighbourUser.id));
  const [guardian] = await db
    .insert(guardians)
    .values({ centerId: home!.id, firstName: "Neighbour", lastName: "Parent", userId: neighbourUser.id })
    .returning();
  await db.insert(studentGuardians).values({ studentId: otherChild.id, guardianId: guardian!.id, relation: "Mother" });
  await createCentreUser(db, other!.id, "center_director", "director.data.other@sprout.test");
  ownFiles = await recordDay(child.id, "OWN", parentUser!.id);
  neighbourFiles = await recordDay(otherChild.id, SECRET, neighbourUser.id);
  await recordHistory(child.id, "OWN", parentUser!.id);
  await recordHistory(otherChild.id, SECRET, neighbourUser.id);
  [parent, neighbourParent, director, otherDirector, owner] = await Promise.all([
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, "neighbour.parent@sprout.test"),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, "director.data.other@sprout.test"),
    signIn(app, DEMO_EMAILS.owner),
  ]);
});

async function readyExport(session: SignedIn, studentId: string) {
  const created = await as(app, session).post("/api/data-exports", { student_id: studentId });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = (await as(app, session).get(`/api/data-exports/${id}`)).json();
    if (status.status === "ready") return status;
    expect(status.status).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the export was not built");
}

describe("export", () => {
  it("holds everything of the child, the photos and documents, and nothing of another family", async () => {
    // A teacher opens the child's record (and the neighbour's): the archive holds who looked at this child.
    const teacher = await signIn(app, DEMO_EMAILS.teacher);
    expect((await as(app, teacher).get(`/api/child-health/${child.id}`)).statusCode).toBe(200);
    expect((await as(app, teacher).get(`/api/child-health/${otherChild.id}`)).statusCode).toBe(200);
    // The log is written in batches; the family's own reading of it writes what is queued.
    expect((await as(app, parent).get(`/api/privacy/access-log/children/${child.id}`)).json().entries).toHaveLength(1);
    // She reads Hindi: the archive's readable summary is in Hindi.
    await as(app, parent).put("/api/account/preferences", { language: "hi" });
    const ready = await readyExport(parent, child.id);
    await as(app, parent).put("/api/account/preferences", { language: "en" });
    expect(ready.progress).toBe(100);
    const download = await as(app, parent).get(`/api/data-exports/${ready.id}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files);
    expect(names).toEqual(expect.arrayContaining(["data.json", "summary.pdf"]));
    expect((await zip.file("summary.pdf")!.async("nodebuffer")).subarray(0, 5).toString()).toBe("%PDF-");
    const summary = new PDFParse({ data: new Uint8Array(await zip.file("summary.pdf")!.async("nodebuffer")) });
    const summaryText = (await summary.getText()).text;
    await summary.destroy();
    expect(summaryText).toContain("बच्चा");
    expect(summaryText).toContain(`${child.firstName}`);
    expect(summaryText).not.toContain("Records in this archive");
    const data = JSON.parse(await zip.file("data.json")!.async("string"));
    expect(data.child.first_name).toBe(child.firstName);
    const meals = await db.select().from(foodEntries).where(eq(foodEntries.studentId, child.id));
    expect(data.childs_day.food).toHaveLength(meals.length);
    expect(data.health.notes.map((note: { details: string }) => note.details)).toContain("Cough OWN");
    // The demo's observation logs of the child are there too; the one with the file names it.
    const logs = await db.select().from(observationLogs).where(eq(observationLogs.studentId, child.id));
    expect(data.observations).toHaveLength(logs.length);
    const withFile = data.observations.filter((log: { attachments: unknown[] }) => log.attachments.length > 0);
    expect(withFile).toHaveLength(1);
    expect(withFile[0].attachments[0].file).toMatch(/^documents\/observations\//);
    expect(data.messages.map((message: { content: string }) => message.content)).toContain("Lovely day OWN");
    const childInvoices = await db.select().from(invoices).where(eq(invoices.studentId, child.id));
    expect(data.invoices).toHaveLength(childInvoices.length);
    expect(data.consents.purposes.map((consent: { purpose: string }) => consent.purpose)).toContain("portfolio_photos");
    expect(data.enrolment.pauses.map((pause: { reason: string }) => pause.reason)).toEqual(["Holiday OWN"]);
    expect(data.enrolment.moves).toEqual([expect.objectContaining({ kind: "transfer", to_centre: home!.name })]);
    expect(data.feedback).toEqual([expect.objectContaining({ category: "food", comment: "More fruit please OWN" })]);
    // Only the incident the parents were told of, with its photo; not the one still being written up.
    expect(data.incidents).toHaveLength(1);
    expect(data.incidents[0]).toMatchObject({ description: "Scraped knee OWN", location: "Garden" });
    expect(data.incidents[0]).not.toHaveProperty("witnesses");
    expect(names).toContain(data.incidents[0].photos[0].file);
    expect(data.access_log[0]).toMatchObject({
      staff_name: teacherUser!.fullName,
      staff_role: "Teacher",
      kind: "health",
    });
    expect(data.access_log).toHaveLength(1);
    // The child's published progress card: levels in the centre's words, narratives and the parent's page.
    expect(data.progress_cards).toEqual([
      expect.objectContaining({
        term: "Term 1 2026-27",
        parent_page: { my_child_enjoys: "Card OWN parent page" },
        acknowledgements: [expect.objectContaining({ version: 1 })],
      }),
    ]);
    expect(data.progress_cards[0].publications[0]).toMatchObject({
      version: 1,
      levels: [{ competency_code: "C-1.1", level: "Mountain (Proficient)", comment: "Card OWN comment" }],
      narratives: [{ domain_code: "PD", narrative: "Card OWN narrative" }],
    });
    // The original files are in the archive, byte for byte.
    const photoPath = data.portfolio.find((item: { title: string }) => item.title === "Painting OWN").file;
    const original = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      files
        .open(ownFiles.photo)
        .on("data", (chunk: Buffer) => chunks.push(chunk))
        .on("end", () => resolve(Buffer.concat(chunks)));
    });
    expect(await zip.file(photoPath)!.async("nodebuffer")).toEqual(original);
    // Nothing of the family next door, in the JSON or among the files.
    const everything = JSON.stringify(data) + names.join("\n");
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain("Card NEIGHBOUR");
    expect(everything).not.toContain(`${otherChild.firstName} ${otherChild.lastName}`);
    expect(names.some((name) => name.includes(neighbourFiles.photo))).toBe(false);
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, ready.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "data_export.download",
      "data_export.ready",
      "data_export.request",
    ]);
  });

  it("is downloaded only by the parent who asked, and not after it expires", async () => {
    const ready = await readyExport(parent, child.id);
    const url = `/api/data-exports/${ready.id}/download`;
    expect((await as(app, neighbourParent).get(url)).statusCode).toBe(404);
    expect((await as(app, neighbourParent).get(`/api/data-exports/${ready.id}`)).statusCode).toBe(404);
    expect((await as(app, director).get(url)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
    clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      const later = await signIn(app, DEMO_EMAILS.parent);
      const expired = await as(app, later).get(url);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toBe(DATA_MESSAGES.exportExpired);
      expect((await as(app, later).get(`/api/data-exports/${ready.id}`)).json().status).toBe("expired");
    } finally {
      clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });

  it("is refused for another family's child", async () => {
    const response = await as(app, parent).post("/api/data-exports", { student_id: otherChild.id });
    expect(response.statusCode).toBe(404);
  });
});

describe("correction requests", () => {
  it("reach the centre's desk with a due date 30 days on, and the parent sees the answer", async () => {
    const bad = await as(app, parent).post("/api/data-requests", {
      student_id: child.id,
      kind: "correction",
      details: "Wrong birthday",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.correction).toBe(DATA_MESSAGES.correctionRequired);

    const created = await as(app, parent).post("/api/data-requests", {
      student_id: child.id,
      kind: "correction",
      details: "The date of birth is wrong",
      correction: "It should be 12 March 2023",
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json();
    expect(request.due_date).toBe(addDays("2026-11-20", 30));

    const desk = (await as(app, director).get("/api/data-requests/desk?status=open")).json();
    expect(desk.requests.map((row: { id: string }) => row.id)).toContain(request.id);
    expect((await as(app, otherDirector).get("/api/data-requests/desk")).json().requests).toHaveLength(0);
    const neighbourList = (await as(app, neighbourParent).get("/api/data-requests")).json();
    expect(neighbourList.requests).toHaveLength(0);

    const foreign = await as(app, otherDirector).put(`/api/data-requests/${request.id}/answer`, {
      status: "done",
      answer: "x",
    });
    expect(foreign.statusCode).toBe(404);
    const answered = await as(app, director).put(`/api/data-requests/${request.id}/answer`, {
      status: "done",
      answer: "Corrected to 12 March 2023.",
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().answered_by_name).toBeTruthy();
    const again = await as(app, director).put(`/api/data-requests/${request.id}/answer`, {
      status: "refused",
      answer: "No",
    });
    expect(again.statusCode).toBe(409);

    const mine = (await as(app, parent).get("/api/data-requests")).json();
    const seen = mine.requests.find((row: { id: string }) => row.id === request.id);
    expect(seen).toMatchObject({ status: "done", answer: "Corrected to 12 March 2023." });
    expect(seen).not.toHaveProperty("answered_by_name");
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, request.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "data_request.correction.create",
      "data_request.correction.done",
    ]);
  });
});

describe("erasure", () => {
  it("is refused while the child is enrolled, then removes the records and files and keeps the books", async () => {
    const created = await as(app, neighbourParent).post("/api/data-requests", {
      student_id: otherChild.id,
      kind: "erasure",
      details: "We are moving to another city",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(
      (await as(app, director).put(`/api/data-requests/${id}/answer`, { status: "done", answer: "x" })).statusCode,
    ).toBe(400);
    const enrolled = await as(app, director).post(`/api/data-requests/${id}/erase`, { answer: "Erased" });
    expect(enrolled.statusCode).toBe(409);
    expect(enrolled.json().error).toBe(DATA_MESSAGES.stillEnrolled);

    // A correction while enrolled puts the date of birth, notes and a guardian's phone in the audit.
    const personal = await correctRecord(otherChild.id);
    const historyUrl = `/api/students/${otherChild.id}/history`;
    const shownBefore = JSON.stringify((await as(app, director).get(historyUrl)).json());
    for (const value of personal) expect(shownBefore).toContain(value);

    const involvement = await recordInvolvement();

    await db.update(students).set({ status: "left", exitDate: "2026-11-19" }).where(eq(students.id, otherChild.id));
    const [before] = await db.select().from(students).where(eq(students.id, otherChild.id));
    const booksBefore = await db.select().from(invoices).where(eq(invoices.studentId, otherChild.id));
    // What the centre holds of the child: the rows made above and the demo's own (its meals and
    // observation logs).
    const rowsOf = async (
      table: typeof foodEntries | typeof healthNotes | typeof observationLogs | typeof portfolioItems,
    ) => (await db.select().from(table).where(eq(table.studentId, otherChild.id))).length;
    const holding = {
      food_entries: await rowsOf(foodEntries),
      health_notes: await rowsOf(healthNotes),
      observations: await rowsOf(observationLogs),
      portfolio_items: await rowsOf(portfolioItems),
    };
    expect(Object.values(holding).every((count) => count >= 1)).toBe(true);
    const erased = await as(app, owner).post(`/api/data-requests/${id}/erase`, {
      answer: "Your child's records are erased.",
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().removed).toMatchObject(holding);
    expect(erased.json().files_removed).toBeGreaterThanOrEqual(2);
    expect(erased.json().removed).toMatchObject({
      assessments: 1,
      assessment_history: 1,
      progress_card_parent_pages: 1,
      progress_card_acknowledgements: 1,
    });
    expect(await db.select().from(childAssessments).where(eq(childAssessments.studentId, otherChild.id))).toEqual([]);
    for (const table of [assessmentHistory, progressCardParentPages, progressCardAcknowledgements] as const) {
      expect(await db.select().from(table).where(eq(table.assessmentId, neighbourCard))).toEqual([]);
    }

    for (const table of [foodEntries, healthNotes, observationLogs, portfolioItems] as const) {
      expect(await db.select().from(table).where(eq(table.studentId, otherChild.id))).toHaveLength(0);
    }
    expect(await db.select().from(messageThreads).where(eq(messageThreads.childId, otherChild.id))).toHaveLength(0);
    expect(await db.select().from(studentGuardians).where(eq(studentGuardians.studentId, otherChild.id))).toHaveLength(
      0,
    );
    expect(await db.select().from(childConsents).where(eq(childConsents.studentId, otherChild.id))).toHaveLength(0);
    // The files went too.
    for (const name of [neighbourFiles.photo, neighbourFiles.attachment]) {
      await expect(
        new Promise((resolve, reject) => files.open(name).on("error", reject).on("open", resolve)),
      ).rejects.toThrow();
    }
    // The child row keeps only the name for the books; the invoices are all there.
    const [after] = await db.select().from(students).where(eq(students.id, otherChild.id));
    expect(after).toMatchObject({
      firstName: before!.firstName,
      lastName: before!.lastName,
      dateOfBirth: null,
      notes: null,
    });
    expect(await db.select().from(invoices).where(eq(invoices.studentId, otherChild.id))).toEqual(booksBefore);
    // The other family's records are untouched.
    expect(await db.select().from(foodEntries).where(eq(foodEntries.studentId, child.id))).not.toHaveLength(0);
    const answer = (await as(app, neighbourParent).get("/api/data-requests")).json().requests[0];
    expect(answer).toMatchObject({ status: "done", answer: "Your child's records are erased." });
    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, otherChild.id));
    expect(audit.map((entry) => entry.action)).toContain("child.erase");

    // The audit keeps who corrected what and when, but none of the child's personal values.
    const history = await as(app, director).get(historyUrl);
    expect(history.statusCode, history.body).toBe(200);
    const correction = history.json().corrections[0];
    expect(correction.by_name).toBeTruthy();
    expect(correction.changes.map((change: { field: string }) => change.field)).toEqual(
      expect.arrayContaining(["date_of_birth", "notes"]),
    );
    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, otherChild.id));
    const held = JSON.stringify(history.json()) + JSON.stringify(rows);
    for (const value of personal) expect(held).not.toContain(value);
    expect(rows.find((row) => row.action === "student.update")!.actorId).toBeTruthy();

    // The incident of this child alone keeps who did what and the list of children, nothing else.
    const auditOf = (entity: string, entityId: string) =>
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
    const alone = await auditOf("incident", involvement.alone);
    expect(alone.map((row) => row.action).sort()).toEqual(["incident.corrected", "incident.reported"]);
    for (const row of alone) {
      expect(row.actorId).toBeTruthy();
      expect(JSON.stringify([row.before, row.after])).not.toMatch(involvement.personal);
      expect(JSON.stringify([row.before, row.after])).not.toContain(`SOLO-${SECRET}`);
    }
    expect(alone.find((row) => row.action === "incident.corrected")!.after).toMatchObject({
      child_ids: [otherChild.id],
      description: null,
      correction_reason: null,
    });
    // The incident shared with the family's neighbour keeps their child and the event, not this child's name.
    const shared = await auditOf("incident", involvement.shared);
    expect(shared).toHaveLength(1);
    const sharedValues = JSON.stringify(shared[0]!.after);
    expect(sharedValues).not.toMatch(involvement.personal);
    expect(sharedValues).toContain(child.firstName);
    expect(sharedValues).toContain(child.id);
    expect(shared[0]!.after).toMatchObject({
      location: "Sandpit",
      description: `a child and ${child.firstName} bumped heads`,
    });
    // The observation deleted before the erasure: its notes and its file's name went from its rows.
    const log = await auditOf("observation_log", involvement.deletedLog);
    expect(log.map((row) => row.action).sort()).toEqual(["observation.created", "observation.deleted"]);
    for (const row of log) expect(JSON.stringify([row.before, row.after])).not.toContain(`LOG-${SECRET}`);
    expect(log.find((row) => row.action === "observation.deleted")!.before).toEqual({ attachments: null });
  });
});

/**
 * Before the neighbour's child leaves: an incident of theirs alone (reported, then corrected), one
 * shared with this family's child, and an observation with a photo logged and then deleted.
 */
async function recordInvolvement() {
  const full = `${otherChild.firstName} ${otherChild.lastName}`;
  const staff = as(app, director);
  const occurred_at = new Date(clock.now().getTime() - 60 * 60 * 1000).toISOString();
  const report = {
    incident_type: "injury",
    occurred_at,
    location: `Garden by ${full}'s cubby`,
    description: `${full} tripped on the step SOLO-${SECRET}`,
    first_aid: `Ice on ${otherChild.firstName}'s knee`,
    witnesses: "Teacher on duty",
    severity: "low",
  };
  const alone = await staff.post("/api/incidents", { ...report, child_ids: [otherChild.id] });
  expect(alone.statusCode, alone.body).toBe(201);
  const corrected = await staff.put(`/api/incidents/${alone.json().id}`, {
    ...report,
    child_ids: [otherChild.id],
    description: `${otherChild.firstName} tripped on the second step SOLO-${SECRET}`,
    correction_reason: `${otherChild.firstName}'s mother saw the step`,
  });
  expect(corrected.statusCode, corrected.body).toBe(200);
  const shared = await staff.post("/api/incidents", {
    ...report,
    child_ids: [otherChild.id, child.id],
    location: "Sandpit",
    description: `${otherChild.firstName} and ${child.firstName} bumped heads`,
    first_aid: "",
  });
  expect(shared.statusCode, shared.body).toBe(201);

  const teacher = await signIn(app, DEMO_EMAILS.teacher);
  const parts = [
    ...Object.entries({ child_id: otherChild.id, date: "2026-11-20", notes: `Counted to ten LOG-${SECRET}` }).map(
      ([name, value]) => Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--sprout\r\nContent-Disposition: form-data; name="attachments"; filename="counting-LOG-${SECRET}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    await jpeg(),
    Buffer.from("\r\n--sprout--\r\n"),
  ];
  const logged = await app.inject({
    method: "POST",
    url: "/api/observation-logs",
    headers: { ...teacher.headers, "content-type": "multipart/form-data; boundary=sprout" },
    payload: Buffer.concat(parts),
  });
  expect(logged.statusCode, logged.body).toBe(201);
  const deleted = await as(app, teacher).delete(`/api/observation-logs/${logged.json().id}`);
  expect(deleted.statusCode, deleted.body).toBe(204);
  const names = [full, otherChild.firstName, otherChild.lastName].map((name) =>
    name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  return {
    alone: alone.json().id as string,
    shared: shared.json().id as string,
    deletedLog: logged.json().id as string,
    personal: new RegExp(`(?<![\\p{L}])(${names.join("|")})(?![\\p{L}])`, "iu"),
  };
}

describe("audit scrubbing", () => {
  it("blanks a row about the child, and only the child's entries of a row shared with a class", () => {
    const [a, b] = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    expect(scrubbed({ date_of_birth: "2022-02-14", notes: "kiwi" }, a)).toEqual({ date_of_birth: null, notes: null });
    expect(scrubbed(null, a)).toBeNull();
    const batch = {
      meal_type: "lunch",
      entries: [
        { child_id: a, food_consumed: 50, notes: "Ate slowly" },
        { child_id: b, food_consumed: 100, notes: "All of it" },
      ],
    };
    expect(scrubbed(batch, a)).toEqual({
      meal_type: "lunch",
      entries: [
        { child_id: null, food_consumed: null, notes: null },
        { child_id: b, food_consumed: 100, notes: "All of it" },
      ],
    });
  });
});

describe("incident redaction", () => {
  it("replaces whole-word mentions of the names, in any script, and leaves longer names alone", () => {
    const value = { description: "Ria pushed Riaan; RIA SEN cried. आर्या fell", child_ids: ["x"], severity: "low" };
    expect(redacted(value, ["Ria Sen", "Ria", "आर्या"])).toEqual({
      description: "a child pushed Riaan; a child cried. a child fell",
      child_ids: ["x"],
      severity: "low",
    });
  });
});

describe("retention", () => {
  it("dry-runs exactly what the job then removes, and acts only when switched on", async () => {
    const url = `/api/data-retention/dry-run?center_id=${home!.id}`;
    const setting = (await as(app, director).get(`/api/data-retention?center_id=${home!.id}`)).json();
    expect(setting).toMatchObject({ enabled: false, records_years: 3, books_years: 8 });
    // Two children left long ago: one past the records' years, one past the books' too (erased above).
    const [longGone] = await db
      .select()
      .from(students)
      .where(and(eq(students.centerId, home!.id), eq(students.status, "active")))
      .limit(5)
      .then((rows) => rows.filter((row) => row.id !== child.id));
    await db.update(students).set({ status: "left", exitDate: "2023-01-10" }).where(eq(students.id, longGone!.id));
    await db.update(students).set({ exitDate: "2017-06-30" }).where(eq(students.id, otherChild.id));

    const dry = (await as(app, director).get(url)).json();
    const listed = Object.fromEntries(
      dry.candidates.map((row: { student_id: string; action: string }) => [row.student_id, row]),
    );
    expect(listed[longGone!.id]).toMatchObject({ action: "erase_records" });
    expect(listed[otherChild.id]).toMatchObject({ action: "remove_name" });

    // Rows that still name the erased child: a change recorded after the erasure, and the books.
    const childName = `${otherChild.firstName} ${otherChild.lastName}`.trim();
    const [bookRequest] = await db
      .insert(invoiceRequests)
      .values({
        organisationId: parentUser!.organisationId,
        centerId: home!.id,
        studentId: otherChild.id,
        amountPaise: 150_000,
        dueDate: "2017-07-10",
      })
      .returning();
    await db.insert(auditLog).values([
      { action: "student.update", entity: "student", entityId: otherChild.id, after: { first_name: childName } },
      {
        action: "invoice_request.create",
        entity: "invoice_request",
        entityId: bookRequest!.id,
        after: { child_name: childName, amount: 1500 },
      },
    ]);

    const off = await runRetention(db, clock, files);
    expect(off).toMatchObject({ ran: true, erased: [], named: [] });

    const bad = await as(app, director).put("/api/data-retention", {
      center_id: home!.id,
      enabled: true,
      records_years: 3,
      books_years: 5,
    });
    expect(bad.statusCode).toBe(400);
    const on = await as(app, director).put("/api/data-retention", {
      center_id: home!.id,
      enabled: true,
      records_years: 3,
      books_years: 8,
    });
    expect(on.statusCode, on.body).toBe(200);
    const outcome = await runRetention(db, clock, files);
    const erasedNow = dry.candidates.filter((row: { action: string }) => row.action === "erase_records");
    expect(outcome.erased.map((row) => row.student_id).sort()).toEqual(
      erasedNow.map((row: { student_id: string }) => row.student_id).sort(),
    );
    for (const row of erasedNow) {
      expect(outcome.erased.find((done) => done.student_id === row.student_id)!.removed).toEqual(row.records);
    }
    expect(outcome.named).toEqual([otherChild.id]);
    const [renamed] = await db.select().from(students).where(eq(students.id, otherChild.id));
    expect(renamed!.firstName).toBe(`Former child ${renamed!.studentId}`);
    const named = await db.select().from(auditLog).where(eq(auditLog.entityId, otherChild.id));
    expect(JSON.stringify(named)).not.toContain(childName);
    const [books] = await db.select().from(auditLog).where(eq(auditLog.entityId, bookRequest!.id));
    expect(books!.after).toEqual({ child_name: renamed!.firstName, amount: 1500 });
    expect(await db.select().from(childErasures).where(eq(childErasures.studentId, longGone!.id))).toHaveLength(1);
    expect((await as(app, director).get(url)).json().candidates).toHaveLength(0);
    const foreign = await as(app, otherDirector).get(url);
    expect(foreign.statusCode).toBe(404);
  });
});
