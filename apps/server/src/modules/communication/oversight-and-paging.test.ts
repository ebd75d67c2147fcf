import { FEEDBACK_DIALOG_LINK } from "@sprout/shared/schemas/communication";
import { and, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { classroomAnnouncements, messageThreads, parentFeedback } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";

/**
 * The thread list's keyset pages, the leadership-only events (thread activity, new feedback), a
 * moved child's family and the per-user limits on announcements and feedback.
 */
const { app, database } = await createTestApp();
const db = database.db;
const url = await listen(app);
const live = async (session: SignedIn) => recorder(await connect(url, session));
const [home, other] = await demoCentres(db);

let teacher: SignedIn;
let parent: SignedIn;
let director: SignedIn;
let owner: SignedIn;
let colleague: SignedIn;
let otherDirector: SignedIn;
let aanya: { id: string; classroomId: string };

beforeAll(async () => {
  [teacher, parent, director, owner] = await Promise.all([
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.owner),
  ]);
  const [row] = await db
    .select({ id: students.id, classroomId: students.classroomId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, parent.user.id), eq(students.firstName, "Aanya")));
  aanya = { id: row!.id, classroomId: row!.classroomId! };
  // A teacher of the same centre in a room that is not the demo teacher's, and another centre's director.
  const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacher.user.id))).map(
    (r) => r.classroomId,
  );
  const elsewhere = (await classroomsOf(db, home!.id)).find((room) => !rooms.includes(room.id))!;
  const second = await createCentreUser(db, home!.id, "teacher", "teacher.paging@sprout.test");
  await db.insert(classroomTeachers).values({ classroomId: elsewhere.id, teacherId: second.id, role: "assistant" });
  await createCentreUser(db, other!.id, "center_director", "director.paging@sprout.test");
  [colleague, otherDirector] = await Promise.all([
    signIn(app, "teacher.paging@sprout.test"),
    signIn(app, "director.paging@sprout.test"),
  ]);
});

describe("the thread list pages", () => {
  it("reaches every one of a teacher's 45 threads, 20 at a time, newest first, and leadership's too", async () => {
    const rooms = (
      await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacher.user.id))
    ).map((r) => r.classroomId);
    const children = await db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.classroomId, rooms), ne(students.status, "left")));
    // Parents enough that children × parents gives 45 distinct conversations.
    const parentCount = Math.ceil(45 / children.length);
    const parents = await Promise.all(
      Array.from({ length: parentCount }, (_, n) =>
        createCentreUser(db, home!.id, "parent", `parent.paging${n}@sprout.test`),
      ),
    );
    const base = Date.parse("2026-11-01T08:00:00.000Z");
    const rows = parents
      .flatMap((p) => children.map((child) => ({ parentId: p.id, childId: child.id })))
      .slice(0, 45)
      .map((pair, n) => ({
        ...pair,
        centerId: home!.id,
        teacherId: teacher.user.id,
        createdAt: new Date(base),
        // Two threads share each minute, so the id breaks the tie.
        lastMessageAt: new Date(base + Math.floor(n / 2) * 60_000),
      }));
    await db.insert(messageThreads).values(rows);

    const walk = async (session: SignedIn) => {
      const seen: { id: string; last_message_at: string }[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
        const answer = await as(app, session).get(`/api/messaging/threads?limit=20${query}`);
        expect(answer.statusCode, answer.body).toBe(200);
        const page = answer.json();
        sizes.push(page.threads.length);
        seen.push(...page.threads);
        cursor = page.next_cursor;
      } while (cursor);
      return { seen, sizes };
    };
    const { seen, sizes } = await walk(teacher);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen.map((t) => t.id)).size).toBe(45);
    const times = seen.map((t) => t.last_message_at);
    expect(times).toEqual([...times].sort().reverse());

    const oversight = await walk(director);
    expect(oversight.seen.length).toBe(45);
    expect(new Set(oversight.seen.map((t) => t.id)).size).toBe(45);
    // The other centre's director pages through none of them.
    expect((await as(app, otherDirector).get("/api/messaging/threads")).json()).toMatchObject({
      threads: [],
      next_cursor: null,
    });
  });

  it("refuses a cursor it did not hand out and a page larger than 50", async () => {
    const bad = await as(app, teacher).get("/api/messaging/threads?cursor=page-2");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "cursor must come from the previous page" });
    expect((await as(app, teacher).get("/api/messaging/threads?limit=51")).statusCode).toBe(400);
  });
});

