import type { AbsenceReason, ChildDayStatus, RosterChild, StaffLeaveItem } from "@sprout/shared/schemas/attendance";
import type { attendanceAbsences, attendanceStays, staffLeave } from "../../db/schema/attendance.ts";
import type { PickupOption } from "./pickups.ts";

type Stay = typeof attendanceStays.$inferSelect;
type Absence = typeof attendanceAbsences.$inferSelect;

/** A child's state today, from their latest stay of the day, an absence and their enrolment. */
export function dayStatus(
  studentStatus: string,
  latest: Stay | undefined,
  absence: Absence | undefined,
): ChildDayStatus {
  if (latest && !latest.checkOutAt) return "in";
  if (latest) return "out";
  if (absence) return "absent";
  if (studentStatus === "paused") return "paused";
  return "expected";
}

export function toRosterChild(input: {
  child: { id: string; firstName: string; lastName: string; avatarColor: string | null; status: string };
  latest: Stay | undefined;
  absence: Absence | undefined;
  notice: { reason: AbsenceReason; note: string; endDate: string } | undefined;
  forgotten: Stay | undefined;
  undo: RosterChild["undo"];
  pickups: PickupOption[];
}): RosterChild {
  const { child, latest, absence, notice } = input;
  return {
    student_id: child.id,
    first_name: child.firstName,
    last_name: child.lastName,
    avatar_color: child.avatarColor,
    status: dayStatus(child.status, latest, absence),
    stay_id: latest?.id ?? null,
    check_in_at: latest?.checkInAt.toISOString() ?? null,
    check_out_at: latest?.checkOutAt?.toISOString() ?? null,
    collected_by: latest?.collectedByName ?? null,
    absence_reason: absence?.reason ?? null,
    notice: notice ? { reason: notice.reason, note: notice.note, end_date: notice.endDate } : null,
    forgotten: input.forgotten
      ? { stay_id: input.forgotten.id, day: input.forgotten.day, check_in_at: input.forgotten.checkInAt.toISOString() }
      : null,
    undo: input.undo,
    pickup_people: input.pickups.map(({ id, name, relation, phone, kind, photo_url }) => ({
      id,
      name,
      relation,
      phone,
      kind,
      photo_url,
    })),
  };
}

/** A leave record with the staff member's name. */
export const toLeaveItem = (row: typeof staffLeave.$inferSelect, name: string): StaffLeaveItem => ({
  id: row.id,
  user_id: row.userId,
  name,
  start_date: row.startDate,
  end_date: row.endDate,
  leave_type: row.leaveType,
  note: row.note,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});
