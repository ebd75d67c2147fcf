import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from "@sprout/shared/constants";
import { ACCOUNT_MESSAGES } from "@sprout/shared/schemas/account";
import type { LoginResponse } from "@sprout/shared/schemas/auth";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema/users.ts";
import { writeAudit } from "../lib/audit.ts";
import type { Clock } from "../lib/clock.ts";
import { HttpError, unauthorized } from "../lib/errors.ts";
import { toSessionUser, type UserDirectory } from "../modules/users/service.ts";
import type { PasswordResetService } from "./password-reset.ts";
import { verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import type { RequestMeta, SessionService } from "./sessions.ts";

export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  inactive: "Your account has been deactivated. Please contact your administrator.",
  locked: (minutes: number) =>
    `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
};

interface Deps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  directory: UserDirectory;
  /** Starts the set-a-new-password flow for users whose reset was forced. */
  passwordReset?: Pick<PasswordResetService, "startForcedReset">;
}

/** Sign-in rules: password check, lockout after repeated failures, deactivated accounts, 2FA. */
export function createAuthService({ db, clock, sessions, directory, passwordReset }: Deps) {
  return {
    async login(email: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
      const user = await directory.findByEmail(email);
      const now = clock.now();
      if (!user) {
        await verifyAgainstDummy(password);
        throw unauthorized(LOGIN_MESSAGES.invalid, "INVALID_CREDENTIALS");
      }
      if (user.lockedUntil && user.lockedUntil > now) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000);
        throw new HttpError(423, "ACCOUNT_LOCKED", LOGIN_MESSAGES.locked(minutes));
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await recordFailure(user.id, user.failedLoginCount + 1);
        throw unauthorized(LOGIN_MESSAGES.invalid, "INVALID_CREDENTIALS");
      }
      if (!user.isActive) throw new HttpError(403, "ACCOUNT_INACTIVE", LOGIN_MESSAGES.inactive);

      await db
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: now })
        .where(eq(users.id, user.id));

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
      const issued = await sessions.start(user.id, meta);
      await writeAudit(db, {
        organisationId: user.organisationId,
        actorId: user.id,
        action: "login",
        entity: "session",
      });
      return { ...issued, user: toSessionUser(user), require2FA: false };
    },
  };

  async function recordFailure(userId: string, failures: number) {
    const lock = failures >= LOGIN_MAX_FAILURES;
    await db
      .update(users)
      .set({
        failedLoginCount: lock ? 0 : failures,
        lockedUntil: lock ? new Date(clock.now().getTime() + LOGIN_LOCK_MINUTES * 60_000) : undefined,
      })
      .where(eq(users.id, userId));
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
