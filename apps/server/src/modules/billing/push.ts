import type { PushPayload } from "@sprout/shared/schemas/push";
import type { Database } from "../../db/client.ts";
import type { PushQueue } from "../push/area.ts";

export type InvoicePush = "issued" | "due_soon" | "overdue";

const WHAT: Record<InvoicePush, string> = {
  issued: "new invoice",
  due_soon: "invoice due soon",
  overdue: "invoice overdue",
};

/**
 * "Aanya: new invoice", to the child's guardians (their "billing" choice), opening Billing; never
 * the amount. One line per child on the phone: an overdue invoice replaces its "due soon".
 */
export function pushInvoices(
  push: Pick<PushQueue, "toFamilies"> | undefined,
  tx: Database,
  childIds: readonly string[],
  event: InvoicePush,
) {
  return push?.toFamilies(
    tx,
    childIds,
    "billing",
    (child): PushPayload => ({
      title: `${child.firstName}: ${WHAT[event]}`,
      body: "Open Sprout to see it.",
      url: "/billing",
      kind: `invoice_${event}`,
      tag: `invoice:${child.id}`,
    }),
  );
}
