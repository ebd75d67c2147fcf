import { START_THREAD_MESSAGES } from "@sprout/shared/schemas/communication";
import { and, eq, notInArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { messageThreads } from "../../db/schema/communication.ts";

const { app, database } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home] = await demoCentres(db);

let teacher: SignedIn;
let parent: SignedIn;
let director: SignedIn;
let aanyaId: string;
let elsewhereChild: { id: string; parentId: string };

beforeAll(async () => {
  [teacher, parent, director] = await Promise.all([
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.center_director),
  ]);
  const [aanya] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, parent.user.id), eq(students.firstName, "Aanya")));
  aanyaId = aanya!.id;
  const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacher.user.id))).map(
    (row) => row.classroomId,
  );
  // A child of the same centre outside the teacher's rooms, whose guardian is the demo parent for the test.
  const [elsewhere] = await db
    .select({ id: students.id, guardianId: studentGuardians.guardianId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .where(and(eq(students.centerId, home!.id), notInArray(students.classroomId, rooms), eq(students.status, "active")))
    .limit(1);
  elsewhereChild = { id: elsewhere!.id, parentId: parent.user.id };
});

describe("a teacher starts a conversation", () => {
  it("lists the parents of their classrooms' children, and none of other rooms", async () => {
    const answer = await as(app, teacher).get("/api/messaging/families");
    expect(answer.statusCode).toBe(200);
    const { families } = answer.json();
    expect(families).toContainEqual(
      expect.objectContaining({
        child_id: aanyaId,
        parent_id: parent.user.id,
        child_name: expect.stringContaining("Aanya"),
      }),
    );
    expect(families.some((row: { child_id: string }) => row.child_id === elsewhereChild.id)).toBe(false);
    expect((await as(app, parent).get("/api/messaging/families")).statusCode).toBe(403);
  });

  it("opens the thread with the child's parent once; the parent sees it and gets the first message live", async () => {
    const opened = await as(app, teacher).post("/api/messaging/threads", {
      child_id: aanyaId,
      parent_id: parent.user.id,
    });
    expect(opened.statusCode).toBe(200);
    const thread = opened.json();
    expect(thread).toMatchObject({ child_id: aanyaId, teacher_id: teacher.user.id, parent_id: parent.user.id });
    const again = await as(app, teacher).post("/api/messaging/threads", {
      child_id: aanyaId,
      parent_id: parent.user.id,
    });
    expect(again.json().id).toBe(thread.id);
    const rows = await db.select().from(messageThreads).where(eq(messageThreads.childId, aanyaId));
    expect(rows.filter((row) => row.teacherId === teacher.user.id && row.parentId === parent.user.id)).toHaveLength(1);

    const socket = await connect(url, parent);
    const heard = recorder(socket);
    const sent = await as(app, teacher).post(`/api/messaging/threads/${thread.id}/messages`, {
      recipient_id: parent.user.id,
      content: "Aanya painted a lovely picture today.",
    });
    expect(sent.statusCode).toBe(201);
    expect(await heard.next("new-message")).toMatchObject({ thread_id: thread.id });
    socket.close();
    const parentThreads = (await as(app, parent).get("/api/messaging/threads")).json();
    expect(parentThreads.threads.some((row: { id: string }) => row.id === thread.id)).toBe(true);
  });

  it("refuses another classroom's child, a parent who is not the child's, and a missing parent", async () => {
    const refused = await as(app, teacher).post("/api/messaging/threads", {
      child_id: elsewhereChild.id,
      parent_id: elsewhereChild.parentId,
    });
    expect(refused.statusCode).toBe(404);
    const notTheirs = await as(app, teacher).post("/api/messaging/threads", {
      child_id: aanyaId,
      parent_id: director.user.id,
    });
    expect(notTheirs.statusCode).toBe(404);
    const missing = await as(app, teacher).post("/api/messaging/threads", { child_id: aanyaId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: START_THREAD_MESSAGES.chooseParent });
    const parentMissing = await as(app, parent).post("/api/messaging/threads", { child_id: aanyaId });
    expect(parentMissing.statusCode).toBe(400);
    expect(parentMissing.json()).toMatchObject({ error: START_THREAD_MESSAGES.chooseTeacher });
    // Leadership reads conversations; it does not open them.
    expect(
      (await as(app, director).post("/api/messaging/threads", { child_id: aanyaId, parent_id: parent.user.id }))
        .statusCode,
    ).toBe(403);
  });
});
