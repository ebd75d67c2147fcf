import { z } from "zod";
import { english } from "../i18n/english.ts";
import { tappedAt } from "../offline.ts";
import { isIsoInstant, isoDateField, safeString } from "./primitives.ts";

/** Attendance (issue 11): the roster, pick-up safety, ratios, staff on duty, headcount, kiosk. */

export const ABSENCE_REASONS = ["sick", "holiday", "other"] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];
export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  sick: "Sick",
  holiday: "Holiday",
  other: "Other",
};

export const AGE_BANDS = ["under_3", "three_to_six"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  under_3: "Under 3 years",
  three_to_six: "3 to 6 years",
};
/**
 * Children per adult when a centre has not set its own. Source: India's National Early Childhood
 * Care and Education (ECCE) Policy, 2013 (Ministry of Women and Child Development), which sets an
 * adult:child ratio of 1:10 for children under 3 and 1:20 for children of 3 to 6 (see
 * docs/decisions.md). A centre may set stricter figures.
 */
export const DEFAULT_CHILDREN_PER_STAFF: Record<AgeBand, number> = { under_3: 10, three_to_six: 20 };

/** A mistaken tap can be taken back for this long; after that a correction with a reason. */
export const UNDO_WINDOW_MINUTES = 5;
/**
 * A centre's shift length when it has not set one: clocked time in a day beyond the shift is
 * overtime (the Staff Present card's overtime count, the staff hours report).
 */
export const DEFAULT_SHIFT_HOURS = 9;

export const LEAVE_TYPES = ["sick", "casual", "other"] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = { sick: "Sick", casual: "Casual", other: "Other" };
export const LEAVE_STATUSES = ["requested", "approved", "declined", "cancelled"] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  declined: "Declined",
  cancelled: "Cancelled",
};
/** Kiosk PIN tries per child (or staff member) before the kiosk waits. */
export const KIOSK_PIN_FREE_TRIES = 5;

export const ATTENDANCE_MESSAGES = {
  alreadyIn: english("attendance.alreadyIn"),
  notIn: english("attendance.notIn"),
  paused: english("attendance.paused"),
  left: english("attendance.left"),
  checkOutBeforeIn: english("attendance.checkOutBeforeIn"),
  forgotten: english("attendance.forgotten"),
  otherDay: english("attendance.otherDay"),
  undoExpired: english("attendance.undoExpired", { minutes: UNDO_WINDOW_MINUTES }),
  undoNotYours: english("attendance.undoNotYours"),
  nothingToUndo: english("attendance.nothingToUndo"),
  pickupRequired: english("attendance.pickupRequired"),
  overrideNote: english("attendance.overrideNote"),
  overrideName: english("attendance.overrideName"),
  unknownPickup: english("attendance.unknownPickup"),
  reasonRequired: english("attendance.reasonRequired"),
  absenceReason: english("attendance.absenceReason"),
  futureTime: english("attendance.futureTime"),
  correctionDay: english("attendance.correctionDay"),
  correctionOverlap: english("attendance.correctionOverlap"),
  checkInTime: english("attendance.checkInTime"),
  checkOutTime: english("attendance.checkOutTime"),
  checkOutRequired: english("attendance.checkOutRequired"),
  shiftLeftOpen: english("attendance.shiftLeftOpen"),
  endBeforeStart: english("attendance.endBeforeStart"),
  noticePast: english("attendance.noticePast"),
  noticeTooLong: english("attendance.noticeTooLong"),
  alreadyClockedIn: english("attendance.alreadyClockedIn"),
  notClockedIn: english("attendance.notClockedIn"),
  pinFormat: english("attendance.pinFormat"),
  pinWrong: english("attendance.pinWrong"),
  pinLocked: english("attendance.pinLocked"),
  noPin: english("attendance.noPin"),
  noAlert: english("attendance.noAlert"),
  notCheckedInNow: english("attendance.notCheckedInNow"),
  chooseCentre: english("attendance.chooseCentre"),
  nameRequired: english("attendance.nameRequired"),
  relationRequired: english("attendance.relationRequired"),
  phoneRequired: english("attendance.phoneRequired"),
  ratioRange: english("attendance.ratioRange"),
  shiftRange: english("attendance.shiftRange"),
  leaveFirstDay: english("attendance.leaveFirstDay"),
  leaveLastDay: english("attendance.leaveLastDay"),
  leaveType: english("attendance.leaveType"),
  leaveTooLong: english("attendance.leaveTooLong"),
  leaveDecided: english("attendance.leaveDecided"),
  leaveNotStaff: english("attendance.leaveNotStaff"),
  leaveEnded: english("attendance.leaveEnded"),
} as const;

