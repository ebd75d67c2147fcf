import { english } from "@sprout/shared/i18n/english";
import type { PushPayload } from "@sprout/shared/schemas/push";
import type { Database } from "../../db/client.ts";
import type { PushQueue } from "../push/area.ts";

export type InvoicePush = "issued" | "overdue";

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
      title: english("pushText.invoiceTitle", { name: child.firstName, event }),
      body: english("pushText.seeIt"),
      url: "/billing",
      kind: `invoice_${event}`,
      tag: `invoice:${child.id}`,
    }),
  );
}
