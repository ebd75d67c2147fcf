import { z } from "zod";
import { safeString } from "./primitives.ts";

export const CLASSROOM_MESSAGES = {
  nameRequired: "Classroom name is required",
  duplicate: "A classroom with this name already exists in this centre",
  notEmpty: "Only an empty classroom can be removed: move its children first",
  inUse: "This classroom is still in use and cannot be removed",
  fetchFailed: "Failed to fetch classrooms.",
  createFailed: "Failed to create classroom.",
  empty: "No classrooms have been created yet.",
  chooseCentre: "Please choose a centre",
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
export const classroomIdParams = z.object({ id: z.uuid({ error: "Classroom not found" }) });