const uuidField = z.uuid();
const note = (max: number) => safeString().trim().max(max);

export const rosterQuery = z.object({ classroom_id: z.uuid() });
export const centreQuery = z.object({ center_id: z.uuid().optional() });
export const childParams = z.object({ studentId: z.uuid() });
export const stayParams = z.object({ id: z.uuid() });

export const checkInInput = z.object({ student_id: uuidField, tapped_at: tappedAt });

/** Who collected the child: someone on the list, or a named override with a note. */
export const checkOutInput = z
  .object({
    student_id: uuidField,
    pickup_person_id: z.uuid().nullish(),
    override_name: note(120).optional(),
    override_note: note(500).optional(),
    tapped_at: tappedAt,
  })
  .superRefine((value, ctx) => {
    if (value.pickup_person_id) return;
    if (!value.override_name && !value.override_note) {
      ctx.addIssue({ code: "custom", path: ["pickup_person_id"], message: ATTENDANCE_MESSAGES.pickupRequired });
      return;
    }
    if (!value.override_name)
      ctx.addIssue({ code: "custom", path: ["override_name"], message: ATTENDANCE_MESSAGES.overrideName });
    if (!value.override_note)
      ctx.addIssue({ code: "custom", path: ["override_note"], message: ATTENDANCE_MESSAGES.overrideNote });
  });

export const absentInput = z.object({
  student_id: uuidField,
  reason: z.enum(ABSENCE_REASONS, { error: ATTENDANCE_MESSAGES.absenceReason }),
  note: note(500).default(""),
  tapped_at: tappedAt,
});

export const undoInput = z.object({
  student_id: uuidField,
  action: z.enum(["check_in", "check_out", "absent"]),
});

const isoInstant = safeString().refine(isIsoInstant, {
  message: english("attendance.validTime"),
});

const correctionReason = safeString().trim().min(3, ATTENDANCE_MESSAGES.reasonRequired).max(500);

export const correctionInput = z.object({
  check_in_at: isoInstant,
  check_out_at: isoInstant.nullable(),
  reason: correctionReason,
});

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * The "Correct times" form: wall-clock times ("HH:MM") on the record's day at the centre. A record
 * of an earlier day (a forgotten check-out) must be closed, or it keeps blocking the child's
 * check-in.
 */
export const correctionForm = (earlierDay: boolean) =>
  z
    .object({
      check_in_time: safeString().regex(CLOCK_TIME, ATTENDANCE_MESSAGES.checkInTime),
      check_out_time: safeString().refine((value) => value === "" || CLOCK_TIME.test(value), {
        message: ATTENDANCE_MESSAGES.checkOutTime,
      }),
      reason: correctionReason,
    })
    .superRefine((value, ctx) => {
      if (earlierDay && value.check_out_time === "")
        ctx.addIssue({ code: "custom", path: ["check_out_time"], message: ATTENDANCE_MESSAGES.checkOutRequired });
      if (value.check_out_time !== "" && value.check_out_time < value.check_in_time)
        ctx.addIssue({ code: "custom", path: ["check_out_time"], message: ATTENDANCE_MESSAGES.checkOutBeforeIn });
    });

/** The UTC offset of a time zone at an instant, in milliseconds. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant of a wall-clock time ("HH:MM") on a calendar day ("YYYY-MM-DD") in a time zone. */
export function wallClockInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  // A second look settles a day when the zone's offset changes (summer time).
  return new Date(wall - offsetAt(first, timeZone));
}

