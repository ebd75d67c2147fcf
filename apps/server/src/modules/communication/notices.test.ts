import { COMMUNICATION_MESSAGES as M, NOTICE_MESSAGES } from "@sprout/shared/schemas/communication";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { mailOutbox } from "../../db/schema/account.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { centreNotices } from "../../db/schema/communication.ts";
import { users } from "../../db/schema/users.ts";

const { app, database } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);

let director: SignedIn;
let owner: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let roomParent: SignedIn;
let otherParent: SignedIn;
let aanyaRoom: string;
let elsewhereRoom: string;
let otherRoom: string;
const names = new Map<string, string>();
const nameOf = (who: SignedIn) => names.get(who.user.id)!;

/** Links a new parent account to the first child of a room who has a guardian. */
async function parentOfRoom(centerId: string, classroomId: string, email: string) {
  const account = await createCentreUser(db, centerId, "parent", email);
  const child = (await childrenOf(db, centerId)).find((row) => row.classroomId === classroomId)!;
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, child.id));
  await db.update(guardians).set({ userId: account.id }).where(eq(guardians.id, link!.guardianId));
  return signIn(app, email);
}

beforeAll(async () => {
  [director, owner, teacher, parent] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
  ]);
  for (const row of await db.select({ id: users.id, name: users.fullName }).from(users)) names.set(row.id, row.name);
  const [aanya] = await db
    .select({ classroomId: students.classroomId })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, parent.user.id), eq(students.firstName, "Aanya")));
  aanyaRoom = aanya!.classroomId!;
  const homeRooms = await classroomsOf(db, home!.id);
  const familyRooms = (
    await db
      .select({ classroomId: students.classroomId })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(eq(guardians.userId, parent.user.id))
  ).map((row) => row.classroomId);
  const roomsWithChildren = new Set((await childrenOf(db, home!.id)).map((child) => child.classroomId));
  elsewhereRoom = homeRooms.find((room) => !familyRooms.includes(room.id) && roomsWithChildren.has(room.id))!.id;
  otherRoom = (await classroomsOf(db, other!.id))[0]!.id;
  roomParent = await parentOfRoom(home!.id, elsewhereRoom, "parent.elsewhere@sprout.test");
  otherParent = await parentOfRoom(other!.id, otherRoom, "parent.other-centre@sprout.test");
});

const send = (who: SignedIn, body: object) => as(app, who).post("/api/notices", body);
const received = async (who: SignedIn) => (await as(app, who).get("/api/notices")).json();
const notRead = async (who: SignedIn, id: string, query = "") =>
  as(app, who).get(`/api/notices/${id}/not-read${query}`);

