import { z } from "zod";
import { english } from "../i18n/english.ts";
import { classroom } from "./classrooms.ts";
import { safeString } from "./primitives.ts";

/** Who works in a classroom: one lead teacher and any number of assistants. */
export const CLASSROOM_STAFF_ROLES = ["lead", "assistant"] as const;
export type ClassroomStaffRole = (typeof CLASSROOM_STAFF_ROLES)[number];
export const CLASSROOM_STAFF_ROLE_LABELS: Record<ClassroomStaffRole, string> = {
  lead: "Lead teacher",
  assistant: "Assistant",
};

export const CLASSROOM_STAFF_MESSAGES = {
  notTeacher: english("classrooms.notTeacher"),
  leadAlsoAssistant: english("classrooms.leadAlsoAssistant"),
  leadTaken: english("classrooms.leadTaken"),
  duplicateRoom: english("classrooms.duplicateRoom"),
  saved: english("classrooms.staffSaved"),
  noRooms: english("classrooms.noRooms"),
} as const;

export const classroomStaffMember = z.object({
  user_id: z.string(),
  full_name: z.string(),
  role: z.enum(CLASSROOM_STAFF_ROLES),
});
export type ClassroomStaffMember = z.infer<typeof classroomStaffMember>;

/** A classroom with the people assigned to it (the management screen). */
export const classroomWithStaff = classroom.extend({ staff: z.array(classroomStaffMember) });
export type ClassroomWithStaff = z.infer<typeof classroomWithStaff>;

/** Replaces a classroom's staff: the lead (or none) and the assistants. */
export const classroomStaffRequest = z.object({
  lead_id: z.uuid(CLASSROOM_STAFF_MESSAGES.notTeacher).nullable().default(null),
  assistant_ids: z.array(z.uuid(CLASSROOM_STAFF_MESSAGES.notTeacher)).max(50).default([]),
});
export type ClassroomStaffRequest = z.input<typeof classroomStaffRequest>;

/** A teacher who may be assigned to a classroom of their centre. */
export const assignableTeacher = z.object({
  user_id: z.string(),
  full_name: z.string(),
  job_title: z.string().nullable(),
});
export type AssignableTeacher = z.infer<typeof assignableTeacher>;

/** The staff picker asks the server as the user types: a bounded page of matching teachers. */
export const ASSIGNABLE_PAGE_MAX = 20;
export const assignableStaffQuery = z.object({
  search: safeString().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(ASSIGNABLE_PAGE_MAX).default(ASSIGNABLE_PAGE_MAX),
});
export const assignableStaffPage = z.object({
  teachers: z.array(assignableTeacher),
  /** More teachers match than were sent: the user narrows the search. */
  has_more: z.boolean(),
});
export type AssignableStaffPage = z.infer<typeof assignableStaffPage>;

/** One room of a staff member, as their staff record shows it. */
export const staffClassroom = z.object({
  classroom_id: z.string(),
  classroom_name: z.string(),
  role: z.enum(CLASSROOM_STAFF_ROLES),
});
export type StaffClassroom = z.infer<typeof staffClassroom>;

/** Replaces a staff member's rooms (from the staff record). */
export const staffClassroomsRequest = z.object({
  assignments: z
    .array(z.object({ classroom_id: z.uuid(english("classrooms.notFound")), role: z.enum(CLASSROOM_STAFF_ROLES) }))
    .max(50)
    .refine((list) => new Set(list.map((item) => item.classroom_id)).size === list.length, {
      message: CLASSROOM_STAFF_MESSAGES.duplicateRoom,
    }),
});
export type StaffClassroomsRequest = z.input<typeof staffClassroomsRequest>;

export const CLASSROOM_ROLL_MAX_PAGE = 100;

/** A child on a classroom's roll, as a teacher needs it: no fees, no pause reasons. */
export const rollChild = z.object({
  id: z.string(),
  student_id: z.string(),
  name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  status: z.enum(["active", "paused"]),
});
export type RollChild = z.infer<typeof rollChild>;

export const rollQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(CLASSROOM_ROLL_MAX_PAGE).default(CLASSROOM_ROLL_MAX_PAGE),
});

export const rollResponse = z.object({
  children: z.array(rollChild),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RollResponse = z.infer<typeof rollResponse>;
