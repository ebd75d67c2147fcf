import type { Company, Program } from "@sprout/shared/schemas/settings";
import type { companies, programs } from "../../db/schema/settings.ts";

/** A program as the settings lists and the enquiry forms show it. */
export const toProgram = (row: typeof programs.$inferSelect): Program => ({
  id: row.id,
  major_program: row.majorProgram,
  specific_program: row.specificProgram,
});

/** A tie-up company. */
export const toCompany = (row: Pick<typeof companies.$inferSelect, "id" | "companyName">): Company => ({
  id: row.id,
  company_name: row.companyName,
});
