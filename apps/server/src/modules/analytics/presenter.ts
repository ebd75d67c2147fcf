import type { ComparedCentre, Overview } from "@sprout/shared/schemas/analytics";
import type { Caller } from "../../auth/caller.ts";
import { seesInvoiceCounts, seesMoney } from "./policy.ts";

/** A role without billing gets the counts of children, rooms, staff and enquiries only. */
export function presentOverview(caller: Pick<Caller, "role">, overview: Required<Overview>): Overview {
  if (seesInvoiceCounts(caller)) return overview;
  const { pending_invoices: _pending, overdue_invoices: _overdue, ...counts } = overview;
  return counts;
}

export function presentCentre(caller: Pick<Caller, "role">, centre: Required<ComparedCentre>): ComparedCentre {
  if (seesMoney(caller)) return centre;
  const { received_this_month: _received, outstanding: _outstanding, ...rest } = centre;
  return rest;
}

/** A percentage with one decimal, or 0 of nothing. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
