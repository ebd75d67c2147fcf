import { ASSIGNMENT_MESSAGES } from "@sprout/shared/schemas/assignments";
import { and, count, eq, ne } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { assignmentFiles, assignmentSubmissions, assignments } from "../../db/schema/assignments.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { childRecordViews } from "../../db/schema/privacy.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

const teacherSession = await signIn(app, DEMO_EMAILS.teacher);
const parentSession = await signIn(app, DEMO_EMAILS.parent);
const teacher = as(app, teacherSession);
const parent = as(app, parentSession);
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const roomNamed = async (centreId: string, name: string) => {
  const [room] = await db
    .select()
    .from(classrooms)
    .where(and(eq(classrooms.centerId, centreId), eq(classrooms.name, name)));
  return room!;
};
// The demo teacher leads Toddlers (Aanya's room) and assists in Pre-Kindy (Kabir's); Creche is not theirs.
const toddlers = await roomNamed(home!.id, "Toddlers");
const creche = await roomNamed(home!.id, "Creche");
const otherToddlers = await roomNamed(other!.id, "Toddlers");
const childNamed = async (first: string) =>
  (
    await db
      .select()
      .from(students)
      .where(and(eq(students.firstName, first), eq(students.lastName, "Malhotra")))
  )[0]!;
