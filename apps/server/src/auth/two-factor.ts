import { english } from "@sprout/shared/i18n/english";
import {
  ACCOUNT_MESSAGES,
  BACKUP_CODE_COUNT,
  BACKUP_CODE_LENGTH,
  TWO_FACTOR_MAX_FAILURES,
} from "@sprout/shared/schemas/account";
import { and, eq, isNull, sql } from "drizzle-orm";
import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Database } from "../db/client.ts";
import { twoFactorBackupCodes, twoFactorUsedSteps } from "../db/schema/account.ts";
import { users } from "../db/schema/users.ts";
import { writeAudit } from "../lib/audit.ts";
import type { Clock } from "../lib/clock.ts";
import { badRequest, HttpError, notFound, unauthorized } from "../lib/errors.ts";
import type { AttemptCounter } from "./attempts.ts";
import { minutesOf, TWO_FACTOR_POLICY, tooManyAttempts } from "./limits.ts";
import { verifyPassword } from "./passwords.ts";
import { randomCode, type SecretBox } from "./secrets.ts";
import { toSessionUser, type UserDirectory } from "./session-user.ts";
import type { RequestMeta, SessionService } from "./sessions.ts";

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now, for clocks that drift a little. */
const TOLERANCE_SECONDS = 30;
const ISSUER = "Sprout";

/**
 * What an app code is spent on. Replay protection is kept per purpose: a code is accepted at most
 * once for each, so one code seen over a shoulder or in a log cannot be spent twice on the same
 * kind of act (a second sign-in, a second download), while the code that finished one act does
 * not block a different act a moment later.
 *
 * - `enrolment`: the code that finishes the set-up. It proves the app holds the new secret; it
 *   grants nothing (the caller is already signed in) and is accepted once only because the set-up
 *   ends with it. A parent asked for a code by an invoice download goes through the set-up and
 *   comes straight back to the download (Setup2FAPage returns there), typing the code their app
 *   shows, usually the very code that finished the set-up. Refusing it as a "replay" stopped
 *   every such parent (issue 30) and protected nothing: the download asks for a fresh factor to
 *   confirm the act, and a code of the same window typed by the same person a few seconds later
 *   confirms it as well as the next one would.
 * - `sign_in`: the code that completes a sign-in; spent, it cannot open a second session. A
 *   download a moment after signing in is another act, for the same reason as above.
 * - `step_up`: a fresh code for a protected act (downloading an invoice); spent, it cannot
 *   release a second download, however the two requests are timed (see acceptTotp).
 */
export type TotpPurpose = (typeof twoFactorUsedSteps.$inferSelect)["purpose"];

interface Deps {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  attempts: AttemptCounter;
  sessions: SessionService;
  directory: UserDirectory;
}

