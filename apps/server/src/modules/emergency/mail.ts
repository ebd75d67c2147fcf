import { ALERT_TYPE_LABELS } from "@sprout/shared/schemas/emergency";
import type { OutgoingMail } from "../../mail/mailer.ts";
import type { AlertRow } from "./presenter.ts";

/** The e-mail every parent of the centre gets for a critical alert: the calm family notice. */
export function criticalAlertMail(to: string, row: AlertRow): OutgoingMail {
  return {
    to,
    subject: `Important: ${ALERT_TYPE_LABELS[row.alertType]} at ${row.centerName}`,
    text: [
      "Dear parent,",
      "",
      row.parentMessage,
      "",
      "Please keep your phone with you. We will write again as soon as the situation is resolved.",
      "",
      row.centerName,
    ].join("\n"),
  };
}
