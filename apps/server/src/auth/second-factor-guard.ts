import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.ts";
import type { TwoFactorService } from "./two-factor.ts";

export const SECOND_FACTOR_HEADER = "x-2fa-totp";

/**
 * A route hook that asks for a fresh second factor: a 6-digit app code or an unused backup code
 * in the `x-2fa-totp` header, checked against the signed-in caller (replay refused, wrong codes
 * counted towards the lock). Use after the access guard, e.g. `onRequest: [..]` is already the
 * access guard, so add it as `preHandler: requireSecondFactor(twoFactor)`.
 */
export function requireSecondFactor(twoFactor: TwoFactorService) {
  return async (request: FastifyRequest) => {
    if (!request.caller) throw new HttpError(401, "UNAUTHORIZED", "Authentication required");
    const header = request.headers[SECOND_FACTOR_HEADER];
    const code = typeof header === "string" ? header.trim() : "";
    if (!code) throw new HttpError(403, "TWO_FACTOR_REQUIRED", ACCOUNT_MESSAGES.twoFactorRequired);
    const status = await twoFactor.status(request.caller.userId);
    if (!status.enabled) throw new HttpError(403, "TWO_FACTOR_NOT_ENABLED", ACCOUNT_MESSAGES.twoFactorMustEnable);
    await twoFactor.checkCode(request.caller.userId, code);
  };
}
