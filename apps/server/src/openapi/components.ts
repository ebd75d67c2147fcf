import { assignment } from "@sprout/shared/schemas/assignments";
import { errorResponse, sessionUser } from "@sprout/shared/schemas/auth";
import { invoice, invoiceDetail } from "@sprout/shared/schemas/billing";
import { dailyActivities } from "@sprout/shared/schemas/child-day";
import { healthRecord } from "@sprout/shared/schemas/child-health";
import { student } from "@sprout/shared/schemas/children";
import { portfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { staffAlert } from "@sprout/shared/schemas/emergency";
import { staffIncident } from "@sprout/shared/schemas/incidents";
import { itemsPagination, listPagination } from "@sprout/shared/schemas/primitives";
import { staffMember } from "@sprout/shared/schemas/staff";
import { managedUser } from "@sprout/shared/schemas/users";
import type { z } from "zod";
import { globalRegistry } from "zod";

/**
 * The shapes the API description names (`#/components/schemas/<name>`) instead of repeating them
 * inline: the error body, the two paging answers, and the big records several routes answer.
 * Registered with zod's global registry, the way fastify-type-provider-zod turns a schema into a
 * component reference wherever a route uses it (README: "How to create refs to the schemas?").
 * The names are part of the generated client's types: rename with care.
 */
export const NAMED_SCHEMAS: ReadonlyArray<readonly [z.ZodType, string]> = [
  [errorResponse, "Error"],
  [listPagination, "Pagination"],
  [itemsPagination, "ItemsPagination"],
  [sessionUser, "SessionUser"],
  [managedUser, "User"],
  [staffMember, "StaffMember"],
  [student, "ChildSummary"],
  [invoice, "Invoice"],
  [invoiceDetail, "InvoiceDetail"],
  [dailyActivities, "ChildDay"],
  [healthRecord, "ChildHealthRecord"],
  [staffIncident, "Incident"],
  [staffAlert, "EmergencyAlert"],
  [portfolioItem, "PortfolioItem"],
  [assignment, "Assignment"],
];

export function registerNamedSchemas() {
  for (const [schema, id] of NAMED_SCHEMAS) {
    const known = globalRegistry.get(schema);
    if (known?.id === id) continue;
    globalRegistry.add(schema, { ...known, id });
  }
}
