import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { messages, messageThreads, parentFeedback } from "../../db/schema/communication.ts";

/**
 * The feedback inbox and a conversation's older messages page by (time, id): every item is reached
 * once, newest first, even when several share the millisecond at a page boundary.
 */
const { app, database } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);

let teacher: SignedIn;
let parent: SignedIn;
let director: SignedIn;
let aanyaId: string;

type Page = { feedback: { id: string; center_id: string; status: string }[]; next_cursor: string | null };

/** Follows next_cursor from the first page to the last, as "Load more" does. */
async function everyPage(session: SignedIn, query: string, from: string | null = null) {
  const pages: Page[] = [];
  let cursor = from;
  do {
    const response = await as(app, session).get(
      `/api/parent-feedback?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(response.statusCode).toBe(200);
    const page: Page = response.json();
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor);
  return pages;
}

beforeAll(async () => {
  [teacher, parent, director] = await Promise.all([
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, DEMO_EMAILS.center_director),
  ]);
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(guardians.userId, parent.user.id), eq(students.firstName, "Aanya")));
  aanyaId = row!.id;

  // 45 pieces from the demo parent, in runs of three sharing one millisecond (so ties fall on the
  // boundaries of 10-item pages), and 12 from a family of another centre, interleaved in time.
  const base = Date.parse("2026-11-02T09:00:00.000Z");
  await db.insert(parentFeedback).values(
    Array.from({ length: 45 }, (_, n) => ({
      centerId: home!.id,
      parentId: parent.user.id,
      childId: aanyaId,
      category: "general" as const,
      rating: (n % 5) + 1,
      comment: `Home feedback ${n}`,
      status: n % 4 === 0 ? ("responded" as const) : ("pending" as const),
      createdAt: new Date(base + Math.floor(n / 3) * 60_000),
    })),
  );
  const [stranger] = await childrenOf(db, other!.id);
  const otherParent = await createCentreUser(db, other!.id, "parent", "parent.feedback-paging@sprout.test");
  await db.insert(parentFeedback).values(
    Array.from({ length: 12 }, (_, n) => ({
      centerId: other!.id,
      parentId: otherParent.id,
      childId: stranger!.id,
      category: "food" as const,
      rating: 3,
      comment: `Other centre feedback ${n}`,
      createdAt: new Date(base + n * 4 * 60_000),
    })),
  );
});

describe("the feedback inbox pages", () => {
  it("gives a director every piece of their centre's feedback once, newest first, 10 at a time", async () => {
    const expected = await db
      .select({ id: parentFeedback.id })
      .from(parentFeedback)
      .where(eq(parentFeedback.centerId, home!.id))
      .orderBy(desc(parentFeedback.createdAt), desc(parentFeedback.id));
    const pages = await everyPage(director, "limit=10");
    expect(pages.length).toBe(Math.ceil(expected.length / 10));
    expect(pages.slice(0, -1).every((page) => page.feedback.length === 10)).toBe(true);
    const seen = pages.flatMap((page) => page.feedback);
    expect(seen.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length);
    expect(seen.every((item) => item.center_id === home!.id)).toBe(true);
    expect(pages.at(-1)!.next_cursor).toBeNull();
  });

  it("pages the Pending filter without skipping what follows an item answered in between", async () => {
    const pending = await db
      .select({ id: parentFeedback.id })
      .from(parentFeedback)
      .where(and(eq(parentFeedback.centerId, home!.id), eq(parentFeedback.status, "pending")))
      .orderBy(desc(parentFeedback.createdAt), desc(parentFeedback.id));
    const first: Page = (await as(app, director).get("/api/parent-feedback?status=pending&limit=10")).json();
    expect(first.feedback.map((item) => item.id)).toEqual(pending.slice(0, 10).map((item) => item.id));
    // The director answers two items of the first page before loading the next one.
    for (const item of first.feedback.slice(0, 2)) {
      const answered = await as(app, director).post(`/api/parent-feedback/${item.id}/respond`, { response: "Thanks" });
      expect(answered.statusCode).toBe(200);
    }
    const rest = await everyPage(director, "status=pending&limit=10", first.next_cursor);
    const after = rest.flatMap((page) => page.feedback);
    expect(after.map((item) => item.id)).toEqual(pending.slice(10).map((item) => item.id));
    expect(after.every((item) => item.status === "pending")).toBe(true);
  });

  it("pages a parent's own feedback, and never another family's", async () => {
    const pages = await everyPage(parent, "limit=20");
    const seen = pages.flatMap((page) => page.feedback);
    expect(pages.length).toBe(3);
    expect(seen.length).toBe(45);
    expect(new Set(seen.map((item) => item.id)).size).toBe(45);
    expect(seen.every((item) => item.center_id === home!.id)).toBe(true);
  });

  it("refuses a cursor it did not hand out, a page larger than 50 and another centre", async () => {
    const bad = await as(app, director).get("/api/parent-feedback?cursor=2");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "cursor must come from the previous page" });
    expect((await as(app, director).get("/api/parent-feedback?limit=51")).statusCode).toBe(400);
    expect((await as(app, director).get(`/api/parent-feedback?center_id=${other!.id}`)).statusCode).toBe(404);
  });
});

describe("a conversation's older messages", () => {
  it("reaches two messages sent in the same millisecond on either side of a page boundary", async () => {
    const [thread] = await db
      .insert(messageThreads)
      .values({
        centerId: home!.id,
        childId: aanyaId,
        teacherId: teacher.user.id,
        parentId: parent.user.id,
        createdAt: new Date("2026-11-03T08:00:00.000Z"),
        lastMessageAt: new Date("2026-11-03T08:05:00.000Z"),
      })
      .onConflictDoUpdate({
        target: [messageThreads.childId, messageThreads.teacherId, messageThreads.parentId],
        set: { lastMessageAt: new Date("2026-11-03T08:05:00.000Z") },
      })
      .returning({ id: messageThreads.id });
    await db.delete(messages).where(eq(messages.threadId, thread!.id));
    const at = (minute: number) => new Date(`2026-11-03T08:0${minute}:00.000Z`);
    // Oldest to newest: one alone, two in the same millisecond, then two more.
    const times = [at(1), at(2), at(2), at(3), at(4)];
    const sent = await db
      .insert(messages)
      .values(
        times.map((sentAt, n) => ({
          threadId: thread!.id,
          senderId: n % 2 === 0 ? parent.user.id : teacher.user.id,
          recipientId: n % 2 === 0 ? teacher.user.id : parent.user.id,
          content: `Message ${n}`,
          sentAt,
        })),
      )
      .returning({ id: messages.id, sentAt: messages.sentAt });
    const expected = [...sent]
      .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((message) => message.id);

    type MessagePage = { messages: { id: string }[]; has_older: boolean; older_cursor: string | null };
    const url = `/api/messaging/threads/${thread!.id}/messages?limit=3`;
    const latest: MessagePage = (await as(app, parent).get(url)).json();
    // The page of three ends inside the pair of same-millisecond messages.
    expect(latest.messages.map((message) => message.id)).toEqual(expected.slice(2));
    expect(latest).toMatchObject({ has_older: true });
    const older: MessagePage = (
      await as(app, parent).get(`${url}&before=${encodeURIComponent(latest.older_cursor!)}`)
    ).json();
    expect(older.messages.map((message) => message.id)).toEqual(expected.slice(0, 2));
    expect(older).toMatchObject({ has_older: false, older_cursor: null });

    const bad = await as(app, parent).get(`${url}&before=2026-11-03T08:02:00.000Z`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "cursor must come from the previous page" });
  });
});
