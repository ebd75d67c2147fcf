import {
  ATTENDANCE_MESSAGES,
  type absenceNoticeInput,
  type ParentDay,
  pinInput,
} from "@sprout/shared/schemas/attendance";
import { and, asc, eq, gte, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { Database } from "../../db/client.ts";
import { absenceNotices, attendanceAbsences, attendanceStays, kioskPins } from "../../db/schema/attendance.ts";
import { students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { childInScope } from "./lookup.ts";
import { dayStatus } from "./presenter.ts";
import { centreDay } from "./time.ts";

const MAX_NOTICE_DAYS = 60;

/** A parent's side: today's times, advance absence notices, and their kiosk PIN. */
export function createFamilyService({
  db,
  clock,
  realtime,
}: {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
}) {
  return {
    async today(caller: Caller): Promise<ParentDay> {
      const scope = await caller.scope();
      const ids = scope.childIds ?? [];
      const now = clock.now();
      const kids = ids.length
        ? await db
            .select({
              id: students.id,
              firstName: students.firstName,
              status: students.status,
              timeZone: centers.timeZone,
            })
            .from(students)
            .innerJoin(centers, eq(centers.id, students.centerId))
            .where(and(inArray(students.id, ids)))
            .orderBy(asc(students.firstName))
        : [];
      const active = kids.filter((kid) => kid.status !== "left");
      // A family's children may be at centres in different zones: each child's own today.
      const dayOf = new Map(active.map((kid) => [kid.id, centreDay(kid.timeZone, now)]));
      const activeIds = active.map((kid) => kid.id);
      const [stays, absences, notices, pin] = await Promise.all([
        activeIds.length
          ? db
              .select()
              .from(attendanceStays)
              .where(
                and(
                  inArray(attendanceStays.studentId, activeIds),
                  inArray(attendanceStays.day, [...new Set(dayOf.values())]),
                ),
              )
              .orderBy(asc(attendanceStays.checkInAt))
          : [],
        activeIds.length
          ? db
              .select()
              .from(attendanceAbsences)
              .where(
                and(
                  inArray(attendanceAbsences.studentId, activeIds),
                  inArray(attendanceAbsences.day, [...new Set(dayOf.values())]),
                ),
              )
          : [],
        activeIds.length
          ? db
              .select()
              .from(absenceNotices)
              .where(
                and(
                  inArray(absenceNotices.studentId, activeIds),
                  isNull(absenceNotices.cancelledAt),
                  gte(absenceNotices.endDate, [...dayOf.values()].sort()[0]!),
                ),
              )
              .orderBy(asc(absenceNotices.startDate))
              .limit(50)
          : [],
        db.select({ at: kioskPins.updatedAt }).from(kioskPins).where(eq(kioskPins.userId, caller.userId)),
      ]);
      const first = new Map(active.map((kid) => [kid.id, kid.firstName]));
      return {
        date: [...dayOf.values()][0] ?? centreDay("Asia/Kolkata", now),
        children: active.map((kid) => {
          const mine = stays.filter((stay) => stay.studentId === kid.id && stay.day === dayOf.get(kid.id));
          const earliest = mine[0];
          const latest = mine[mine.length - 1];
          const absence = absences.find((row) => row.studentId === kid.id && row.day === dayOf.get(kid.id));
          return {
            student_id: kid.id,
            first_name: kid.firstName,
            status: dayStatus(kid.status, latest, absence),
            check_in_at: earliest?.checkInAt.toISOString() ?? null,
            check_out_at: latest?.checkOutAt?.toISOString() ?? null,
            collected_by: latest?.collectedByName ?? null,
          };
        }),
        notices: notices.map((notice) => ({
          id: notice.id,
          student_id: notice.studentId,
          first_name: first.get(notice.studentId) ?? "",
          start_date: notice.startDate,
          end_date: notice.endDate,
          reason: notice.reason,
          note: notice.note,
        })),
        has_pin: pin.length > 0,
      };
    },

    async notify(caller: Caller, input: z.output<typeof absenceNoticeInput>) {
      const child = await childInScope(db, caller, input.student_id);
      const today = centreDay(child.timeZone, clock.now());
      if (input.start_date < today)
        throw badRequest(ATTENDANCE_MESSAGES.noticePast, { start_date: ATTENDANCE_MESSAGES.noticePast });
      const days = (Date.parse(input.end_date) - Date.parse(input.start_date)) / 86_400_000 + 1;
      if (days > MAX_NOTICE_DAYS)
        throw badRequest(ATTENDANCE_MESSAGES.noticeTooLong, { end_date: ATTENDANCE_MESSAGES.noticeTooLong });
      const [row] = await db
        .insert(absenceNotices)
        .values({
          studentId: child.id,
          centerId: child.centerId,
          startDate: input.start_date,
          endDate: input.end_date,
          reason: input.reason,
          note: input.note,
          createdBy: caller.userId,
          createdAt: clock.now(),
        })
        .returning({ id: absenceNotices.id });
      realtime.toCentreStaff(child.centerId, "attendance-update", {
        center_id: child.centerId,
        classroom_id: child.classroomId,
      });
      return { id: row!.id };
    },

    async cancelNotice(caller: Caller, id: string) {
      const scope = await caller.scope();
      const ids = scope.childIds ?? [];
      if (ids.length === 0) throw notFound("Absence notice");
      const cancelled = await db
        .update(absenceNotices)
        .set({ cancelledAt: clock.now() })
        .where(
          and(eq(absenceNotices.id, id), inArray(absenceNotices.studentId, ids), isNull(absenceNotices.cancelledAt)),
        )
        .returning({ centerId: absenceNotices.centerId });
      if (cancelled.length === 0) throw notFound("Absence notice");
      realtime.toCentreStaff(cancelled[0]!.centerId, "attendance-update", {
        center_id: cancelled[0]!.centerId,
        classroom_id: null,
      });
      return { id };
    },

    /** Sets the caller's own kiosk PIN; only its hash is kept. */
    async setPin(caller: Caller, pin: string) {
      pinInput.parse({ pin });
      const pinHash = await hashPassword(pin);
      const now = clock.now();
      await db
        .insert(kioskPins)
        .values({ userId: caller.userId, pinHash, updatedAt: now })
        .onConflictDoUpdate({ target: kioskPins.userId, set: { pinHash, updatedAt: now } });
      return { has_pin: true };
    },
  };
}
export type FamilyService = ReturnType<typeof createFamilyService>;