/** RFC 6238 app codes (6 digits, 30 s), one-time backup codes, and their limits. */
export function createTwoFactorService({ db, clock, secrets, attempts, sessions, directory }: Deps) {
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  async function requireUser(userId: string) {
    const user = await directory.findById(userId);
    if (!user) throw notFound("User");
    return user;
  }

  /** Replaces the user's backup codes; the caller's transaction (`tx`) holds the change. */
  async function issueBackupCodes(tx: Database, userId: string): Promise<string[]> {
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => randomCode(BACKUP_CODE_LENGTH));
    await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
    await tx
      .insert(twoFactorBackupCodes)
      .values(codes.map((code) => ({ userId, codeHash: secrets.hashCode(userId, code), createdAt: clock.now() })));
    return codes;
  }

  async function backupCodesRemaining(userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(twoFactorBackupCodes)
      .where(and(eq(twoFactorBackupCodes.userId, userId), isNull(twoFactorBackupCodes.usedAt)));
    return row?.count ?? 0;
  }

  /**
   * Checks an app code against the secret; on success records its step for this purpose, so that
   * the code (or an older one) cannot be spent on this purpose again.
   */
  async function acceptTotp(userId: string, sealedSecret: string, purpose: TotpPurpose, token: string) {
    const [spent] = await db
      .select({ timeStep: twoFactorUsedSteps.timeStep })
      .from(twoFactorUsedSteps)
      .where(and(eq(twoFactorUsedSteps.userId, userId), eq(twoFactorUsedSteps.purpose, purpose)));
    const result = await verify({
      secret: secrets.decrypt(sealedSecret),
      token,
      epoch: epoch(),
      epochTolerance: TOLERANCE_SECONDS,
      ...(spent && { afterTimeStep: spent.timeStep }),
    });
    if (!result.valid) return false;
    const step = (result as { timeStep: number }).timeStep;
    // One statement records the step only if it is later than the one last spent on this purpose:
    // of two requests with one code (on any instances), one passes.
    const claimed = await db
      .insert(twoFactorUsedSteps)
      .values({ userId, purpose, timeStep: step })
      .onConflictDoUpdate({
        target: [twoFactorUsedSteps.userId, twoFactorUsedSteps.purpose],
        set: { timeStep: step },
        setWhere: sql`${twoFactorUsedSteps.timeStep} < ${step}`,
      })
      .returning({ userId: twoFactorUsedSteps.userId });
    return claimed.length === 1;
  }

  async function acceptBackupCode(tx: Database, userId: string, code: string) {
    const claimed = await tx
      .update(twoFactorBackupCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(twoFactorBackupCodes.userId, userId),
          eq(twoFactorBackupCodes.codeHash, secrets.hashCode(userId, code)),
          isNull(twoFactorBackupCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorBackupCodes.id });
    return claimed.length === 1;
  }

  const locked = (seconds: number) =>
    tooManyAttempts("TWO_FACTOR_LOCKED", ACCOUNT_MESSAGES.twoFactorTooMany(minutesOf(seconds)), seconds);

  /**
   * Counts this code attempt before the code is checked (one atomic statement), so that a burst
   * of guesses cannot all be checked before the first failure is written. Returns its number.
   */
  async function reserveCodeAttempt(userId: string): Promise<number> {
    const reservation = await attempts.reserve("2fa", userId, TWO_FACTOR_POLICY);
    if (!reservation.allowed) throw locked(reservation.retryAfterSeconds);
    return reservation.count;
  }

  /** A wrong code: the attempt that used up the allowance says so. */
  async function refuseCode(userId: string, attempt: number): Promise<never> {
    if (attempt >= TWO_FACTOR_MAX_FAILURES) throw locked(await attempts.retryAfter("2fa", userId));
    throw new HttpError(400, "INVALID_2FA_CODE", ACCOUNT_MESSAGES.twoFactorInvalid);
  }

  /**
   * Checks a second-factor code of an enrolled user for a purpose (a sign-in or a protected act):
   * a 6-digit app code or an 8-character backup code. Wrong codes count towards a temporary lock.
   */
  async function checkCode(
    userId: string,
    rawCode: string,
    purpose: Exclude<TotpPurpose, "enrolment">,
  ): Promise<{ usedBackupCode: boolean }> {
    const attempt = await reserveCodeAttempt(userId);
    const user = await requireUser(userId);
    if (!user.twoFactorEnabled || !user.twoFactorSecret) {
      throw new HttpError(403, "TWO_FACTOR_NOT_ENABLED", ACCOUNT_MESSAGES.twoFactorNotEnabled);
    }
    const code = rawCode.replace(/[\s-]/g, "").toUpperCase();
    let ok = false;
    let usedBackupCode = false;
    if (/^\d{6}$/.test(code)) {
      ok = await acceptTotp(user.id, user.twoFactorSecret, purpose, code);
    } else if (/^[A-Z0-9]{8}$/.test(code)) {
      // The code is spent only together with its audit entry.
      ok = await db.transaction(async (tx) => {
        const claimed = await acceptBackupCode(tx, user.id, code);
        if (claimed)
          await writeAudit(tx, {
            organisationId: user.organisationId,
            actorId: user.id,
            action: "2fa_backup_code_used",
            entity: "user",
            entityId: user.id,
          });
        return claimed;
      });
      usedBackupCode = ok;
    }
    if (!ok) await refuseCode(user.id, attempt);
    await attempts.clear("2fa", user.id);
    return { usedBackupCode };
  }

  async function confirmPassword(userId: string, password: string) {
    const reservation = await attempts.reserve("password_confirm", userId, TWO_FACTOR_POLICY);
    if (!reservation.allowed) {
      const wait = reservation.retryAfterSeconds;
      throw tooManyAttempts("PASSWORD_CONFIRM_LOCKED", ACCOUNT_MESSAGES.passwordTooMany(minutesOf(wait)), wait);
    }
    const user = await requireUser(userId);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new HttpError(400, "PASSWORD_INCORRECT", ACCOUNT_MESSAGES.passwordIncorrect);
    }
    await attempts.clear("password_confirm", userId);
    return user;
  }

  return {
    checkCode,

    /** Starts (or restarts) enrolment: a new secret and new backup codes, not yet in force. */
    async setup(userId: string) {
      const user = await requireUser(userId);
      if (user.twoFactorEnabled)
        throw new HttpError(400, "TWO_FACTOR_ENABLED", ACCOUNT_MESSAGES.twoFactorAlreadyEnabled);
      const secret = generateSecret();
      const backupCodes = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ twoFactorSecret: secrets.encrypt(secret), updatedAt: clock.now() })
          .where(eq(users.id, userId));
        // Steps spent with an earlier secret say nothing about the new one.
        await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
        return issueBackupCodes(tx, userId);
      });
      const otpauthUrl = generateURI({
        issuer: ISSUER,
        label: user.email,
        secret,
        period: TOTP_PERIOD_SECONDS,
        digits: 6,
      });
      const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 1, width: 240 });
      return { qrCode, secret, backupCodes, otpauthUrl };
    },

    /** Turns two-factor on: the password first (its own limit), then the app's first code. */
    async verifySetup(userId: string, token: string, password: string) {
      await confirmPassword(userId, password);
      const attempt = await reserveCodeAttempt(userId);
      const user = await requireUser(userId);
      if (user.twoFactorEnabled)
        throw new HttpError(400, "TWO_FACTOR_ENABLED", ACCOUNT_MESSAGES.twoFactorAlreadyEnabled);
      if (!user.twoFactorSecret) throw badRequest(ACCOUNT_MESSAGES.twoFactorNoSetup);
      if (!(await acceptTotp(user.id, user.twoFactorSecret, "enrolment", token))) {
        await refuseCode(user.id, attempt);
      }
      await attempts.clear("2fa", user.id);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ twoFactorEnabled: true, updatedAt: clock.now() }).where(eq(users.id, userId));
        await writeAudit(tx, {
          organisationId: user.organisationId,
          actorId: user.id,
          action: "2fa_enabled",
          entity: "user",
          entityId: user.id,
        });
      });
      return { message: ACCOUNT_MESSAGES.twoFactorEnabled, enabled: true };
    },

    /** Completes a sign-in that is waiting for the second factor. */
    async completeLogin(sessionToken: string, token: string, meta: RequestMeta) {
      const pending = await sessions.findLive(sessionToken, "pending_2fa");
      if (!pending) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired, "SESSION_EXPIRED");
      let result: { usedBackupCode: boolean };
      try {
        result = await checkCode(pending.userId, token, "sign_in");
      } catch (error) {
        // Once the lock trips, the half-open session is of no more use.
        if (error instanceof HttpError && error.statusCode === 429) await sessions.revoke(pending.id, "2fa_failures");
        throw error;
      }
      await sessions.revoke(pending.id, "2fa_completed");
      const user = await requireUser(pending.userId);
      if (!user.isActive)
        throw new HttpError(
          403,
          "ACCOUNT_INACTIVE",
          "Your account has been deactivated. Please contact your administrator.",
        );
      const issued = await sessions.start(user.id, meta, {
        organisationId: user.organisationId,
        actorId: user.id,
        action: "login",
        entity: "session",
        after: { secondFactor: result.usedBackupCode ? "backup_code" : "totp" },
      });
      return {
        ...issued,
        user: toSessionUser(user),
        require2FA: false as const,
        usedBackupCode: result.usedBackupCode,
        backupCodesRemaining: await backupCodesRemaining(user.id),
      };
    },

    async status(userId: string) {
      const user = await requireUser(userId);
      return {
        enabled: user.twoFactorEnabled,
        backupCodesRemaining: user.twoFactorEnabled ? await backupCodesRemaining(userId) : 0,
      };
    },

    async disable(userId: string, password: string) {
      const user = await confirmPassword(userId, password);
      if (!user.twoFactorEnabled)
        throw new HttpError(400, "TWO_FACTOR_NOT_ENABLED", ACCOUNT_MESSAGES.twoFactorNotEnabled);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ twoFactorEnabled: false, twoFactorSecret: null, updatedAt: clock.now() })
          .where(eq(users.id, userId));
        await tx.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
        await tx.delete(twoFactorUsedSteps).where(eq(twoFactorUsedSteps.userId, userId));
        await writeAudit(tx, {
          organisationId: user.organisationId,
          actorId: user.id,
          action: "2fa_disabled",
          entity: "user",
          entityId: user.id,
        });
      });
      return { message: ACCOUNT_MESSAGES.twoFactorDisabled };
    },

    async regenerateBackupCodes(userId: string, password: string) {
      const user = await confirmPassword(userId, password);
      if (!user.twoFactorEnabled)
        throw new HttpError(400, "TWO_FACTOR_NOT_ENABLED", ACCOUNT_MESSAGES.twoFactorNotEnabled);
      const backupCodes = await db.transaction(async (tx) => {
        const codes = await issueBackupCodes(tx, userId);
        await writeAudit(tx, {
          organisationId: user.organisationId,
          actorId: user.id,
          action: "2fa_backup_codes_regenerated",
          entity: "user",
          entityId: user.id,
        });
        return codes;
      });
      return { message: english("account.server.backupCodesRenewed"), backupCodes };
    },

    /** The current app code for a secret (for tests and the CLI; never exposed over HTTP). */
    currentCode: (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) }),
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
