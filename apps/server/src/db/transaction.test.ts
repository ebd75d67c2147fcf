import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_EMAILS, freshDatabase, testClock } from "../../test/harness.ts";
import { createNotificationsService } from "../modules/communication/notifications.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { notifications } from "./schema/communication.ts";
import { users } from "./schema/users.ts";
import { afterCommit, transaction } from "./transaction.ts";

/**
 * Issue 31, point 3: nothing is announced before its transaction commits. The bell's `notify` is
 * the write most often made inside another area's transaction (a message, a notice, a budget
 * request); what its event says must already be readable when the event arrives.
 */
const database = await freshDatabase(true);
afterAll(() => database.close());
const db = database.db;
const [parent] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));

/**
 * A publisher that records each event as it is sent (`sent`) and whether the bell line it names
 * could be read by another reader then (`heard`).
 */
function watching() {
  const sent: string[] = [];
  const heard: { id: string; readable: boolean }[] = [];
  const reads: Promise<void>[] = [];
  const publisher = {
    toUsers: (_userIds: readonly string[], _event: string, payload: { id: string }) => {
      sent.push(payload.id);
      reads.push(
        db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.id, payload.id))
          .then((rows) => void heard.push({ id: payload.id, readable: rows.length === 1 })),
      );
    },
  } as unknown as RealtimePublisher;
  return { publisher, sent, heard, settled: () => Promise.all(reads) };
}

const line = { kind: "message" as const, title: "Message from Priya", body: "Lunch was lovely", link: "/messaging" };

describe("events after commit", () => {
  it("a bell line written in a transaction is announced once it has committed, and is readable then", async () => {
    const { publisher, sent, heard, settled } = watching();
    const bell = createNotificationsService({ db, clock: testClock(), realtime: publisher });
    await transaction(db, async (tx) => {
      await bell.notify([parent!.id], line, tx);
      expect(sent).toEqual([]);
    });
    expect(sent).toHaveLength(1);
    await settled();
    expect(heard).toEqual([{ id: expect.any(String), readable: true }]);
  });

  it("a transaction that rolls back announces nothing and leaves no line", async () => {
    const { publisher, sent, settled } = watching();
    const bell = createNotificationsService({ db, clock: testClock(), realtime: publisher });
    const before = await db.select().from(notifications).where(eq(notifications.userId, parent!.id));
    await expect(
      transaction(db, async (tx) => {
        await bell.notify([parent!.id], line, tx);
        throw new Error("the write after it failed");
      }),
    ).rejects.toThrow("the write after it failed");
    await settled();
    expect(sent).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.userId, parent!.id))).toEqual(before);
  });

  it("without a transaction the line is announced at once; a transaction opened elsewhere is refused", async () => {
    const { publisher, heard, settled } = watching();
    const bell = createNotificationsService({ db, clock: testClock(), realtime: publisher });
    await bell.notify([parent!.id], line);
    await settled();
    expect(heard).toEqual([{ id: expect.any(String), readable: true }]);
    // Its commit cannot be seen from here, so an event queued on it could leave before the data.
    await db.transaction(async (tx) => {
      expect(() => afterCommit(tx, db, () => undefined)).toThrow(/transaction\(db, work\)/);
    });
  });
});