export const pickupPersonInput = z.object({
  name: safeString().trim().min(1, ATTENDANCE_MESSAGES.nameRequired).max(120),
  relation: safeString().trim().min(1, ATTENDANCE_MESSAGES.relationRequired).max(60),
  phone: safeString()
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, ATTENDANCE_MESSAGES.phoneRequired),
});
export type PickupPersonInput = z.input<typeof pickupPersonInput>;
export const pickupParams = z.object({ studentId: z.uuid(), id: z.uuid() });

export const absenceNoticeInput = z
  .object({
    student_id: uuidField,
    start_date: isoDateField(english("attendance.chooseFirstDay")),
    end_date: isoDateField(english("attendance.chooseLastDay")),
    reason: z.enum(ABSENCE_REASONS, { error: ATTENDANCE_MESSAGES.absenceReason }),
    note: note(500).default(""),
  })
  .refine((value) => value.end_date >= value.start_date, {
    path: ["end_date"],
    message: ATTENDANCE_MESSAGES.endBeforeStart,
  });
export type AbsenceNoticeInput = z.input<typeof absenceNoticeInput>;

export const ratioSettingsInput = z.object({
  center_id: z.uuid().optional(),
  children_per_staff: z.object(
    Object.fromEntries(
      AGE_BANDS.map((band) => [
        band,
        z
          .number()
          .int(ATTENDANCE_MESSAGES.ratioRange)
          .min(1, ATTENDANCE_MESSAGES.ratioRange)
          .max(40, ATTENDANCE_MESSAGES.ratioRange),
      ]),
    ) as Record<AgeBand, z.ZodNumber>,
  ),
  classroom_bands: z.array(z.object({ classroom_id: z.uuid(), age_band: z.enum(AGE_BANDS).nullable() })).max(100),
  /** Left out: the centre's shift length stays as it is. */
  shift_hours: z
    .number()
    .int(ATTENDANCE_MESSAGES.shiftRange)
    .min(4, ATTENDANCE_MESSAGES.shiftRange)
    .max(14, ATTENDANCE_MESSAGES.shiftRange)
    .optional(),
});

/** The longest leave one record may cover (longer absences are an exit or a pause of work). */
export const LEAVE_MAX_DAYS = 60;
const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export const staffLeaveInput = z
  .object({
    /** Someone else's leave, recorded by the centre's management; absent: the caller's own. */
    user_id: z.uuid().optional(),
    start_date: isoDateField(ATTENDANCE_MESSAGES.leaveFirstDay),
    end_date: isoDateField(ATTENDANCE_MESSAGES.leaveLastDay),
    leave_type: z.enum(LEAVE_TYPES, { error: ATTENDANCE_MESSAGES.leaveType }),
    note: note(500).default(""),
  })
  .refine((value) => value.end_date >= value.start_date, {
    path: ["end_date"],
    message: ATTENDANCE_MESSAGES.endBeforeStart,
  })
  .refine(
    (value) => value.end_date < value.start_date || dayCount(value.start_date, value.end_date) <= LEAVE_MAX_DAYS,
    {
      path: ["end_date"],
      message: ATTENDANCE_MESSAGES.leaveTooLong,
    },
  );
export const leaveDecisionInput = z.object({ status: z.enum(["approved", "declined"]) });
export const LEAVE_PAGE_SIZE = 10;
export const staffLeaveQuery = z.object({
  center_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(LEAVE_PAGE_SIZE),
});

export const pinInput = z.object({ pin: safeString().regex(/^\d{4}$/, ATTENDANCE_MESSAGES.pinFormat) });

export const kioskChildAction = z.object({
  student_id: uuidField,
  pin: safeString().regex(/^\d{4}$/, ATTENDANCE_MESSAGES.pinFormat),
  action: z.enum(["check_in", "check_out"]),
});
export const kioskStaffAction = z.object({
  user_id: uuidField,
  pin: safeString().regex(/^\d{4}$/, ATTENDANCE_MESSAGES.pinFormat),
});
export const kioskSearchQuery = z.object({
  center_id: z.uuid().optional(),
  q: safeString().trim().min(2, english("attendance.typeTwoLetters")).max(40),
});