describe("leadership-only events", () => {
  it("tells the centre's leadership that a thread moved, without its content, and nobody else", async () => {
    const opened = await as(app, parent).post("/api/messaging/threads", {
      child_id: aanya.id,
      teacher_id: teacher.user.id,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const threadId = opened.json().id;
    const [directorSocket, ownerSocket, colleagueSocket, otherDirectorSocket] = await Promise.all([
      live(director),
      live(owner),
      live(colleague),
      live(otherDirector),
    ]);
    const sent = await as(app, parent).post(`/api/messaging/threads/${threadId}/messages`, {
      recipient_id: teacher.user.id,
      content: "A private word about Aanya",
    });
    expect(sent.statusCode).toBe(201);
    const expected = { thread_id: threadId, center_id: home!.id };
    expect(await directorSocket.next("thread-activity")).toEqual(expected);
    expect(await ownerSocket.next("thread-activity")).toEqual(expected);
    // The director's oversight list now starts with this thread.
    expect((await as(app, director).get("/api/messaging/threads")).json().threads[0]).toMatchObject({
      id: threadId,
      last_message: "A private word about Aanya",
    });
    // Leadership never receive the message itself over the socket, and outsiders nothing at all.
    expect(directorSocket.events("new-message")).toEqual([]);
    expect(colleagueSocket.events("thread-activity")).toEqual([]);
    expect(otherDirectorSocket.events("thread-activity")).toEqual([]);
  });

  it("sends new feedback to those who answer it, not to the centre's teachers", async () => {
    const [directorSocket, ownerSocket, teacherSocket, colleagueSocket] = await Promise.all([
      live(director),
      live(owner),
      live(teacher),
      live(colleague),
    ]);
    const sent = await as(app, parent).post("/api/parent-feedback", {
      child_id: aanya.id,
      category: "food",
      rating: 4,
      comment: "Lovely meals",
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().id;
    expect(await directorSocket.next("new-feedback")).toEqual({ id });
    expect(await ownerSocket.next("new-feedback")).toEqual({ id });
    // The answer's bell line opens the parent's Feedback dialog, where the answer is shown.
    const answered = await as(app, director).post(`/api/parent-feedback/${id}/respond`, { response: "Thank you" });
    expect(answered.statusCode).toBe(200);
    const bell = (await as(app, parent).get("/api/notifications")).json();
    expect(bell.notifications[0]).toMatchObject({ kind: "feedback_response", link: FEEDBACK_DIALOG_LINK });
    expect(teacherSocket.events("new-feedback")).toEqual([]);
    expect(colleagueSocket.events("new-feedback")).toEqual([]);
  });
});

describe("a child who moves rooms", () => {
  it("takes the family's live announcements to the new room, not the old one", async () => {
    const oldRoom = aanya.classroomId;
    const [colleagueRoom] = await db
      .select({ id: classroomTeachers.classroomId })
      .from(classroomTeachers)
      .where(eq(classroomTeachers.teacherId, colleague.user.id));
    // The parent's socket is open from before the move.
    const parentSocket = recorder(await connect(url, parent));
    await db.update(students).set({ classroomId: colleagueRoom!.id }).where(eq(students.id, aanya.id));
    try {
      const stale = await as(app, teacher).post("/api/classroom-announcements", {
        classroom_id: oldRoom,
        title: "Old room trip",
        message: "Only for the old room",
      });
      expect(stale.statusCode).toBe(201);
      const fresh = await as(app, colleague).post("/api/classroom-announcements", {
        classroom_id: colleagueRoom!.id,
        title: "New room trip",
        message: "For the new room",
      });
      expect(fresh.statusCode).toBe(201);
      expect(await parentSocket.next("new-announcement")).toMatchObject({ id: fresh.json().id });
      expect(parentSocket.events("new-announcement")).toEqual([expect.objectContaining({ id: fresh.json().id })]);
      expect((await as(app, parent).get(`/api/classroom-announcements/${oldRoom}`)).statusCode).toBe(404);
    } finally {
      await db.update(students).set({ classroomId: oldRoom }).where(eq(students.id, aanya.id));
    }
  });
});

describe("per-user limits", () => {
  it("stops a teacher posting more than 20 announcements a minute", async () => {
    const before = await db.$count(classroomAnnouncements, eq(classroomAnnouncements.postedBy, teacher.user.id));
    const statuses: number[] = [];
    for (let n = 0; n < 22; n++) {
      const response = await as(app, teacher).post("/api/classroom-announcements", {
        classroom_id: aanya.classroomId,
        title: `Note ${n}`,
        message: "Reminder",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    const after = await db.$count(classroomAnnouncements, eq(classroomAnnouncements.postedBy, teacher.user.id));
    expect(after - before).toBe(statuses.filter((status) => status === 201).length);
    expect(after - before).toBeLessThanOrEqual(20);
  });

  it("stops a parent sending more than 5 pieces of feedback a minute", async () => {
    const [vikram] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAILS.parent));
    const before = await db.$count(parentFeedback, eq(parentFeedback.parentId, vikram!.id));
    const statuses: number[] = [];
    for (let n = 0; n < 7; n++) {
      const response = await as(app, parent).post("/api/parent-feedback", {
        child_id: aanya.id,
        category: "general",
        rating: 5,
        comment: `Thanks ${n}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    const after = await db.$count(parentFeedback, eq(parentFeedback.parentId, vikram!.id));
    expect(after - before).toBe(statuses.filter((status) => status === 201).length);
    expect(after - before).toBeLessThanOrEqual(5);
  });
});
