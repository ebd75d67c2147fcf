import {
  ATTENDANCE_MESSAGES,
  type absentInput,
  type checkOutInput,
  type correctionInput,
  type Roster,
  type RosterChild,
  UNDO_WINDOW_MINUTES,
} from "@sprout/shared/schemas/attendance";
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { absenceNotices, attendanceAbsences, attendanceStays } from "../../db/schema/attendance.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import { type ChildAudience, childAudience } from "../../realtime/child-audience.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { pgCode } from "../classrooms/pg-error.ts";
import { type ChildInScope, childInScope, roomInScope } from "./lookup.ts";
import { pickupOptions } from "./pickups.ts";
import { assert, mayTakeAttendance } from "./policy.ts";
import { toRosterChild } from "./presenter.ts";
import { computeRatios } from "./ratios.ts";
import { centreDay, minutesBetween, tapTime } from "./time.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  mailer: Pick<Mailer, "send">;
}

/** The classroom roster and the taps on it: check-in, check-out, absent, undo, corrections. */
export function createRosterService({ db, clock, realtime, mailer }: Deps) {
  /**
   * The child's family, looked up before a write so that their event cannot fail after it; `changed`
   * runs only once the write has committed (a refused or rolled-back tap throws before it).
   */
  const familyOf = (child: { id: string }) => childAudience(db, realtime, [child.id]);

  /** The centre's staff refetch their views; the child's own family (only) refetches its home. */
  const changed = (child: { centerId: string; classroomId: string | null }, family: ChildAudience) => {
    realtime.toCentreStaff(child.centerId, "attendance-update", {
      center_id: child.centerId,
      classroom_id: child.classroomId,
    });
    family.tell("attendance");
  };

  async function staffChild(caller: Caller, studentId: string): Promise<ChildInScope> {
    assert(mayTakeAttendance(caller));
    const child = await childInScope(db, caller, studentId);
    if (child.status === "paused") throw conflict(ATTENDANCE_MESSAGES.paused);
    return child;
  }

  async function latestStay(studentId: string, day: string) {
    const [stay] = await db
      .select()
      .from(attendanceStays)
      .where(and(eq(attendanceStays.studentId, studentId), eq(attendanceStays.day, day)))
      .orderBy(desc(attendanceStays.checkInAt))
      .limit(1);
    return stay;
  }

  /** What the caller may still take back on this child: their own tap, within the window. */
  function undoable(
    caller: Caller,
    now: Date,
    stay: typeof attendanceStays.$inferSelect | undefined,
    absence: typeof attendanceAbsences.$inferSelect | undefined,
  ): RosterChild["undo"] {
    const recent = (at: Date | null) => at !== null && minutesBetween(at, now) <= UNDO_WINDOW_MINUTES;
    if (stay?.checkOutAt && stay.checkOutBy === caller.userId && recent(stay.checkOutAt)) return "check_out";
    if (stay && !stay.checkOutAt && stay.checkInBy === caller.userId && recent(stay.checkInAt)) return "check_in";
    if (!stay && absence && absence.markedBy === caller.userId && recent(absence.markedAt)) return "absent";
    return null;
  }

  /** Guardians with an e-mail address, told when someone not on the list collected their child. */
  async function tellFamily(child: ChildInScope, collectedBy: string, note: string, at: Date, timeZone: string) {
    const rows = await db
      .select({ email: guardians.email, language: users.language })
      .from(guardians)
      .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
      .leftJoin(users, eq(users.id, guardians.userId))
      .where(eq(studentGuardians.studentId, child.id));
    for (const { email, language } of rows) {
      if (!email?.includes("@")) continue;
      const { say, intl } = mailWords(language);
      const time = intl.formatDate(at, { timeZone, timeStyle: "short", dateStyle: "medium" });
      const values = { child: child.firstName, person: collectedBy, time, note };
      await mailer.send({
        to: email,
        subject: say("mail.pickupNotice.subject", values),
        text: say("mail.pickupNotice.body", values),
      });
    }
  }

  return {
    async roster(caller: Caller, classroomId: string): Promise<Roster> {
      assert(mayTakeAttendance(caller));
      const room = await roomInScope(db, caller, classroomId);
      const now = clock.now();
      const today = centreDay(room.timeZone, now);
      const kids = await db
        .select({
          id: students.id,
          firstName: students.firstName,
          lastName: students.lastName,
          avatarColor: students.avatarColor,
          status: students.status,
        })
        .from(students)
        .where(and(eq(students.classroomId, room.id), ne(students.status, "left")))
        .orderBy(asc(students.firstName), asc(students.lastName))
        // A classroom holds a few dozen children; the bound keeps a mis-filled room's answer bounded.
        .limit(200);
      const ids = kids.map((kid) => kid.id);
      const [stays, absences, notices, pickups, ratios, open] = await Promise.all([
        ids.length
          ? db
              .select()
              .from(attendanceStays)
              .where(and(inArray(attendanceStays.studentId, ids), eq(attendanceStays.day, today)))
              .orderBy(asc(attendanceStays.checkInAt))
          : [],
        ids.length
          ? db
              .select()
              .from(attendanceAbsences)
              .where(and(inArray(attendanceAbsences.studentId, ids), eq(attendanceAbsences.day, today)))
          : [],
        ids.length
          ? db
              .select()
              .from(absenceNotices)
              .where(
                and(
                  inArray(absenceNotices.studentId, ids),
                  lte(absenceNotices.startDate, today),
                  gte(absenceNotices.endDate, today),
                  isNull(absenceNotices.cancelledAt),
                ),
              )
          : [],
        pickupOptions(db, ids),
        computeRatios(db, room.centerId, today),
        ids.length
          ? db
              .select()
              .from(attendanceStays)
              .where(
                and(
                  inArray(attendanceStays.studentId, ids),
                  isNull(attendanceStays.checkOutAt),
                  ne(attendanceStays.day, today),
                ),
              )
          : [],
      ]);
      const forgotten = new Map(open.map((stay) => [stay.studentId, stay]));
      // Later stays overwrite earlier ones: the map keeps each child's latest of the day.
      const latest = new Map(stays.map((stay) => [stay.studentId, stay]));
      const absent = new Map(absences.map((row) => [row.studentId, row]));
      const notice = new Map(notices.map((row) => [row.studentId, row]));
      const children = kids.map((kid) =>
        toRosterChild({
          child: kid,
          latest: latest.get(kid.id),
          absence: absent.get(kid.id),
          notice: notice.get(kid.id),
          forgotten: forgotten.get(kid.id),
          undo: undoable(caller, now, latest.get(kid.id), absent.get(kid.id)),
          pickups: pickups.get(kid.id) ?? [],
        }),
      );
      const counts = { in: 0, out: 0, absent: 0, expected: 0, paused: 0 };
      for (const child of children) counts[child.status] += 1;
      return {
        date: today,
        classroom: { id: room.id, name: room.name, center_id: room.centerId },
        children,
        ratio: ratios.find((ratio) => ratio.classroom_id === room.id)!,
        counts,
      };
    },

    async checkIn(caller: Caller, studentId: string, via: "staff" | "kiosk" = "staff", tappedAt?: string) {
      const child = via === "kiosk" ? await childInScope(db, caller, studentId) : await staffChild(caller, studentId);
      if (child.status === "paused") throw conflict(ATTENDANCE_MESSAGES.paused);
      const now = tapTime(tappedAt, clock.now(), child.timeZone);
      const day = centreDay(child.timeZone, now);
      const family = await familyOf(child);
      await db.transaction(async (tx) => {
        // The partial unique index decides between concurrent taps: only one open stay is written.
        const inserted = await tx
          .insert(attendanceStays)
          .values({
            organisationId: child.organisationId,
            centerId: child.centerId,
            studentId: child.id,
            classroomId: child.classroomId,
            day,
            checkInAt: now,
            checkInBy: caller.userId,
          })
          .onConflictDoNothing()
          .returning({ id: attendanceStays.id });
        if (inserted.length === 0) {
          const [open] = await tx
            .select({ day: attendanceStays.day })
            .from(attendanceStays)
            .where(and(eq(attendanceStays.studentId, child.id), isNull(attendanceStays.checkOutAt)));
          throw conflict(open && open.day !== day ? ATTENDANCE_MESSAGES.forgotten : ATTENDANCE_MESSAGES.alreadyIn);
        }
        // A child marked absent who arrives after all is simply here.
        await tx
          .delete(attendanceAbsences)
          .where(and(eq(attendanceAbsences.studentId, child.id), eq(attendanceAbsences.day, day)));
      });
      changed(child, family);
      return { status: "in" as const, check_in_at: now.toISOString() };
    },

    async checkOut(caller: Caller, input: z.output<typeof checkOutInput>, via: "staff" | "kiosk" = "staff") {
      const child =
        via === "kiosk" ? await childInScope(db, caller, input.student_id) : await staffChild(caller, input.student_id);
      const [open] = await db
        .select()
        .from(attendanceStays)
        .where(and(eq(attendanceStays.studentId, child.id), isNull(attendanceStays.checkOutAt)));
      if (!open) throw conflict(ATTENDANCE_MESSAGES.notIn);
      if (open.day !== centreDay(child.timeZone, clock.now())) throw conflict(ATTENDANCE_MESSAGES.otherDay);
      const now = tapTime(input.tapped_at, clock.now(), child.timeZone);
      if (now < open.checkInAt) throw conflict(ATTENDANCE_MESSAGES.checkOutBeforeIn);
      let collectedBy: string;
      let pickupPersonId: string | null = null;
      if (input.pickup_person_id) {
        const options = (await pickupOptions(db, [child.id])).get(child.id) ?? [];
        const person = options.find((option) => option.id === input.pickup_person_id);
        if (!person)
          throw badRequest(ATTENDANCE_MESSAGES.unknownPickup, { pickup_person_id: ATTENDANCE_MESSAGES.unknownPickup });
        collectedBy = person.name;
        if (person.kind === "authorised") pickupPersonId = person.id;
      } else {
        collectedBy = input.override_name!;
      }
      const override = input.pickup_person_id ? null : input.override_note!;
      const family = await familyOf(child);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(attendanceStays)
          .set({
            checkOutAt: now,
            checkOutBy: caller.userId,
            pickupPersonId,
            collectedByName: collectedBy,
            overrideNote: override,
          })
          .where(and(eq(attendanceStays.id, open.id), isNull(attendanceStays.checkOutAt)))
          .returning({ id: attendanceStays.id });
        if (updated.length === 0) throw conflict(ATTENDANCE_MESSAGES.notIn);
        if (override)
          await writeAudit(tx, {
            organisationId: child.organisationId,
            actorId: caller.userId,
            action: "attendance.pickup_override",
            entity: "attendance_stay",
            entityId: open.id,
            after: { collected_by: collectedBy, note: override },
          });
      });
      changed(child, family);
      if (override) await tellFamily(child, collectedBy, override, now, child.timeZone);
      return { status: "out" as const, check_out_at: now.toISOString() };
    },

    async markAbsent(caller: Caller, input: z.output<typeof absentInput>) {
      const child = await staffChild(caller, input.student_id);
      const now = tapTime(input.tapped_at, clock.now(), child.timeZone);
      const day = centreDay(child.timeZone, now);
      if (await latestStay(child.id, day)) throw conflict(ATTENDANCE_MESSAGES.alreadyIn);
      const family = await familyOf(child);
      // One statement, committed on its own before the events leave.
      await db
        .insert(attendanceAbsences)
        .values({
          studentId: child.id,
          day,
          centerId: child.centerId,
          reason: input.reason,
          note: input.note,
          markedBy: caller.userId,
          markedAt: now,
        })
        .onConflictDoUpdate({
          target: [attendanceAbsences.studentId, attendanceAbsences.day],
          set: { reason: input.reason, note: input.note, markedBy: caller.userId, markedAt: now },
        });
      changed(child, family);
      return { status: "absent" as const };
    },

    /** Takes back the caller's own tap of the last few minutes; anything else is a correction. */
    async undo(caller: Caller, studentId: string, action: "check_in" | "check_out" | "absent") {
      const child = await staffChild(caller, studentId);
      const now = clock.now();
      const day = centreDay(child.timeZone, now);
      const stay = await latestStay(child.id, day);
      const [absence] = await db
        .select()
        .from(attendanceAbsences)
        .where(and(eq(attendanceAbsences.studentId, child.id), eq(attendanceAbsences.day, day)));
      const mine = (by: string | null) => {
        if (by !== caller.userId) throw conflict(ATTENDANCE_MESSAGES.undoNotYours);
      };
      const inWindow = (at: Date) => {
        if (minutesBetween(at, now) > UNDO_WINDOW_MINUTES) throw conflict(ATTENDANCE_MESSAGES.undoExpired);
      };
      const family = await familyOf(child);
      await db
        .transaction(async (tx) => {
          if (action === "check_in") {
            if (!stay || stay.checkOutAt) throw conflict(ATTENDANCE_MESSAGES.nothingToUndo);
            mine(stay.checkInBy);
            inWindow(stay.checkInAt);
            await tx
              .delete(attendanceStays)
              .where(and(eq(attendanceStays.id, stay.id), isNull(attendanceStays.checkOutAt)));
          } else if (action === "check_out") {
            if (!stay?.checkOutAt) throw conflict(ATTENDANCE_MESSAGES.nothingToUndo);
            mine(stay.checkOutBy);
            inWindow(stay.checkOutAt);
            await tx
              .update(attendanceStays)
              .set({
                checkOutAt: null,
                checkOutBy: null,
                pickupPersonId: null,
                collectedByName: null,
                overrideNote: null,
              })
              .where(eq(attendanceStays.id, stay.id));
          } else {
            if (!absence) throw conflict(ATTENDANCE_MESSAGES.nothingToUndo);
            mine(absence.markedBy);
            inWindow(absence.markedAt);
            await tx
              .delete(attendanceAbsences)
              .where(and(eq(attendanceAbsences.studentId, child.id), eq(attendanceAbsences.day, day)));
          }
          await writeAudit(tx, {
            organisationId: child.organisationId,
            actorId: caller.userId,
            action: `attendance.undo_${action}`,
            entity: "student",
            entityId: child.id,
            before: stay
              ? { check_in_at: stay.checkInAt, check_out_at: stay.checkOutAt }
              : { absence: absence?.reason },
          });
        })
        .catch((error: unknown) => {
          // Undoing a check-out while a newer stay is open would make two open stays.
          if (pgCode(error) === "23505") throw conflict(ATTENDANCE_MESSAGES.alreadyIn);
          throw error;
        });
      changed(child, family);
      return { undone: action };
    },

    /** A later change of a stay's times: needs a reason, stays on its day, and is audited. */
    async correct(caller: Caller, stayId: string, input: z.output<typeof correctionInput>) {
      assert(mayTakeAttendance(caller));
      const [stay] = await db.select().from(attendanceStays).where(eq(attendanceStays.id, stayId));
      if (!stay) throw notFound("Attendance record");
      const child = await childInScope(db, caller, stay.studentId).catch(() => {
        throw notFound("Attendance record");
      });
      const checkIn = new Date(input.check_in_at);
      const checkOut = input.check_out_at ? new Date(input.check_out_at) : null;
      const now = clock.now();
      if (checkIn > now || (checkOut && checkOut > now)) throw badRequest(ATTENDANCE_MESSAGES.futureTime);
      // A record of an earlier day left open keeps blocking the child's check-in: it must be closed.
      if (!checkOut && stay.day < centreDay(child.timeZone, now))
        throw badRequest(ATTENDANCE_MESSAGES.checkOutRequired, { check_out_at: ATTENDANCE_MESSAGES.checkOutRequired });
      if (checkOut && checkOut < checkIn)
        throw badRequest(ATTENDANCE_MESSAGES.checkOutBeforeIn, { check_out_at: ATTENDANCE_MESSAGES.checkOutBeforeIn });
      if (
        centreDay(child.timeZone, checkIn) !== stay.day ||
        (checkOut && centreDay(child.timeZone, checkOut) !== stay.day)
      )
        throw badRequest(ATTENDANCE_MESSAGES.correctionDay);
      const family = await familyOf(child);
      await db
        .transaction(async (tx) => {
          // The child's other visits of that day, locked so that two corrections cannot cross.
          const others = await tx
            .select({ checkInAt: attendanceStays.checkInAt, checkOutAt: attendanceStays.checkOutAt })
            .from(attendanceStays)
            .where(
              and(
                eq(attendanceStays.studentId, stay.studentId),
                eq(attendanceStays.day, stay.day),
                ne(attendanceStays.id, stay.id),
              ),
            )
            .for("update");
          const overlaps = (visit: (typeof others)[number]) =>
            (checkOut === null || visit.checkInAt < checkOut) &&
            (visit.checkOutAt === null || visit.checkOutAt > checkIn);
          if (others.some(overlaps)) throw badRequest(ATTENDANCE_MESSAGES.correctionOverlap);
          await tx
            .update(attendanceStays)
            .set({
              checkInAt: checkIn,
              checkOutAt: checkOut,
              checkOutBy: checkOut ? (stay.checkOutBy ?? caller.userId) : null,
            })
            .where(eq(attendanceStays.id, stay.id));
          await writeAudit(tx, {
            organisationId: child.organisationId,
            actorId: caller.userId,
            action: "attendance.correct",
            entity: "attendance_stay",
            entityId: stay.id,
            before: { check_in_at: stay.checkInAt.toISOString(), check_out_at: stay.checkOutAt?.toISOString() ?? null },
            after: {
              check_in_at: checkIn.toISOString(),
              check_out_at: checkOut?.toISOString() ?? null,
              reason: input.reason,
            },
          });
        })
        .catch((error: unknown) => {
          if (pgCode(error) === "23505") throw conflict(ATTENDANCE_MESSAGES.alreadyIn);
          throw error;
        });
      changed(child, family);
      return { id: stay.id, check_in_at: checkIn.toISOString(), check_out_at: checkOut?.toISOString() ?? null };
    },
  };
}
export type RosterService = ReturnType<typeof createRosterService>;