export const headcountMarkInput = z.object({ student_id: uuidField, accounted: z.boolean() });

export const reportQuery = z.object({
  center_id: z.uuid().optional(),
  kind: z.enum(["daily", "monthly", "staff_hours"]),
  date: isoDateField(english("attendance.chooseDate")).optional(),
  month: safeString()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, english("attendance.chooseMonth"))
    .optional(),
  format: z.enum(["json", "xlsx", "csv"]).default("json"),
});

// ---- answers ----

export const CHILD_STATUSES = ["expected", "in", "out", "absent", "paused"] as const;
export type ChildDayStatus = (typeof CHILD_STATUSES)[number];

const pickupPerson = z.object({
  id: z.uuid(),
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
  /** Guardians are always on the list; only people added to it can be removed. */
  kind: z.enum(["guardian", "authorised"]),
  /** Where the person's photo is served (access-checked), or null without one. */
  photo_url: z.string().nullable(),
});
export type PickupPerson = z.infer<typeof pickupPerson>;
export const pickupList = z.object({ people: z.array(pickupPerson) });
export const PICKUP_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PICKUP_PHOTO_MESSAGES = {
  required: english("pickup.photoRequired"),
  type: english("pickup.photoType"),
  tooLarge: english("pickup.photoTooLarge"),
  noPhoto: english("pickup.noPhoto"),
} as const;

export const rosterChild = z.object({
  student_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_color: z.string().nullable(),
  status: z.enum(CHILD_STATUSES),
  stay_id: z.uuid().nullable(),
  check_in_at: z.string().nullable(),
  check_out_at: z.string().nullable(),
  collected_by: z.string().nullable(),
  absence_reason: z.enum(ABSENCE_REASONS).nullable(),
  /** A parent's advance notice covering today. */
  notice: z.object({ reason: z.enum(ABSENCE_REASONS), note: z.string(), end_date: z.string() }).nullable(),
  /** A stay of an earlier day never checked out: it blocks check-in until corrected. */
  forgotten: z.object({ stay_id: z.uuid(), day: z.string(), check_in_at: z.string() }).nullable(),
  /** What the caller may still undo, within the window. */
  undo: z.enum(["check_in", "check_out", "absent"]).nullable(),
  pickup_people: z.array(pickupPerson),
});
export type RosterChild = z.infer<typeof rosterChild>;

export const roomRatio = z.object({
  classroom_id: z.uuid(),
  classroom_name: z.string(),
  age_band: z.enum(AGE_BANDS),
  children_per_staff: z.number(),
  children_in: z.number(),
  staff_in: z.number(),
  staff_required: z.number(),
  in_ratio: z.boolean(),
});
export type RoomRatio = z.infer<typeof roomRatio>;

export const roster = z.object({
  date: z.string(),
  classroom: z.object({ id: z.uuid(), name: z.string(), center_id: z.uuid() }),
  children: z.array(rosterChild),
  ratio: roomRatio,
  counts: z.object({ in: z.number(), out: z.number(), absent: z.number(), expected: z.number(), paused: z.number() }),
});
export type Roster = z.infer<typeof roster>;

export const attendanceRooms = z.object({
  date: z.string(),
  center_id: z.uuid(),
  center_name: z.string(),
  rooms: z.array(roomRatio),
});
export type AttendanceRooms = z.infer<typeof attendanceRooms>;

