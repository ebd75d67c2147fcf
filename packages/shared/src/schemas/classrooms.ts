import { z } from "zod";
import { english } from "../i18n/english.ts";
import { safeString } from "./primitives.ts";

export const CLASSROOM_MESSAGES = {
  nameRequired: english("classrooms.nameRequired"),
  duplicate: english("classrooms.duplicate"),
  notEmpty: english("classrooms.notEmpty"),
  inUse: english("classrooms.inUse"),
  fetchFailed: english("classrooms.fetchFailed"),
  createFailed: english("classrooms.createFailed"),
  empty: english("classrooms.empty"),
  chooseCentre: english("classrooms.chooseCentre"),
} as const;

export const classroom = z.object({
  id: safeString(),
  name: safeString(),
  description: safeString().nullable(),
  center_id: safeString(),
  center_name: safeString(),
  /** Children on the roll (active or paused) in this classroom. */
  student_count: z.number().int(),
});
export type Classroom = z.infer<typeof classroom>;

export const classroomInput = z.object({
  name: safeString({ error: CLASSROOM_MESSAGES.nameRequired }).trim().min(1, CLASSROOM_MESSAGES.nameRequired).max(100),
  description: safeString().trim().max(500).optional().default(""),
});
export type ClassroomInput = z.input<typeof classroomInput>;

/** Creating: a multi-centre user names the centre; a centre's staff create in their own. */
export const createClassroomRequest = classroomInput.extend({ center_id: z.uuid().optional() });
export type CreateClassroomRequest = z.input<typeof createClassroomRequest>;

export const classroomsQuery = z.object({ center_id: z.uuid().optional() });
export const classroomIdParams = z.object({ id: z.uuid({ error: english("classrooms.notFound") }) });
