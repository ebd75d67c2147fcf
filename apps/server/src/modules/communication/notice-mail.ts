import type { OutgoingMail } from "../../mail/mailer.ts";

/** The e-mail copy of a notice: the same words the parent reads in the app, as plain text. */
export function noticeMail(
  to: { email: string; fullName: string },
  notice: { title: string; message: string },
  centreName: string,
): OutgoingMail {
  return {
    to: to.email,
    subject: `${centreName}: ${notice.title}`,
    text: [
      `Dear ${to.fullName},`,
      "",
      notice.message,
      "",
      "You can also read this notice in Sprout (Notices).",
      "",
      centreName,
    ].join("\n"),
  };
}