describe("notices from the communication desk", () => {
  it("refuses a blank title or message with the shared schema's words, and sends nothing", async () => {
    const before = await db.select().from(centreNotices);
    for (const [body, error] of [
      [{ center_id: home!.id, title: "  ", message: "Closed on Monday" }, M.titleRequired],
      [{ center_id: home!.id, title: "Holiday", message: " \n " }, M.messageRequired],
      [{ center_id: home!.id, message: "Closed on Monday" }, M.titleRequired],
      [{ title: "Holiday", message: "Closed on Monday" }, NOTICE_MESSAGES.chooseCentre],
    ] as const) {
      const response = await send(director, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error, code: "VALIDATION_ERROR" });
    }
    expect(await db.select().from(centreNotices)).toHaveLength(before.length);
  });

  it("reaches every parent of the chosen classroom in the bell, the notices list and by e-mail, and no one else", async () => {
    const socket = await connect(url, parent);
    const parentSocket = recorder(socket);
    // The demo parent reads Sprout in Hindi: the notice's words stay the centre's, the mail around them is Hindi.
    expect((await as(app, parent).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    const sent = await send(director, {
      center_id: home!.id,
      classroom_ids: [aanyaRoom],
      title: "Picnic on Friday",
      message: "Please send a hat and a water bottle.",
    });
    expect(sent.statusCode).toBe(201);
    const notice = sent.json();
    expect(notice).toMatchObject({ title: "Picnic on Friday", read: 0, sent_by_name: nameOf(director) });
    expect(notice.classrooms).toHaveLength(1);
    expect(notice.parents).toBeGreaterThanOrEqual(1);

    // The event names the bell line; what it says is read through the API.
    const heard = await parentSocket.next("notification");
    expect(heard).toEqual({ id: expect.any(String), kind: "notice" });
    const bell = (await as(app, parent).get("/api/notifications")).json();
    expect(bell.notifications[0]).toMatchObject({
      id: heard.id,
      kind: "notice",
      title: "Picnic on Friday",
      link: `/notices?open=${notice.id}`,
      read: false,
    });
    const list = await received(parent);
    expect(list.notices[0]).toMatchObject({
      id: notice.id,
      message: "Please send a hat and a water bottle.",
      read: false,
    });
    expect(list.unread).toBeGreaterThanOrEqual(1);

    const mails = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `${home!.name}: Picnic on Friday`));
    expect(mails.map((mail) => mail.to)).toContain(DEMO_EMAILS.parent);
    expect(mails.map((mail) => mail.to)).not.toContain("parent.elsewhere@sprout.test");
    expect(mails).toHaveLength(notice.parents);
    const hindi = mails.find((mail) => mail.to === DEMO_EMAILS.parent)!;
    expect(hindi.text).toContain("Please send a hat and a water bottle.");
    expect(hindi.text).toContain("आप यह सूचना Sprout (सूचनाएँ) में भी पढ़ सकते हैं।");
    await db.update(users).set({ language: null }).where(eq(users.id, parent.user.id));

    // A parent of another room and a parent of another centre get nothing.
    expect((await received(roomParent)).notices.some((n: { id: string }) => n.id === notice.id)).toBe(false);
    expect((await received(otherParent)).notices.some((n: { id: string }) => n.id === notice.id)).toBe(false);
    socket.close();
  });

  it("shows the sender who has not read it, and a parent opening it moves off that list live", async () => {
    const notice = (
      await send(director, {
        center_id: home!.id,
        classroom_ids: [aanyaRoom],
        title: "Parents' evening",
        message: "Thursday at 5 pm",
      })
    ).json();
    const page = (await notRead(director, notice.id)).json();
    expect(page.pagination.total_items).toBeGreaterThanOrEqual(1);
    const vikram = page.not_read.find((row: { parent_name: string }) => row.parent_name === nameOf(parent));
    expect(vikram).toMatchObject({ child_name: expect.stringContaining("Aanya") });
    expect(vikram.classroom_name).toBe(notice.classrooms[0]);

    const badge = async () => (await as(app, parent).get("/api/communication/unread")).json().notices;
    const unreadBefore = await badge();
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const socket = await connect(url, director);
    const directorSocket = recorder(socket);
    expect((await as(app, parent).post(`/api/notices/${notice.id}/read`)).statusCode).toBe(200);
    expect(await directorSocket.next("notice-read")).toEqual({ notice_id: notice.id });
    expect(await badge()).toBe(unreadBefore - 1);
    const after = (await notRead(director, notice.id)).json();
    expect(after.not_read.some((row: { parent_name: string }) => row.parent_name === nameOf(parent))).toBe(false);
    const sent = (await as(app, director).get(`/api/notices/sent?center_id=${home!.id}`)).json();
    expect(sent.notices.find((n: { id: string }) => n.id === notice.id)).toMatchObject({ read: 1 });
    expect((await received(parent)).notices.find((n: { id: string }) => n.id === notice.id)).toMatchObject({
      read: true,
    });
    // Opening it again changes nothing.
    expect((await as(app, parent).post(`/api/notices/${notice.id}/read`)).statusCode).toBe(200);
    socket.close();
  });

  it("sends to the whole centre when no classroom is chosen, and pages the not-read list", async () => {
    const notice = (
      await send(owner, { center_id: home!.id, title: "Diwali holiday", message: "Closed on 1 November" })
    ).json();
    expect(notice.classrooms).toEqual([]);
    expect((await received(roomParent)).notices.some((n: { id: string }) => n.id === notice.id)).toBe(true);
    expect((await received(parent)).notices.some((n: { id: string }) => n.id === notice.id)).toBe(true);
    expect((await received(otherParent)).notices.some((n: { id: string }) => n.id === notice.id)).toBe(false);

    const first = (await notRead(owner, notice.id, "?limit=1")).json();
    expect(first.not_read).toHaveLength(1);
    expect(first.pagination.total_items).toBeGreaterThanOrEqual(2);
    const second = (await notRead(owner, notice.id, "?limit=1&page=2")).json();
    expect(second.not_read[0]).not.toEqual(first.not_read[0]);
    // The director of that centre follows the owner's notice too.
    expect((await notRead(director, notice.id)).statusCode).toBe(200);
  });

  it("keeps to the caller's centres and families", async () => {
    expect((await send(director, { center_id: other!.id, title: "Holiday", message: "Closed" })).statusCode).toBe(404);
    expect(
      (await send(director, { center_id: home!.id, classroom_ids: [otherRoom], title: "Holiday", message: "Closed" }))
        .statusCode,
    ).toBe(404);
    expect((await send(teacher, { center_id: home!.id, title: "Holiday", message: "Closed" })).statusCode).toBe(403);

    await createCentreUser(db, other!.id, "center_director", "director.other@sprout.test");
    const otherDesk = await signIn(app, "director.other@sprout.test");
    const theirs = (await send(otherDesk, { center_id: other!.id, title: "Andheri only", message: "Hello" })).json();
    expect((await notRead(director, theirs.id)).statusCode).toBe(404);
    expect((await as(app, parent).post(`/api/notices/${theirs.id}/read`)).statusCode).toBe(404);
    const sent = (await as(app, director).get("/api/notices/sent")).json();
    expect(sent.notices.some((n: { id: string }) => n.id === theirs.id)).toBe(false);
    expect((await as(app, director).get(`/api/notices/sent?center_id=${other!.id}`)).statusCode).toBe(404);
    const ours = await db
      .select()
      .from(centreNotices)
      .where(inArray(centreNotices.centerId, [home!.id]));
    expect((await notRead(otherDesk, ours[0]!.id)).statusCode).toBe(404);
  });
});
