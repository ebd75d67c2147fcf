import { z } from "zod";

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
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  center_id: z.string(),
  center_name: z.string(),
  /** Children on the roll (active or paused) in this classroom. */
  student_count: z.number().int(),
});
export type Classroom = z.infer<typeof classroom>;

export const classroomInput = z.object({
  name: z.string({ error: CLASSROOM_MESSAGES.nameRequired }).trim().min(1, CLASSROOM_MESSAGES.nameRequired).max(100),
  description: z.string().trim().max(500).optional().default(""),
});
export type ClassroomInput = z.input<typeof classroomInput>;

/** Creating: a multi-centre user names the centre; a centre's staff create in their own. */
export const createClassroomRequest = classroomInput.extend({ center_id: z.uuid().optional() });
export type CreateClassroomRequest = z.input<typeof createClassroomRequest>;

export const classroomsQuery = z.object({ center_id: z.uuid().optional() });
export const classroomIdParams = z.object({ id: z.uuid({ error: "Classroom not found" }) });
