import { z } from "zod";

export const overviewResponse = z.object({
  total_students: z.number().int(),
  total_classrooms: z.number().int(),
  open_enquiries: z.number().int(),
  pending_invoices: z.number().int(),
});
export type Overview = z.infer<typeof overviewResponse>;
