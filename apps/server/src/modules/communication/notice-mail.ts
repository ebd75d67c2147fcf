import type { Language } from "@sprout/shared/i18n/languages";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";

/**
 * The e-mail copy of a notice: the same words the parent reads in the app, as plain text, around
 * them the parent's own language.
 */
export function noticeMail(
  to: { email: string; fullName: string; language: Language | null },
  notice: { title: string; message: string },
  centreName: string,
): OutgoingMail {
  const { say } = mailWords(to.language);
  return {
    to: to.email,
    subject: say("mail.notice.subject", { centre: centreName, title: notice.title }),
    text: say("mail.notice.body", { name: to.fullName, message: notice.message, centre: centreName }),
  };
}
