import { COMMUNICATION_MESSAGES as M, MESSAGE_MAX } from "@sprout/shared/schemas/communication";
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { classroomAnnouncements, messages, parentFeedback } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);

let teacher: SignedIn;
let parent: SignedIn;
let director: SignedIn;
let owner: SignedIn;
let admin: SignedIn;
let otherTeacher: SignedIn;
let otherParent: SignedIn;
let homeRoomTeacher: SignedIn;
let aanya: { id: string; classroomId: string };
let teacherRooms: string[];
let otherRoom: string;
let unrelatedRoom: string;

beforeAll(async () => {
  const [demoParent] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
  const [row] = await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, demoParent!.id), eq(students.firstName, "Aanya")));
  aanya = { id: row!.id, classroomId: row!.classroomId! };
  const [demoTeacher] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
  teacherRooms = (
    await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, demoTeacher!.id))
  ).map((r) => r.classroomId);
  otherRoom = (await classroomsOf(db, other!.id))[0]!.id;
  unrelatedRoom = (await classroomsOf(db, home!.id)).find((room) => !teacherRooms.includes(room.id))!.id;

  // Another centre's teacher and family; a second teacher of the home centre in an unrelated room
  // (assistants: every demo room has its lead).
  const andheriTeacher = await createCentreUser(db, other!.id, "teacher", "teacher.andheri@sprout.test");
  await db
    .insert(classroomTeachers)
    .values({ classroomId: otherRoom, teacherId: andheriTeacher.id, role: "assistant" });
  const andheriParent = await createCentreUser(db, other!.id, "parent", "parent.andheri@sprout.test");
  const andheriChild = (await childrenOf(db, other!.id)).find((child) => child.classroomId === otherRoom)!;
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, andheriChild.id));
  await db.update(guardians).set({ userId: andheriParent.id }).where(eq(guardians.id, link!.guardianId));
  const second = await createCentreUser(db, home!.id, "teacher", "teacher.two@sprout.test");
  await db.insert(classroomTeachers).values({ classroomId: unrelatedRoom, teacherId: second.id, role: "assistant" });

  [teacher, parent, director, owner, admin, otherTeacher, otherParent, homeRoomTeacher] = await Promise.all([
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.admin),
    signIn(app, "teacher.andheri@sprout.test"),
    signIn(app, "parent.andheri@sprout.test"),
    signIn(app, "teacher.two@sprout.test"),
  ]);
});

