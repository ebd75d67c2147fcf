import { english } from "@sprout/shared/i18n/english";
import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.ts";
import type { OneTimeCodePurpose, OneTimeCodes, Redemption } from "./one-time-codes.ts";
import type { TwoFactorService } from "./two-factor.ts";

export const SECOND_FACTOR_HEADER = "x-2fa-totp";

/** A route's act that may also be confirmed with a code e-mailed for it (auth/one-time-codes.ts). */
export interface EmailedCodeAct {
  codes: OneTimeCodes;
  purpose: OneTimeCodePurpose;
  /** The record the act is about (an invoice's id): a code e-mailed for another record does not count. */
  subjectOf: (request: FastifyRequest) => string;
}

/** The answer to an e-mailed code that was not accepted, in the reset code's words. */
function refusalOf(outcome: Exclude<Redemption, { kind: "accepted" }>): HttpError {
  switch (outcome.kind) {
    case "absent":
      return new HttpError(400, "EMAILED_CODE_NOT_SENT", ACCOUNT_MESSAGES.emailedCodeNotSent);
    case "expired":
      return new HttpError(400, "CODE_EXPIRED", ACCOUNT_MESSAGES.codeExpired);
    case "used":
      return new HttpError(400, "CODE_USED", ACCOUNT_MESSAGES.codeUsed);
    case "locked":
      return new HttpError(429, "CODE_LOCKED", ACCOUNT_MESSAGES.codeLocked);
    case "wrong":
      return new HttpError(400, "INVALID_CODE", ACCOUNT_MESSAGES.codeInvalid(outcome.remaining));
  }
}

/**
 * A route hook that asks for a fresh second factor in the `x-2fa-totp` header, checked against
 * the signed-in caller: a 6-digit app code or an unused backup code (replay refused, wrong codes
 * counted towards the lock), or, for an act that allows it (`emailed`), the one-time code e-mailed
 * for this act and record. Users without an authenticator app can then confirm with the e-mailed
 * code alone; nobody passes without a code. Use after the access guard (`onRequest`), as
 * `preHandler: requireSecondFactor(twoFactor, act)`.
 */
export function requireSecondFactor(twoFactor: TwoFactorService, emailed?: EmailedCodeAct) {
  return async (request: FastifyRequest) => {
    if (!request.caller) throw new HttpError(401, "UNAUTHORIZED", english("server.authenticationRequired"));
    const header = request.headers[SECOND_FACTOR_HEADER];
    const code = typeof header === "string" ? header.trim() : "";
    if (!code) throw new HttpError(403, "TWO_FACTOR_REQUIRED", ACCOUNT_MESSAGES.twoFactorRequired);
    const { userId, organisationId } = request.caller;
    const { enabled } = await twoFactor.status(userId);
    if (emailed) {
      const compact = code.replace(/[\s-]/g, "");
      // With an authenticator app, an 8-character code is a backup code: it is not the e-mail's.
      if (!enabled || /^\d{6}$/.test(compact)) {
        const subject = emailed.subjectOf(request);
        const outcome = await emailed.codes.redeem({ id: userId, organisationId }, emailed.purpose, subject, compact);
        if (outcome.kind === "accepted") return;
        if (!enabled) throw refusalOf(outcome);
      }
      // Not the e-mailed code: as the app's (or a backup) code, whose refusal is then the answer.
    } else if (!enabled) {
      throw new HttpError(403, "TWO_FACTOR_NOT_ENABLED", ACCOUNT_MESSAGES.twoFactorMustEnable);
    }
    await twoFactor.checkCode(userId, code, "step_up");
  };
}
