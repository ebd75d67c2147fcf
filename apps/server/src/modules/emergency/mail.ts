import type { Language } from "@sprout/shared/i18n/languages";
import { translatorFor } from "../../i18n/answers.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";
import type { AlertRow } from "./presenter.ts";

/**
 * The e-mail every parent of the centre gets for a critical alert: the calm family notice, in the
 * parent's language (the centre's stock notices are read back from the catalogue; a message the
 * centre wrote itself stays as written).
 */
export function criticalAlertMail(to: string, row: AlertRow, language: Language | null): OutgoingMail {
  const words = mailWords(language);
  const say = words.say;
  const centre = row.centerName;
  return {
    to,
    subject: say("mail.criticalAlert.subject", { alert: say("emergency.alertType", { type: row.alertType }), centre }),
    text: say("mail.criticalAlert.body", {
      message: translatorFor(words.language)(row.parentMessage),
      centre,
    }),
  };
}