describe("classroom announcements", () => {
  it("refuses blank titles and messages with the spec's rule, and changes nothing", async () => {
    for (const [body, message] of [
      [{ classroom_id: aanya.classroomId, title: "   ", message: "Trip on Friday" }, M.titleRequired],
      [{ classroom_id: aanya.classroomId, title: "Trip", message: "  \n " }, M.messageRequired],
      [{ classroom_id: aanya.classroomId, message: "Trip" }, M.titleRequired],
      [{ classroom_id: aanya.classroomId, title: "x".repeat(201), message: "Trip" }, M.titleTooLong],
    ] as const) {
      const response = await as(app, teacher).post("/api/classroom-announcements", body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: message, code: "VALIDATION_ERROR" });
    }
    expect(await db.select().from(classroomAnnouncements)).toHaveLength(0);
  });

  it("lets only teachers post, and only to their own classrooms (another room or centre is 404)", async () => {
    const body = { classroom_id: aanya.classroomId, title: "Trip", message: "Bring a hat" };
    for (const session of [director, owner, admin, parent]) {
      expect((await as(app, session).post("/api/classroom-announcements", body)).statusCode).toBe(403);
    }
    for (const room of [unrelatedRoom, otherRoom]) {
      const response = await as(app, teacher).post("/api/classroom-announcements", { ...body, classroom_id: room });
      expect(response.statusCode).toBe(404);
    }
    expect(await db.select().from(classroomAnnouncements)).toHaveLength(0);
  });

  it("shows a post live to the room's parents with an unread mark until opened, never to other families", async () => {
    const parentSocket = recorder(await connect(url, parent));
    const otherParentSocket = recorder(await connect(url, otherParent));
    const empty = await as(app, parent).get(`/api/classroom-announcements/${aanya.classroomId}`);
    expect(empty.json()).toMatchObject({ announcements: [], unread: 0 });

    const posted = await as(app, teacher).post("/api/classroom-announcements", {
      classroom_id: aanya.classroomId,
      title: "  Sports day  ",
      message: "<b>Wear white</b> on Friday",
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id;
    expect(posted.json()).toMatchObject({ title: "Sports day", read: true });
    expect(await parentSocket.next("new-announcement")).toEqual({
      id,
      classroom_id: aanya.classroomId,
      posted_at: expect.any(String),
    });

    const list = await as(app, parent).get(`/api/classroom-announcements/${aanya.classroomId}`);
    expect(list.json()).toMatchObject({
      unread: 1,
      announcements: [{ id, message: "<b>Wear white</b> on Friday", read: false }],
    });
    expect((await as(app, parent).get("/api/communication/unread")).json()).toMatchObject({ announcements: 1 });
    expect((await as(app, parent).post(`/api/classroom-announcements/${id}/read`)).statusCode).toBe(200);
    expect((await as(app, parent).post(`/api/classroom-announcements/${id}/read`)).statusCode).toBe(200);
    const after = await as(app, parent).get(`/api/classroom-announcements/${aanya.classroomId}`);
    expect(after.json()).toMatchObject({ unread: 0, announcements: [{ id, read: true }] });

    // Other families and other centres do not reach the room or the post.
    expect((await as(app, otherParent).get(`/api/classroom-announcements/${aanya.classroomId}`)).statusCode).toBe(404);
    expect((await as(app, otherParent).post(`/api/classroom-announcements/${id}/read`)).statusCode).toBe(404);
    expect((await as(app, parent).get(`/api/classroom-announcements/${unrelatedRoom}`)).statusCode).toBe(404);
    expect((await as(app, otherTeacher).get(`/api/classroom-announcements/${aanya.classroomId}`)).statusCode).toBe(404);
    expect((await as(app, director).get(`/api/classroom-announcements/${otherRoom}`)).statusCode).toBe(404);
    expect((await as(app, director).get(`/api/classroom-announcements/${aanya.classroomId}`)).statusCode).toBe(200);
    expect(otherParentSocket.events("new-announcement")).toEqual([]);
  });
});

describe("messages", () => {
  let threadId: string;
  let teacherId: string;

  it("lets a parent open a conversation only with their own child's teacher", async () => {
    const contacts = (await as(app, parent).get("/api/messaging/contacts")).json().contacts;
    // Aanya's room has its lead (the demo teacher) and an assistant: the parent may write to either.
    const ofAanya = contacts.filter((c: { child_id: string }) => c.child_id === aanya.id);
    expect(ofAanya.map((c: { teacher_name: string }) => c.teacher_name).sort()).toEqual([
      "Bhavana Rao",
      "Priya Sharma",
    ]);
    const contact = ofAanya.find((c: { teacher_name: string }) => c.teacher_name === "Priya Sharma");
    teacherId = contact.teacher_id;
    const [second] = await db.select().from(users).where(eq(users.email, "teacher.two@sprout.test"));
    expect(
      (await as(app, parent).post("/api/messaging/threads", { child_id: aanya.id, teacher_id: second!.id })).statusCode,
    ).toBe(404);
    const foreignChild = (await childrenOf(db, home!.id)).find((child) => child.id !== aanya.id)!;
    expect(
      (await as(app, parent).post("/api/messaging/threads", { child_id: foreignChild.id, teacher_id: teacherId }))
        .statusCode,
    ).toBe(404);
    const opened = await as(app, parent).post("/api/messaging/threads", { child_id: aanya.id, teacher_id: teacherId });
    expect(opened.statusCode).toBe(200);
    threadId = opened.json().id;
    const again = await as(app, parent).post("/api/messaging/threads", { child_id: aanya.id, teacher_id: teacherId });
    expect(again.json().id).toBe(threadId);
  });

  it("refuses blank, too long and misaddressed messages, and changes nothing", async () => {
    const send = (body: object) => as(app, parent).post(`/api/messaging/threads/${threadId}/messages`, body);
    expect((await send({ recipient_id: teacherId, content: "   " })).json()).toMatchObject({
      error: M.contentRequired,
    });
    expect((await send({ recipient_id: teacherId, content: "x".repeat(MESSAGE_MAX + 1) })).json()).toMatchObject({
      error: M.contentTooLong,
    });
    const wrong = await send({ recipient_id: director.user.id, content: "Hello" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: M.recipientNotInThread, code: "INVALID_RECIPIENT" });
    expect((await send({ recipient_id: parent.user.id, content: "Hello" })).statusCode).toBe(400);
    expect(await db.select().from(messages)).toHaveLength(0);
  });

  it("delivers a message live to the teacher, counts it unread, and marks it read when opened", async () => {
    const teacherSocket = recorder(await connect(url, teacher));
    const outsider = recorder(await connect(url, homeRoomTeacher));
    const sent = await as(app, parent).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: teacherId,
      content: "  Aanya has a cough <script>alert(1)</script>  ",
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ content: "Aanya has a cough <script>alert(1)</script>", is_read: false });
    // Ids only: the text is read through the API by those who may read the thread.
    expect(await teacherSocket.next("new-message")).toEqual({
      id: sent.json().id,
      thread_id: threadId,
      sender_id: expect.any(String),
      recipient_id: teacherId,
      sent_at: sent.json().sent_at,
    });

    const threads = (await as(app, teacher).get("/api/messaging/threads")).json();
    expect(threads).toMatchObject({
      read_only: false,
      threads: [{ id: threadId, unread_count: 1, child_name: "Aanya Malhotra" }],
    });
    expect((await as(app, teacher).get("/api/communication/unread")).json()).toMatchObject({ messages: 1 });
    expect((await as(app, teacher).post(`/api/messaging/threads/${threadId}/read`)).json()).toEqual({ marked: 1 });
    const pane = (await as(app, teacher).get(`/api/messaging/threads/${threadId}/messages`)).json();
    expect(pane.messages).toMatchObject([{ is_read: true, sender_id: parent.user.id }]);

    const parentSocket = recorder(await connect(url, parent));
    const reply = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: parent.user.id,
      content: "Thanks, we will keep an eye on her",
    });
    expect(reply.statusCode).toBe(201);
    expect(await parentSocket.next("new-message")).toMatchObject({ id: reply.json().id });
    expect(outsider.events("new-message")).toEqual([]);
  });

  it("keeps other teachers, families and centres out (404), and leadership reads without writing", async () => {
    for (const session of [homeRoomTeacher, otherTeacher, otherParent]) {
      expect((await as(app, session).get(`/api/messaging/threads/${threadId}/messages`)).statusCode).toBe(404);
      expect((await as(app, session).get("/api/messaging/threads")).json().threads).toEqual([]);
      const write = await as(app, session).post(`/api/messaging/threads/${threadId}/messages`, {
        recipient_id: teacherId,
        content: "Hi",
      });
      expect(write.statusCode).toBe(404);
    }
    for (const session of [director, owner]) {
      const list = (await as(app, session).get("/api/messaging/threads")).json();
      expect(list).toMatchObject({ read_only: true, threads: [{ id: threadId }] });
      const pane = await as(app, session).get(`/api/messaging/threads/${threadId}/messages`);
      expect(pane.json().messages).toHaveLength(2);
      const write = await as(app, session).post(`/api/messaging/threads/${threadId}/messages`, {
        recipient_id: teacherId,
        content: "Hi",
      });
      expect(write.statusCode).toBe(403);
    }
    // Reading as leadership does not mark anything read for the parent.
    expect((await as(app, parent).get("/api/communication/unread")).json()).toMatchObject({ messages: 1 });
    // The other centre's director does not see this centre's threads.
    const andheriDirector = await createCentreUser(db, other!.id, "center_director", "director.andheri@sprout.test");
    const session = await signIn(app, andheriDirector.email);
    expect((await as(app, session).get(`/api/messaging/threads/${threadId}/messages`)).statusCode).toBe(404);
  });

  it("limits how fast one user sends", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) {
      const response = await as(app, teacher).post(`/api/messaging/threads/${threadId}/messages`, {
        recipient_id: parent.user.id,
        content: `Note ${n}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});

describe("parent feedback", () => {
  it("refuses incomplete feedback with clear messages", async () => {
    const base = { child_id: aanya.id, category: "food", rating: 4, comment: "Lovely meals" };
    for (const [body, message] of [
      [{ ...base, rating: 6 }, M.ratingRequired],
      [{ ...base, category: "weather" }, M.categoryRequired],
      [{ ...base, comment: "  " }, M.commentRequired],
    ] as const) {
      expect((await as(app, parent).post("/api/parent-feedback", body)).json()).toMatchObject({ error: message });
    }
    const stranger = (await childrenOf(db, home!.id)).find((child) => child.id !== aanya.id)!;
    expect((await as(app, parent).post("/api/parent-feedback", { ...base, child_id: stranger.id })).statusCode).toBe(
      404,
    );
    expect(await db.select().from(parentFeedback)).toHaveLength(0);
  });

  it("reaches the director live, is answered once, and the parent sees the answer", async () => {
    const directorSocket = recorder(await connect(url, director));
    const otherTeacherSocket = recorder(await connect(url, otherTeacher));
    const parentSocket = recorder(await connect(url, parent));
    const sent = await as(app, parent).post("/api/parent-feedback", {
      child_id: aanya.id,
      category: "communication",
      rating: 3,
      comment: "More photos please",
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id;
    expect(await directorSocket.next("new-feedback")).toEqual({ id });
    expect((await as(app, director).get("/api/parent-feedback/summary")).json()).toEqual({
      total_feedback: 1,
      pending_feedback: 1,
      avg_rating: 3,
    });
    expect((await as(app, director).get("/api/parent-feedback?status=pending")).json().feedback).toMatchObject([
      { id, status: "pending", parent_name: "Vikram Malhotra" },
    ]);
    expect((await as(app, director).get(`/api/parent-feedback?center_id=${other!.id}`)).statusCode).toBe(404);

    expect((await as(app, director).post(`/api/parent-feedback/${id}/respond`, { response: " " })).statusCode).toBe(
      400,
    );
    const answered = await as(app, director).post(`/api/parent-feedback/${id}/respond`, {
      response: "We will share more",
    });
    expect(answered.json()).toMatchObject({ status: "responded", response: "We will share more" });
    expect(await parentSocket.next("feedback-response")).toEqual({ id });
    const again = await as(app, owner).post(`/api/parent-feedback/${id}/respond`, { response: "Twice" });
    expect(again.statusCode).toBe(409);
    expect((await as(app, parent).get("/api/parent-feedback")).json().feedback).toMatchObject([
      { id, status: "responded", response: "We will share more" },
    ]);
    expect((await as(app, otherParent).get("/api/parent-feedback")).json().feedback).toEqual([]);
    expect(otherTeacherSocket.events("new-feedback")).toEqual([]);
    expect((await as(app, director).get("/api/parent-feedback/summary")).json()).toMatchObject({ pending_feedback: 0 });
  });

  it("answers another centre's feedback with 404", async () => {
    const andheriChild = (
      await db
        .select({ id: students.id })
        .from(students)
        .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
        .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
        .innerJoin(users, eq(users.id, guardians.userId))
        .where(and(eq(users.email, "parent.andheri@sprout.test"), ne(students.status, "left")))
    )[0]!;
    const sent = await as(app, otherParent).post("/api/parent-feedback", {
      child_id: andheriChild.id,
      category: "general",
      rating: 5,
      comment: "Great",
    });
    expect(sent.statusCode).toBe(201);
    const response = await as(app, director).post(`/api/parent-feedback/${sent.json().id}/respond`, { response: "Hi" });
    expect(response.statusCode).toBe(404);
  });
});
