import type { Language } from "@sprout/shared/i18n/languages";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { mailWords } from "../../mail/say.ts";

/**
 * The e-mail to an address that already has a sign-in, in the language that sign-in chose. A
 * parent of the organisation is asked to accept the child from their own sign-in; any other
 * account is told it cannot be linked. The centre never learns which it was.
 */
export function noticeMail(
  notice: { email: string; kind: "link_request" | "not_linkable"; language: Language | null },
  childName: string,
  centreName: string,
  appUrl: string,
): OutgoingMail {
  const { say } = mailWords(notice.language);
  const values = { child: childName, centre: centreName, appUrl };
  if (notice.kind === "link_request") {
    return {
      to: notice.email,
      subject: say("mail.admissionLink.subject", values),
      text: say("mail.admissionLink.body", values),
    };
  }
  return {
    to: notice.email,
    subject: say("mail.admissionNotLinkable.subject", values),
    text: say("mail.admissionNotLinkable.body", values),
  };
}
