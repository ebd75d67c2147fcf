import type { OutgoingMail } from "./mailer.ts";

export function resetCodeMail(to: string, name: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    code,
    subject: "Your Sprout password reset code",
    text: [
      `Hello ${name},`,
      "",
      `Your verification code is: ${code}`,
      "",
      `Enter it on the Verify Code screen within ${minutes} minutes. The code works once.`,
      "If you did not ask to reset your password, you can ignore this message; your password stays the same.",
      "",
      "Sprout",
    ].join("\n"),
  };
}

export function forcedResetMail(to: string, name: string, code: string, minutes: number): OutgoingMail {
  return {
    to,
    code,
    subject: "Set a new Sprout password",
    text: [
      `Hello ${name},`,
      "",
      "Your administrator asked you to set a new password before you sign in again.",
      `Your verification code is: ${code}`,
      "",
      `Enter it on the Verify Code screen within ${minutes} minutes, then choose your new password.`,
      "",
      "Sprout",
    ].join("\n"),
  };
}

export function invitationMail(to: string, name: string, code: string, link: string, hours: number): OutgoingMail {
  return {
    to,
    code,
    subject: "You have been invited to Sprout",
    text: [
      `Hello ${name},`,
      "",
      "An account has been created for you on Sprout. To choose your password, open:",
      link,
      "",
      `and enter your verification code: ${code}`,
      "",
      `The invitation is valid for ${hours} hours.`,
      "",
      "Sprout",
    ].join("\n"),
  };
}

export function passwordChangedMail(to: string, name: string): OutgoingMail {
  return {
    to,
    subject: "Your Sprout password was changed",
    text: [
      `Hello ${name},`,
      "",
      "Your password was just changed and every signed-in device was signed out.",
      "If this was not you, contact your administrator at once.",
      "",
      "Sprout",
    ].join("\n"),
  };
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
  invoiceNumber: string,
): OutgoingMail {
  return {
    to,
    code,
    subject: "Your Sprout code to download an invoice",
    text: [
      `Hello ${name},`,
      "",
      `Your code to download invoice ${invoiceNumber} is: ${code}`,
      "",
      `Enter it in the download window within ${minutes} minutes. The code works once, for this invoice only.`,
      "If you did not ask for it, someone may be signed in to your account: change your password.",
      "",
      "Sprout",
    ].join("\n"),
  };
}
