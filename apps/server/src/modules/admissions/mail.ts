import type { OutgoingMail } from "../../mail/mailer.ts";

/**
 * The e-mail to an address that already has a sign-in. A parent of the organisation is asked to
 * accept the child from their own sign-in; any other account is told it cannot be linked. The
 * centre never learns which it was.
 */
export function noticeMail(
  notice: { email: string; kind: "link_request" | "not_linkable" },
  childName: string,
  centreName: string,
  appUrl: string,
): OutgoingMail {
  if (notice.kind === "link_request") {
    return {
      to: notice.email,
      subject: `Sprout: is ${childName} your child?`,
      text: [
        `${centreName} has admitted ${childName} and gave this address for a parent.`,
        `Sign in to Sprout (${appUrl}/login) and accept the request on your home page to see ${childName} in your account,`,
        "or decline it if this is not your child. Nothing is shared with your account until you accept.",
      ].join("\n"),
    };
  }
  return {
    to: notice.email,
    subject: `Sprout: a parent address at ${centreName}`,
    text: [
      `${centreName} gave this address for a parent of ${childName}.`,
      "This address already has a Sprout sign-in that cannot be used as a parent's, so no child was linked to it.",
      "If you are the parent, please give the centre another e-mail address.",
    ].join("\n"),
  };
}