export const staffOnDuty = z.object({
  date: z.string(),
  present_count: z.number(),
  on_leave_count: z.number(),
  overtime_count: z.number(),
  total_staff: z.number(),
  /** The centre's shift length: time clocked beyond it in a day is overtime. */
  shift_hours: z.number(),
  me: z.object({ clocked_in_at: z.string().nullable(), has_pin: z.boolean() }),
  staff: z.array(
    z.object({
      user_id: z.uuid(),
      name: z.string(),
      role: z.string(),
      status: z.enum(["in", "out", "on_leave", "not_in"]),
      clock_in_at: z.string().nullable(),
      clock_out_at: z.string().nullable(),
      classrooms: z.array(z.string()),
    }),
  ),
});
export type StaffOnDuty = z.infer<typeof staffOnDuty>;

export const headcount = z.object({
  center_id: z.uuid(),
  alert: z.object({ id: z.uuid(), alert_type: z.string(), message: z.string(), triggered_at: z.string() }).nullable(),
  children_in: z.number(),
  accounted: z.number(),
  rooms: z.array(
    z.object({
      classroom_id: z.uuid().nullable(),
      classroom_name: z.string(),
      children: z.array(
        z.object({
          student_id: z.uuid(),
          name: z.string(),
          check_in_at: z.string(),
          accounted: z.boolean(),
        }),
      ),
      staff: z.array(z.object({ user_id: z.uuid(), name: z.string() })),
    }),
  ),
  /** Staff clocked in who are not assigned to any room. */
  other_staff: z.array(z.object({ user_id: z.uuid(), name: z.string() })),
});
export type Headcount = z.infer<typeof headcount>;

export const parentDay = z.object({
  date: z.string(),
  children: z.array(
    z.object({
      student_id: z.uuid(),
      first_name: z.string(),
      status: z.enum(CHILD_STATUSES),
      check_in_at: z.string().nullable(),
      check_out_at: z.string().nullable(),
      collected_by: z.string().nullable(),
    }),
  ),
  notices: z.array(
    z.object({
      id: z.uuid(),
      student_id: z.uuid(),
      first_name: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      reason: z.enum(ABSENCE_REASONS),
      note: z.string(),
    }),
  ),
  has_pin: z.boolean(),
});
export type ParentDay = z.infer<typeof parentDay>;

export const kioskMatches = z.object({
  children: z.array(
    z.object({
      student_id: z.uuid(),
      name: z.string(),
      classroom_name: z.string().nullable(),
      status: z.enum(CHILD_STATUSES),
    }),
  ),
  staff: z.array(z.object({ user_id: z.uuid(), name: z.string() })),
});
export type KioskMatches = z.infer<typeof kioskMatches>;

export const kioskResult = z.object({ message: z.string(), status: z.enum(CHILD_STATUSES).or(z.enum(["in", "out"])) });

/** A number for each age band (an object with every band named, so the API description lists them). */
const perAgeBand = z.object(
  Object.fromEntries(AGE_BANDS.map((band) => [band, z.number()])) as Record<AgeBand, z.ZodNumber>,
);

export const ratioSettingsAnswer = z.object({
  center_id: z.uuid(),
  children_per_staff: perAgeBand,
  defaults: perAgeBand,
  shift_hours: z.number(),
  default_shift_hours: z.number(),
  classrooms: z.array(
    z.object({
      classroom_id: z.uuid(),
      name: z.string(),
      age_band: z.enum(AGE_BANDS).nullable(),
      effective_band: z.enum(AGE_BANDS),
    }),
  ),
});
export type RatioSettingsAnswer = z.infer<typeof ratioSettingsAnswer>;

export const staffLeaveItem = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  leave_type: z.enum(LEAVE_TYPES),
  note: z.string(),
  status: z.enum(LEAVE_STATUSES),
  created_at: z.string(),
});
export type StaffLeaveItem = z.infer<typeof staffLeaveItem>;
export const staffLeaveList = z.object({
  items: z.array(staffLeaveItem),
  pagination: z.object({
    current_page: z.number(),
    total_pages: z.number(),
    total_items: z.number(),
    items_per_page: z.number(),
  }),
  /** Whether the caller approves and records leave for the centre (else: their own leave only). */
  may_manage: z.boolean(),
});
export type StaffLeaveList = z.infer<typeof staffLeaveList>;

export const reportAnswer = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number()]))),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;
