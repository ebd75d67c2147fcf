import { z } from "zod";
import { safeString } from "./primitives.ts";

/** A parent's child, as the spec's "Parent's child" entity names it. */
export const parentChild = z.object({
  id: safeString(),
  first_name: safeString(),
  last_name: safeString(),
  /** A child admitted without a classroom yet has none. */
  classroom_id: safeString().nullable(),
  classroom_name: safeString().nullable(),
  center_name: safeString(),
});
export type ParentChild = z.infer<typeof parentChild>;

/** GET /parents/my-children: the answer is the children list itself. */
export const myChildrenResponse = z.array(parentChild);
export type MyChildren = z.infer<typeof myChildrenResponse>;
