import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import type { LoginResponse } from "@sprout/shared/schemas/auth";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/users.ts";
import type { Clock } from "../lib/clock.ts";
import { HttpError, unauthorized } from "../lib/errors.ts";
import type { AttemptCounter } from "./attempts.ts";
import { LOGIN_POLICY, NETWORK_LOGIN_POLICY, tooManyAttempts } from "./limits.ts";
import type { PasswordResetService } from "./password-reset.ts";
import { verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { toSessionUser, type UserDirectory } from "./session-user.ts";
import type { RequestMeta, SessionService } from "./sessions.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  throttled: (seconds: number) =>
    `Too many sign-in attempts for this email. Please wait ${waitText(seconds)} and try again.`,
  networkThrottled: (seconds: number) =>
    `Too many failed sign-ins from your network. Please wait ${waitText(seconds)} and try again.`,
};

function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

interface Deps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  directory: UserDirectory;
  attempts: AttemptCounter;
  /** Starts the set-a-new-password flow for users whose reset was forced. */
  passwordReset?: Pick<PasswordResetService, "startForcedReset">;
}

/**
 * Sign-in rules. Every attempt for an address is counted before the password is checked (one
 * atomic upsert), so a burst cannot slip past the limit; past it, each attempt waits twice as
 * long as the one before. Unknown addresses, wrong passwords and deactivated accounts (whatever
 * the password) get the same answer after the same work, so the answer tells nothing.
 */
export function createAuthService({ db, clock, sessions, directory, attempts, passwordReset }: Deps) {
  return {
    async login(email: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
      const subject = email.trim().toLowerCase();
      const network = meta.ip ?? "unknown";
      const networkWait = await attempts.retryAfter("login_network", network);
      if (networkWait > 0) {
        throw tooManyAttempts("LOGIN_THROTTLED", LOGIN_MESSAGES.networkThrottled(networkWait), networkWait);
      }
      const reservation = await attempts.reserve("login", subject, LOGIN_POLICY);
      if (!reservation.allowed) {
        const wait = reservation.retryAfterSeconds;
        throw tooManyAttempts("LOGIN_THROTTLED", LOGIN_MESSAGES.throttled(wait), wait);
      }
      const user = await directory.findByEmail(subject);
      const passwordRight = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !passwordRight || !user.isActive) {
        await attempts.reserve("login_network", network, NETWORK_LOGIN_POLICY);
        throw unauthorized(LOGIN_MESSAGES.invalid, "INVALID_CREDENTIALS");
      }

      await attempts.clear("login", subject);
      await db.update(users).set({ lastLoginAt: clock.now() }).where(eq(users.id, user.id));

      // A forced reset: the right password proves who it is, but it opens no session. A code is
      // e-mailed and the answer names the reset, so the web goes straight to the code step.
      if (user.mustResetPassword && passwordReset) {
        const started = await passwordReset.startForcedReset(user);
        throw new HttpError(403, "PASSWORD_RESET_REQUIRED", ACCOUNT_MESSAGES.forcedReset, {
          email: user.email,
          resetId: started.resetId,
          maskedEmail: started.maskedEmail,
        });
      }

      if (user.twoFactorEnabled) {
        const pending = await sessions.startPendingTwoFactor(user.id, meta);
        return {
          token: null,
          sessionToken: pending.sessionToken,
          csrfToken: null,
          refreshToken: null,
          user: null,
          require2FA: true,
          expiresIn: pending.expiresIn,
        };
      }
      const issued = await sessions.start(user.id, meta, {
        organisationId: user.organisationId,
        actorId: user.id,
        action: "login",
        entity: "session",
      });
      return { ...issued, user: toSessionUser(user), require2FA: false };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
