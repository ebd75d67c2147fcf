import { z } from "zod";

export const overviewResponse = z.object({
  total_students: z.number().int(),
  total_classrooms: z.number().int(),
  open_enquiries: z.number().int(),
  /** Invoices with status Pending: the count the Billing list shows under the Pending filter. */
  pending_invoices: z.number().int(),
  /** Invoices with status Overdue, counted apart so each number matches its filtered list. */
  overdue_invoices: z.number().int(),
});
export type Overview = z.infer<typeof overviewResponse>;
