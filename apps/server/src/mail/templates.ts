import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import { intlFor } from "../i18n/intl.ts";
import type { OutgoingMail } from "./mailer.ts";

/** A mail's subject and body from the catalogues (`mail.<kind>.subject`, `.body`) in one language. */
function mailIn(
  language: Language,
  kind: "resetCode" | "forcedReset" | "invitation" | "passwordChanged" | "invoiceCode",
  values: Record<string, string | number>,
): Pick<OutgoingMail, "subject" | "text"> {
  const intl = intlFor(language);
  return {
    subject: intl.formatMessage({ id: `mail.${kind}.subject` as MessageId }),
    text: intl.formatMessage({ id: `mail.${kind}.body` as MessageId }, values),
  };
}

/** Each mail goes in its reader's language: their own choice, else the language they asked in. */
export function resetCodeMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  language: Language,
): OutgoingMail {
  return { to, code, ...mailIn(language, "resetCode", { name, code, minutes }) };
}

export function forcedResetMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  language: Language,
): OutgoingMail {
  return { to, code, ...mailIn(language, "forcedReset", { name, code, minutes }) };
}

export function invitationMail(
  to: string,
  name: string,
  code: string,
  link: string,
  hours: number,
  language: Language,
): OutgoingMail {
  return { to, code, ...mailIn(language, "invitation", { name, code, link, hours }) };
}

export function passwordChangedMail(to: string, name: string, language: Language): OutgoingMail {
  return { to, ...mailIn(language, "passwordChanged", { name }) };
}

/**
 * The one-time code for downloading one invoice (issue 30). It names the invoice by its number
 * only: no child, no amount, nothing a misdirected or forwarded message would give away.
 */
export function invoiceDownloadCodeMail(
  to: string,
  name: string,
  code: string,
  minutes: number,
  invoice: string,
  language: Language,
): OutgoingMail {
  return { to, code, ...mailIn(language, "invoiceCode", { name, code, minutes, invoice }) };
}
