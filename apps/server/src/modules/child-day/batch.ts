import type { ChildDayUpdateEvent } from "@sprout/shared/realtime/events";
import {
  BATCH_REFUSALS,
  type BatchInput,
  type BatchRefusal,
  type BatchSaved,
  CHILD_DAY_MESSAGES,
} from "@sprout/shared/schemas/child-day";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import { foodEntries, pottyEntries, sleepEntries, stars } from "../../db/schema/child-day.ts";
import { students } from "../../db/schema/children.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { HttpError } from "../../lib/errors.ts";
import { childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { tapTime } from "../attendance/time.ts";
import type { PushQueue } from "../push/area.ts";
import { checkDay, type DayChild, findDayChildren, recordingRooms } from "./lookup.ts";
import { assertMayRecord } from "./policy.ts";
import { pushDay } from "./push.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  push: Pick<PushQueue, "toFamilies">;
}

/** What each kind of batch writes, as the one-child routes name it in the audit and the events. */
const KINDS = {
  food: { action: "food_added", event: "food" },
  sleep: { action: "sleep_added", event: "sleep" },
  wake: { action: "sleep_ended", event: "sleep" },
  potty: { action: "potty_added", event: "potty" },
  star: { action: "star_awarded", event: "star" },
} as const satisfies Record<BatchInput["kind"], { action: string; event: ChildDayUpdateEvent["kind"] }>;

/** A refusal that names the children it is about, with the reason for each in `details`. */
function refusal(code: string, message: string, children: DayChild[], reasons: Map<string, BatchRefusal>) {
  const named = children.filter((child) => reasons.has(child.id));
  const nameOf = (child: DayChild) => `${child.firstName} ${child.lastName}`.trim();
  const list = named.map((child) => `${nameOf(child)} (${BATCH_REFUSALS[reasons.get(child.id)!]})`).join(", ");
  return new HttpError(409, code, `${message} ${list}`, Object.fromEntries(reasons));
}

/**
 * One log for several children of a teacher's classrooms (issue 30, point 9). Each child gets the
 * entry, the audit row and the event a one-child log gives them; the batch is written in one
 * transaction, so either every child gets it or none does.
 */