const aanya = await childNamed("Aanya");
const kabir = await childNamed("Kabir");
const [classmate] = await db
  .select()
  .from(students)
  .where(and(eq(students.classroomId, toddlers.id), ne(students.id, aanya.id), ne(students.status, "left")));

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
type Part = { field: string; name: string; type: string; content: Buffer };
const form = (fields: Record<string, string>, files: Part[] = []) => {
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  for (const file of files)
    chunks.push(
      Buffer.from(
        `--sprout\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
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
const worksheet = { field: "attachments", name: "colours.pdf", type: "application/pdf", content: PDF };

async function setAssignment(fields: Record<string, string> = {}) {
  const response = await send(
    teacherSession,
    "POST",
    "/api/assignments",
    form({ title: "Draw your family", description: "Use three colours", classroom_id: toddlers.id, ...fields }, [
      worksheet,
    ]),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("assignments", () => {
  it("a teacher sets an assignment with a PDF for their classroom; the spec's messages refuse a bad one", async () => {
    const created = await setAssignment({ due_date: "2026-11-27" });
    expect(created).toMatchObject({
      title: "Draw your family",
      due_date: "2026-11-27",
      classroom_name: "Toddlers",
      can_edit: true,
      submitted_count: 0,
      attachments: [{ name: "colours.pdf", mime_type: "application/pdf" }],
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit).toMatchObject({ action: "assignment.created" });
    const file = await teacher.get(created.attachments[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");

    const noTitle = await send(teacherSession, "POST", "/api/assignments", form({ classroom_id: toddlers.id }));
    expect(noTitle.json()).toMatchObject({
      error: ASSIGNMENT_MESSAGES.titleRequired,
      details: { title: "Title is required" },
    });
    const noRoom = await send(teacherSession, "POST", "/api/assignments", form({ title: "Leaves" }));
    expect(noRoom.json().error).toBe(ASSIGNMENT_MESSAGES.classroomRequired);
    const script = await send(
      teacherSession,
      "POST",
      "/api/assignments",
      form({ title: "Leaves", classroom_id: toddlers.id }, [
        {
          field: "attachments",
          name: "x.pdf",
          type: "application/pdf",
          content: Buffer.from("<script>alert(1)</script>"),
        },
      ]),
    );
    expect(script.statusCode).toBe(415);
    const notMine = await send(
      teacherSession,
      "POST",
      "/api/assignments",
      form({ title: "Leaves", classroom_id: creche.id }),
    );
    expect(notMine.statusCode).toBe(404);
    const foreign = await send(
      teacherSession,
      "POST",
      "/api/assignments",
      form({ title: "Leaves", classroom_id: otherToddlers.id }),
    );
    expect(foreign.statusCode).toBe(404);
    expect(await db.select().from(assignments).where(eq(assignments.title, "Leaves"))).toHaveLength(0);
  });

  it("a parent submits text and a photo for their child (photo re-encoded without EXIF); the teacher sees who has not, comments, the parent reads it", async () => {
    const created = await setAssignment();
    const listed = (await parent.get("/api/assignments")).json();
    const mine = listed.assignments.find((item: { id: string }) => item.id === created.id);
    expect(mine.my_children).toEqual([{ child_id: aanya.id, child_name: "Aanya Malhotra", submission: null }]);
    expect(mine).not.toHaveProperty("submitted_count");

    const url = `/api/assignments/${created.id}/submit`;
    const noChild = await send(parentSession, "POST", url, form({ submission_text: "Done" }));
    expect(noChild.json().error).toBe(ASSIGNMENT_MESSAGES.childRequired);
    const empty = await send(parentSession, "POST", url, form({ child_id: aanya.id }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(ASSIGNMENT_MESSAGES.submissionEmpty);
    const otherFamily = await send(parentSession, "POST", url, form({ child_id: classmate!.id, submission_text: "x" }));
    expect(otherFamily.statusCode).toBe(404);
    const wrongRoom = await send(parentSession, "POST", url, form({ child_id: kabir.id, submission_text: "x" }));
    expect(wrongRoom.statusCode).toBe(400);

    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#e94" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera" } } })
      .toBuffer();
    const submitted = await send(
      parentSession,
      "POST",
      url,
      form({ child_id: aanya.id, submission_text: "Aanya drew all four of us" }, [
        { field: "submission_files", name: "drawing.jpg", type: "image/jpeg", content: photo },
      ]),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const submission = submitted.json().my_children[0].submission;
    expect(submission).toMatchObject({
      submission_text: "Aanya drew all four of us",
      is_late: false,
      teacher_comment: null,
    });
    const stored = await parent.get(submission.submission_files[0].url);
    expect(stored.statusCode).toBe(200);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();

    const roster = (await teacher.get(`/api/assignments/${created.id}/submissions`)).json();
    expect(roster.submitted).toBe(1);
    expect(roster.children.find((row: { child_id: string }) => row.child_id === aanya.id).submission.id).toBe(
      submission.id,
    );
    expect(roster.children.find((row: { child_id: string }) => row.child_id === classmate!.id).submission).toBeNull();
    expect((await teacher.get(submission.submission_files[0].url)).statusCode).toBe(200);

    const commented = await teacher.put(`/api/assignments/${created.id}/submissions/${submission.id}/comment`, {
      comment: "Beautiful colours, Aanya!",
    });
    expect(commented.statusCode, commented.body).toBe(200);
    expect(
      (await director.put(`/api/assignments/${created.id}/submissions/${submission.id}/comment`, { comment: "x" }))
        .statusCode,
    ).toBe(403);
    const again = (await parent.get("/api/assignments")).json();
    expect(
      again.assignments.find((item: { id: string }) => item.id === created.id).my_children[0].submission,
    ).toMatchObject({
      teacher_comment: "Beautiful colours, Aanya!",
    });
  });

  it("a submission after the due date at the centre is marked late", async () => {
    const created = await setAssignment({ due_date: "2026-11-19", title: "Yesterday's work" });
    const late = await send(
      parentSession,
      "POST",
      `/api/assignments/${created.id}/submit`,
      form({ child_id: aanya.id, submission_text: "Sorry, a day late" }),
    );
    expect(late.json().my_children[0].submission.is_late).toBe(true);
  });

  it("scope: another room's or centre's assignment, and another family's submission, are not found", async () => {
    const [crecheWork] = await db
      .insert(assignments)
      .values({
        centerId: home!.id,
        classroomId: creche.id,
        title: "Creche songs",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    const [foreignWork] = await db
      .insert(assignments)
      .values({
        centerId: other!.id,
        classroomId: otherToddlers.id,
        title: "Elsewhere",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    for (const id of [crecheWork!.id, foreignWork!.id]) {
      expect((await teacher.delete(`/api/assignments/${id}`)).statusCode).toBe(404);
      expect((await teacher.get(`/api/assignments/${id}/submissions`)).statusCode).toBe(404);
      const submit = await send(
        parentSession,
        "POST",
        `/api/assignments/${id}/submit`,
        form({ child_id: aanya.id, submission_text: "x" }),
      );
      expect(submit.statusCode).toBe(404);
    }
    expect((await director.get(`/api/assignments/${crecheWork!.id}/submissions`)).statusCode).toBe(200);
    expect((await director.get(`/api/assignments/${foreignWork!.id}/submissions`)).statusCode).toBe(404);
    const teacherList = (await teacher.get("/api/assignments?limit=50")).json();
    expect(teacherList.assignments.some((item: { id: string }) => item.id === crecheWork!.id)).toBe(false);
    const parentList = (await parent.get("/api/assignments?limit=50")).json();
    expect(parentList.assignments.some((item: { id: string }) => item.id === crecheWork!.id)).toBe(false);

    // A teacher of the centre may not change, or comment on, work of a room that is not theirs.
    const changed = await send(
      teacherSession,
      "PUT",
      `/api/assignments/${crecheWork!.id}`,
      form({ title: "Creche songs, changed", classroom_id: toddlers.id }),
    );
    expect(changed.statusCode).toBe(404);
    const [crecheChild] = await db
      .select()
      .from(students)
      .where(and(eq(students.classroomId, creche.id), ne(students.status, "left")));
    const [crecheSubmission] = await db
      .insert(assignmentSubmissions)
      .values({
        assignmentId: crecheWork!.id,
        studentId: crecheChild!.id,
        submissionText: "La la",
        submittedAt: new Date(),
      })
      .returning();
    const comment = await teacher.put(
      `/api/assignments/${crecheWork!.id}/submissions/${crecheSubmission!.id}/comment`,
      { comment: "Lovely singing" },
    );
    expect(comment.statusCode).toBe(404);
    const [unchanged] = await db.select().from(assignments).where(eq(assignments.id, crecheWork!.id));
    expect(unchanged!.title).toBe("Creche songs");
    const [uncommented] = await db
      .select()
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.id, crecheSubmission!.id));
    expect(uncommented!.teacherComment).toBeNull();

    // A parent may not open the attachment of work set for a room their children are not in.
    const [crecheSheet] = await db
      .insert(assignmentFiles)
      .values({
        assignmentId: crecheWork!.id,
        originalName: "songs.pdf",
        storedName: "00000000-0000-4000-8000-0000000000c1.pdf",
        mimeType: "application/pdf",
        sizeBytes: 10,
        uploadedAt: new Date(),
      })
      .returning();
    expect((await parent.get(`/api/assignments/${crecheWork!.id}/attachments/${crecheSheet!.id}`)).statusCode).toBe(
      404,
    );

    // A classmate's submission (another family): its files are not the parent's to open.
    const created = await setAssignment({ title: "Bring a leaf" });
    const [theirs] = await db
      .insert(assignmentSubmissions)
      .values({
        assignmentId: created.id,
        studentId: classmate!.id,
        submissionText: "A maple leaf",
        submittedAt: new Date(),
      })
      .returning();
    const roster = (await teacher.get(`/api/assignments/${created.id}/submissions`)).json();
    expect(roster.submitted).toBe(1);
    const peek = await parent.get(
      `/api/assignments/${created.id}/submissions/${theirs!.id}/files/${crypto.randomUUID()}`,
    );
    expect(peek.statusCode).toBe(404);
    const listed = (await parent.get("/api/assignments")).json();
    const item = listed.assignments.find((entry: { id: string }) => entry.id === created.id);
    expect(item.my_children[0].submission).toBeNull();
  });

  it("the teacher edits (adding a file) and deletes their assignment; a director reads but may not", async () => {
    const created = await setAssignment({ title: "Counting stones" });
    const edited = await send(
      teacherSession,
      "PUT",
      `/api/assignments/${created.id}`,
      form({ title: "Counting pebbles", classroom_id: toddlers.id, due_date: "" }, [
        { ...worksheet, name: "more.pdf" },
      ]),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Counting pebbles", due_date: null });
    expect(edited.json().attachments).toHaveLength(2);
    expect((await director.get("/api/assignments")).json().assignments[0]).toMatchObject({ can_edit: false });
    expect((await director.delete(`/api/assignments/${created.id}`)).statusCode).toBe(403);
    expect((await teacher.delete(`/api/assignments/${created.id}`)).statusCode).toBe(204);
    expect((await teacher.get(created.attachments[0].url)).statusCode).toBe(404);
  });

  // The embedded database has one connection: edits only overlap on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)(
    "ten edits at once, each adding two files, never take an assignment past five",
    async () => {
      const created = await setAssignment({ title: "Many hands" });
      const fields = { title: "Many hands", classroom_id: toddlers.id };
      const two = (n: number) => [1, 2].map((k) => ({ ...worksheet, name: `edit-${n}-${k}.pdf` }));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          send(teacherSession, "PUT", `/api/assignments/${created.id}`, form(fields, two(n))),
        ),
      );
      // One file was set with the assignment: two edits of two fit, the other eight are refused.
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
      expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(8);
      const [files] = await db
        .select({ total: count() })
        .from(assignmentFiles)
        .where(eq(assignmentFiles.assignmentId, created.id));
      expect(files?.total).toBe(5);
    },
  );

  it("an edit shows and removes existing attachments: one save drops one and adds another at the five-file cap", async () => {
    const created = await setAssignment({ title: "Five sheets" });
    const fields = { title: "Five sheets", classroom_id: toddlers.id };
    const four = [1, 2, 3, 4].map((n) => ({ ...worksheet, name: `sheet-${n}.pdf` }));
    const full = await send(teacherSession, "PUT", `/api/assignments/${created.id}`, form(fields, four));
    expect(full.json().attachments).toHaveLength(5);
    const sixth = { ...worksheet, name: "sheet-6.pdf" };
    const refused = await send(teacherSession, "PUT", `/api/assignments/${created.id}`, form(fields, [sixth]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(ASSIGNMENT_MESSAGES.tooManyFiles);

    const dropped = full.json().attachments[0];
    const swapped = await send(
      teacherSession,
      "PUT",
      `/api/assignments/${created.id}`,
      form({ ...fields, remove_attachments: dropped.id }, [sixth]),
    );
    expect(swapped.statusCode, swapped.body).toBe(200);
    const names = swapped.json().attachments.map((file: { name: string }) => file.name);
    expect(names).toHaveLength(5);
    expect(names).toContain("sheet-6.pdf");
    expect(swapped.json().attachments.some((file: { id: string }) => file.id === dropped.id)).toBe(false);
    expect((await teacher.get(dropped.url)).statusCode).toBe(404);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "assignment.updated")));
    expect(
      audits.map((audit) => (audit.after as { removed_attachments?: string[] }).removed_attachments),
    ).toContainEqual([dropped.name]);

    // An attachment of another assignment (or a made-up id) is refused and nothing changes.
    const elsewhere = await setAssignment({ title: "Another sheet" });
    const before = swapped.json().attachments.length;
    for (const id of [elsewhere.attachments[0].id, crypto.randomUUID(), "not-an-id"]) {
      const wrong = await send(
        teacherSession,
        "PUT",
        `/api/assignments/${created.id}`,
        form({ ...fields, title: "Changed?", remove_attachments: id }),
      );
      expect(wrong.statusCode, id).toBe(400);
      expect(wrong.json().error).toBe(ASSIGNMENT_MESSAGES.attachmentUnknown);
    }
    const now = (await teacher.get("/api/assignments?limit=50")).json();
    const still = now.assignments.find((item: { id: string }) => item.id === created.id);
    expect(still.title).toBe("Five sheets");
    expect(still.attachments).toHaveLength(before);
    expect((await teacher.get(elsewhere.attachments[0].url)).statusCode).toBe(200);
  });

  it("a staff read of a child's submitted work (the roster, a file) is written to the access log; the parent's is not", async () => {
    const created = await setAssignment({ title: "Paint a leaf" });
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#4a4" } })
      .png()
      .toBuffer();
    const submitted = await send(
      parentSession,
      "POST",
      `/api/assignments/${created.id}/submit`,
      form({ child_id: aanya.id }, [
        { field: "submission_files", name: "leaf.png", type: "image/png", content: photo },
      ]),
    );
    const file = submitted.json().my_children[0].submission.submission_files[0];
    const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
    const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
    const viewsBy = async (viewerId: string) => {
      // Reading the log flushes what is queued.
      await director.get(`/api/privacy/access-log?child_id=${aanya.id}`);
      return db
        .select()
        .from(childRecordViews)
        .where(
          and(
            eq(childRecordViews.studentId, aanya.id),
            eq(childRecordViews.viewerId, viewerId),
            eq(childRecordViews.kind, "work"),
          ),
        );
    };
    const before = (await viewsBy(teacherUser!.id)).length;
    expect((await teacher.get(file.url)).statusCode).toBe(200);
    expect(await viewsBy(teacherUser!.id)).toHaveLength(before + 1);
    expect((await teacher.get(`/api/assignments/${created.id}/submissions`)).statusCode).toBe(200);
    const after = await viewsBy(teacherUser!.id);
    expect(after).toHaveLength(before + 2);
    expect(after.every((view) => view.viewerRole === "teacher" && view.centerId === home!.id)).toBe(true);

    const parentBefore = (await viewsBy(parentUser!.id)).length;
    expect((await parent.get(file.url)).statusCode).toBe(200);
    expect(await viewsBy(parentUser!.id)).toHaveLength(parentBefore);
  });

  it("pages on the server", async () => {
    const first = (await teacher.get("/api/assignments?limit=2")).json();
    expect(first.assignments).toHaveLength(2);
    expect(first.pagination.total_items).toBeGreaterThan(2);
    expect((await teacher.get("/api/assignments?limit=500")).statusCode).toBe(400);
  });
});
