import { z } from "zod";

/** A parent's child, as the spec's "Parent's child" entity names it. */
export const parentChild = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A child admitted without a classroom yet has none. */
  classroom_id: z.string().nullable(),
  classroom_name: z.string().nullable(),
  center_name: z.string(),
});
export type ParentChild = z.infer<typeof parentChild>;

/** GET /parents/my-children: the answer is the children list itself. */
export const myChildrenResponse = z.array(parentChild);
export type MyChildren = z.infer<typeof myChildrenResponse>;