export function createBatchService({ db, clock, realtime, push }: Deps) {
  /**
   * Children who were not at the centre that day. A batch is "the children in the room", so a
   * child never checked in is refused as well as one marked absent: selecting all must not tell
   * a family their child napped at the centre on a day at home. (A one-child log still accepts a
   * child not checked in: that is a deliberate tap on a child the teacher sees.)
   */
  async function notHere(tx: Database, children: DayChild[], day: string) {
    const ids = children.map((child) => child.id);
    const [stays, absences] = await Promise.all([
      tx
        .selectDistinct({ id: attendanceStays.studentId })
        .from(attendanceStays)
        .where(and(inArray(attendanceStays.studentId, ids), eq(attendanceStays.day, day))),
      tx
        .select({ id: attendanceAbsences.studentId })
        .from(attendanceAbsences)
        .where(and(inArray(attendanceAbsences.studentId, ids), eq(attendanceAbsences.day, day))),
    ]);
    const checkedIn = new Set(stays.map((row) => row.id));
    const absent = new Set(absences.map((row) => row.id));
    const reasons = new Map<string, BatchRefusal>();
    for (const id of ids) {
      if (checkedIn.has(id)) continue;
      reasons.set(id, absent.has(id) ? "absent" : "not_checked_in");
    }
    return reasons;
  }

  /** The children's rows, locked in one order so that two batches over the same children take turns. */
  const lock = (tx: Database, ids: string[]) =>
    tx
      .select({ id: students.id })
      .from(students)
      .where(inArray(students.id, ids))
      .orderBy(asc(students.id))
      .for("update");

  /** Writes the entries; answers each child's entry id and what its audit row says. */
  async function write(
    tx: Database,
    caller: Caller,
    input: BatchInput,
    children: DayChild[],
  ): Promise<{ childId: string; id: string; after: unknown; before?: unknown }[]> {
    const tapped = "tapped_at" in input ? input.tapped_at : undefined;
    const base = (child: DayChild, notes = "") => ({
      studentId: child.id,
      centerId: child.centerId,
      day: input.date,
      notes,
      recordedBy: caller.userId,
      createdAt: tapTime(tapped, clock.now(), child.timeZone, input.date),
    });
    const ids = children.map((child) => child.id);
    switch (input.kind) {
      case "food": {
        const rows = await tx
          .insert(foodEntries)
          .values(
            input.entries.map((entry, index) => ({
              ...base(children[index]!, entry.notes),
              mealType: input.meal_type,
              foodConsumed: entry.food_consumed,
            })),
          )
          .returning({ id: foodEntries.id, childId: foodEntries.studentId });
        const byChild = new Map(input.entries.map((entry) => [entry.child_id, entry]));
        return rows.map((row) => ({
          ...row,
          after: { ...byChild.get(row.childId), date: input.date, meal_type: input.meal_type },
        }));
      }
      case "sleep": {
        await lock(tx, ids);
        const end = input.end_time || null;
        // Times are HH:MM of one day, so text order is time order; an open nap lasts until midnight.
        const clashes = await tx
          .selectDistinct({ id: sleepEntries.studentId })
          .from(sleepEntries)
          .where(
            and(
              inArray(sleepEntries.studentId, ids),
              eq(sleepEntries.day, input.date),
              sql`${sleepEntries.startTime} < ${end ?? "24:00"}`,
              or(isNull(sleepEntries.endTime), sql`${sleepEntries.endTime} > ${input.start_time}`),
            ),
          );
        if (clashes.length > 0)
          throw refusal(
            "CONFLICT",
            CHILD_DAY_MESSAGES.batchAsleep,
            children,
            new Map(clashes.map((row) => [row.id, "asleep"])),
          );
        const rows = await tx
          .insert(sleepEntries)
          .values(children.map((child) => ({ ...base(child, input.notes), startTime: input.start_time, endTime: end })))
          .returning({ id: sleepEntries.id, childId: sleepEntries.studentId });
        const { date, start_time, end_time, notes } = input;
        return rows.map((row) => ({ ...row, after: { child_id: row.childId, date, start_time, end_time, notes } }));
      }
      case "wake": {
        await lock(tx, ids);
        const open = await tx
          .select({ id: sleepEntries.id, childId: sleepEntries.studentId, startTime: sleepEntries.startTime })
          .from(sleepEntries)
          .where(
            and(inArray(sleepEntries.studentId, ids), eq(sleepEntries.day, input.date), isNull(sleepEntries.endTime)),
          );
        const napOf = new Map(open.map((nap) => [nap.childId, nap]));
        const awake = ids.filter((id) => {
          const nap = napOf.get(id);
          return !nap || nap.startTime >= input.end_time;
        });
        if (awake.length > 0)
          throw refusal(
            "CONFLICT",
            CHILD_DAY_MESSAGES.batchNotAsleep,
            children,
            new Map(awake.map((id) => [id, "not_asleep"])),
          );
        // An open nap is the child's last of the day (overlaps are refused), so ending it clashes with nothing.
        await tx
          .update(sleepEntries)
          .set({ endTime: input.end_time })
          .where(
            inArray(
              sleepEntries.id,
              [...napOf.values()].map((nap) => nap.id),
            ),
          );
        return [...napOf.values()].map((nap) => ({
          id: nap.id,
          childId: nap.childId,
          after: { end_time: input.end_time },
          before: { end_time: null },
        }));
      }
      case "potty": {
        const rows = await tx
          .insert(pottyEntries)
          .values(
            children.map((child) => ({
              ...base(child, input.notes),
              type: input.type,
              diaperStatus: input.diaper_status,
            })),
          )
          .returning({ id: pottyEntries.id, childId: pottyEntries.studentId });
        const { date, type, diaper_status, notes } = input;
        return rows.map((row) => ({ ...row, after: { child_id: row.childId, date, type, diaper_status, notes } }));
      }
      case "star": {
        const rows = await tx
          .insert(stars)
          .values(children.map((child) => ({ ...base(child), reason: input.reason })))
          .returning({ id: stars.id, childId: stars.studentId });
        return rows.map((row) => ({ ...row, after: { child_id: row.childId, reason: input.reason } }));
      }
    }
  }

  return {
    async log(caller: Caller, input: BatchInput): Promise<BatchSaved> {
      const ids = input.kind === "food" ? input.entries.map((entry) => entry.child_id) : input.child_ids;
      // Scope first (another centre's child is 404 for the whole batch), then the teacher's rooms.
      const children = await findDayChildren(db, caller, ids);
      const rooms = await recordingRooms(db, caller);
      for (const child of children) {
        assertMayRecord(caller, child, rooms);
        checkDay(clock, child, input.date);
      }
      const { action, event } = KINDS[input.kind];
      const audience = await childAudience(db, realtime, ids);
      await transaction(db, async (tx) => {
        const away = await notHere(tx, children, input.date);
        if (away.size > 0) throw refusal("NOT_HERE", CHILD_DAY_MESSAGES.notHere, children, away);
        for (const entry of await write(tx, caller, input, children))
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: `child_day.${action}`,
            entity: "child_day",
            entityId: entry.id,
            before: entry.before,
            after: entry.after,
          });
        // One push per child, as a one-child log gives: a family with one child in the room gets one.
        if (input.kind !== "star")
          await pushDay(push, tx, ids, input.kind === "food" ? { kind: "food", meal: input.meal_type } : input);
      });
      audience.tellDay(input.date, event);
      return { kind: input.kind, date: input.date, saved: children.length, child_ids: ids };
    },
  };
}
export type BatchService = ReturnType<typeof createBatchService>;
