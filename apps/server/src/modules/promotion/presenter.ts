import type { studentMove } from "@sprout/shared/schemas/children";
import type { z } from "zod";
import type { studentMoves } from "../../db/schema/enrollment.ts";

/** One move of a child between classrooms or centres, as the child's history lists it. */
export const toStudentMove = (row: typeof studentMoves.$inferSelect): z.infer<typeof studentMove> => ({
  id: row.id,
  kind: row.kind,
  from_center_id: row.fromCenterId,
  to_center_id: row.toCenterId,
  from_class_id: row.fromClassId,
  to_class_id: row.toClassId,
  moved_by: row.movedBy,
  moved_at: row.movedAt.toISOString(),
});
