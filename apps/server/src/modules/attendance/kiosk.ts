import { english } from "@sprout/shared/i18n/english";
import {
  ATTENDANCE_MESSAGES,
  KIOSK_PIN_FREE_TRIES,
  type KioskMatches,
  type kioskChildAction,
} from "@sprout/shared/schemas/attendance";
import { and, asc, eq, ilike, isNull, ne, or } from "drizzle-orm";
import type { z } from "zod";
import type { AttemptCounter, AttemptPolicy } from "../../auth/attempts.ts";
import type { Caller } from "../../auth/caller.ts";
import { verifyPassword } from "../../auth/passwords.ts";
import type { Database } from "../../db/client.ts";
import { attendanceStays, kioskPins } from "../../db/schema/attendance.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import { badRequest, HttpError, notFound } from "../../lib/errors.ts";
import type { DutyService } from "./duty.ts";
import { childInScope } from "./lookup.ts";
import { assert, chosenCentre, mayRunKiosk } from "./policy.ts";
import type { RosterService } from "./roster.ts";

/** Five tries, then 1, 2, 4 ... minutes (at most 15) before the next; quiet for 15 minutes resets. */
const PIN_POLICY: AttemptPolicy = {
  free: KIOSK_PIN_FREE_TRIES,
  baseSeconds: 60,
  growth: 2,
  capSeconds: 900,
  idleSeconds: 900,
};
const locked = () => new HttpError(429, "PIN_LOCKED", ATTENDANCE_MESSAGES.pinLocked);

/** A centre tablet in kiosk mode: families and staff identify with their own 4-digit PIN. */
export function createKioskService(deps: {
  db: Database;
  attempts: AttemptCounter;
  roster: RosterService;
  duty: DutyService;
}) {
  const { db, attempts, roster, duty } = deps;

  /** Whether one of these sign-ins' PINs is the one typed; the count was taken before looking. */
  async function pinMatches(userIds: string[], pin: string): Promise<string | null> {
    for (const userId of userIds) {
      const [row] = await db.select({ hash: kioskPins.pinHash }).from(kioskPins).where(eq(kioskPins.userId, userId));
      if (row && (await verifyPassword(row.hash, pin))) return userId;
    }
    return null;
  }

  return {
    async search(caller: Caller, centerId: string | undefined, q: string): Promise<KioskMatches> {
      assert(mayRunKiosk(caller));
      const id = chosenCentre(caller, await caller.scope(), centerId);
      const pattern = `${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const [kids, people] = await Promise.all([
        db
          .select({
            id: students.id,
            first: students.firstName,
            last: students.lastName,
            status: students.status,
            room: classrooms.name,
            open: attendanceStays.id,
          })
          .from(students)
          .leftJoin(classrooms, eq(classrooms.id, students.classroomId))
          .leftJoin(
            attendanceStays,
            and(eq(attendanceStays.studentId, students.id), isNull(attendanceStays.checkOutAt)),
          )
          .where(
            and(
              eq(students.centerId, id),
              ne(students.status, "left"),
              or(ilike(students.firstName, pattern), ilike(students.lastName, pattern)),
            ),
          )
          .orderBy(asc(students.firstName))
          .limit(12),
        db
          .select({ userId: staff.userId, first: staff.firstName, last: staff.lastName })
          .from(staff)
          .where(
            and(
              eq(staff.centerId, id),
              eq(staff.activeStatus, true),
              or(ilike(staff.firstName, pattern), ilike(staff.lastName, pattern)),
            ),
          )
          .orderBy(asc(staff.firstName))
          .limit(6),
      ]);
      return {
        children: kids.map((kid) => ({
          student_id: kid.id,
          name: `${kid.first} ${kid.last}`.trim(),
          classroom_name: kid.room,
          status: kid.status === "paused" ? "paused" : kid.open ? "in" : "expected",
        })),
        staff: people.map((person) => ({ user_id: person.userId, name: `${person.first} ${person.last}`.trim() })),
      };
    },

    /** A parent checks their own child in or out with their PIN; they are who collected the child. */
    async childAction(caller: Caller, input: z.output<typeof kioskChildAction>) {
      assert(mayRunKiosk(caller));
      const child = await childInScope(db, caller, input.student_id);
      const family = await db
        .select({ userId: guardians.userId, guardianId: guardians.id })
        .from(guardians)
        .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
        .where(eq(studentGuardians.studentId, child.id));
      const reservation = await attempts.reserve("kiosk-child", child.id, PIN_POLICY);
      if (!reservation.allowed) throw locked();
      const userIds = family.flatMap((row) => (row.userId ? [row.userId] : []));
      const match = await pinMatches(userIds, input.pin);
      if (!match) {
        const anyPin = userIds.length
          ? (
              await Promise.all(
                userIds.map((userId) => db.select().from(kioskPins).where(eq(kioskPins.userId, userId))),
              )
            ).flat().length > 0
          : false;
        throw badRequest(anyPin ? ATTENDANCE_MESSAGES.pinWrong : ATTENDANCE_MESSAGES.noPin, {
          pin: ATTENDANCE_MESSAGES.pinWrong,
        });
      }
      await attempts.clear("kiosk-child", child.id);
      const guardianId = family.find((row) => row.userId === match)!.guardianId;
      if (input.action === "check_in") {
        await roster.checkIn(caller, child.id, "kiosk");
        return {
          message: english("attendance.server.kioskCheckedIn", { name: child.firstName }),
          status: "in" as const,
        };
      }
      await roster.checkOut(caller, { student_id: child.id, pickup_person_id: guardianId }, "kiosk");
      return {
        message: english("attendance.server.kioskCheckedOut", { name: child.firstName }),
        status: "out" as const,
      };
    },

    /** A member of staff clocks in or out at the kiosk with their own PIN. */
    async staffAction(caller: Caller, userId: string, pin: string) {
      assert(mayRunKiosk(caller));
      const scope = await caller.scope();
      const [person] = await db
        .select({ centerId: staff.centerId, name: staff.firstName })
        .from(staff)
        .where(and(eq(staff.userId, userId), eq(staff.activeStatus, true)));
      if (!person || !scope.centerIds.includes(person.centerId)) throw notFound("Staff member");
      const reservation = await attempts.reserve("kiosk-staff", userId, PIN_POLICY);
      if (!reservation.allowed) throw locked();
      if (!(await pinMatches([userId], pin)))
        throw badRequest(ATTENDANCE_MESSAGES.pinWrong, { pin: ATTENDANCE_MESSAGES.pinWrong });
      await attempts.clear("kiosk-staff", userId);
      const result = await duty.toggle(userId);
      return {
        message:
          result.status === "in"
            ? english("attendance.server.kioskClockedIn", { name: person.name })
            : english("attendance.server.kioskClockedOut", { name: person.name }),
        status: result.status,
      };
    },

    /** Leaving kiosk mode: the member of staff who opened it signs in again. */
    async unlock(caller: Caller, password: string) {
      assert(mayRunKiosk(caller));
      const reservation = await attempts.reserve("kiosk-unlock", caller.userId, PIN_POLICY);
      if (!reservation.allowed) throw locked();
      const [me] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
      if (!(await verifyPassword(me?.hash ?? null, password)))
        throw badRequest(english("server.kioskPasswordWrong"), { password: english("server.kioskPasswordWrong") });
      await attempts.clear("kiosk-unlock", caller.userId);
      return { unlocked: true };
    },
  };
}
export type KioskService = ReturnType<typeof createKioskService>;
