import { DEFAULT_LANGUAGE, type Language } from "@sprout/shared/i18n/languages";
import {
  ACCOUNT_MESSAGES,
  INVITATION_TTL_SECONDS,
  RESET_CODE_LENGTH,
  RESET_CODE_TTL_SECONDS,
  RESET_MAX_ATTEMPTS,
} from "@sprout/shared/schemas/account";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { passwordResets } from "../db/schema/account.ts";
import { users } from "../db/schema/users.ts";
import { writeAudit } from "../lib/audit.ts";
import type { Clock } from "../lib/clock.ts";
import { HttpError, notFound } from "../lib/errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { forcedResetMail, invitationMail, passwordChangedMail, resetCodeMail } from "../mail/templates.ts";
import type { AttemptCounter } from "./attempts.ts";
import { minutesOf, RESET_REQUEST_POLICY, tooManyAttempts } from "./limits.ts";
import { hashPassword } from "./passwords.ts";
import { maskEmail, randomCode, type SecretBox } from "./secrets.ts";
import type { UserDirectory } from "./session-user.ts";
import type { SessionService } from "./sessions.ts";
import { randomToken, safeEqual, sha256 } from "./tokens.ts";

interface Deps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  secrets: SecretBox;
  attempts: AttemptCounter;
  sessions: SessionService;
  directory: UserDirectory;
  /** APP_URL: the public address for links in e-mails (required in production). */
  appUrl?: string;
}

type ResetRow = typeof passwordResets.$inferSelect;

/**
 * Forgot password → code by e-mail → reset token → new password. The same path sets a first
 * password for invited accounts and a new one after an administrator forces a reset.
 */
export function createPasswordResetService({
  db,
  clock,
  mailer,
  secrets,
  attempts,
  sessions,
  directory,
  appUrl: configuredAppUrl,
}: Deps) {
  const minutes = RESET_CODE_TTL_SECONDS / 60;

  /** Writes a new challenge for an address (replacing any live one) and returns it with its code. */
  async function createChallenge(
    email: string,
    userId: string | null,
    purpose: "reset" | "invitation",
    ttlSeconds: number,
  ) {
    const now = clock.now();
    const code = randomCode(RESET_CODE_LENGTH);
    await db
      .update(passwordResets)
      .set({ supersededAt: now })
      .where(and(eq(passwordResets.email, email), isNull(passwordResets.usedAt), isNull(passwordResets.supersededAt)));
    const id = crypto.randomUUID();
    await db.insert(passwordResets).values({
      id,
      userId,
      email,
      purpose,
      codeHash: secrets.hashCode(id, code),
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      createdAt: now,
    });
    return { id, code };
  }

  function statusOf(row: ResetRow): "pending" | "verified" | "used" | "expired" | "locked" | "superseded" {
    const now = clock.now();
    if (row.usedAt) return "used";
    if (row.supersededAt) return "superseded";
    if (row.verifiedAt) return row.resetTokenExpiresAt && row.resetTokenExpiresAt > now ? "verified" : "expired";
    if (row.failedAttempts >= RESET_MAX_ATTEMPTS) return "locked";
    if (row.expiresAt <= now) return "expired";
    return "pending";
  }

  async function findChallenge(resetId: string, email: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.id, resetId), eq(passwordResets.email, email.trim().toLowerCase())));
    return row ?? null;
  }

  return {
    /** Same answer, same work and same limits whether or not the address has an account. */
    /** The code goes in the person's own language, else in the language the form was filled in. */
    async requestReset(rawEmail: string, askedIn: Language) {
      const email = rawEmail.trim().toLowerCase();
      const reservation = await attempts.reserve("reset_request", email, RESET_REQUEST_POLICY);
      if (!reservation.allowed) {
        const wait = reservation.retryAfterSeconds;
        throw tooManyAttempts("RESET_RATE_LIMITED", ACCOUNT_MESSAGES.resetTooMany(minutesOf(wait)), wait);
      }
      const user = await directory.findByEmail(email);
      const eligible = user?.isActive ? user : null;
      const challenge = await createChallenge(email, eligible?.id ?? null, "reset", RESET_CODE_TTL_SECONDS);
      if (eligible) {
        await mailer.send(
          resetCodeMail(eligible.email, eligible.fullName, challenge.code, minutes, eligible.language ?? askedIn),
        );
      }
      return { message: ACCOUNT_MESSAGES.resetSent, resetId: challenge.id, maskedEmail: maskEmail(email) };
    },

    /** After an administrator forced a reset: the sign-in that proved the password gets a code. */
    async startForcedReset(user: { id: string; email: string; fullName: string; language: Language | null }) {
      const email = user.email.toLowerCase();
      const challenge = await createChallenge(email, user.id, "reset", RESET_CODE_TTL_SECONDS);
      await mailer.send(
        forcedResetMail(user.email, user.fullName, challenge.code, minutes, user.language ?? DEFAULT_LANGUAGE),
      );
      return { resetId: challenge.id, maskedEmail: maskEmail(email) };
    },

    /**
     * A new account without a password: e-mail a code (valid 72 h) and a link to set one. The
     * link uses APP_URL; the request's own address is only a fallback outside production (where
     * APP_URL is required), so a forged Host header cannot put its link in our mail.
     */
    async invite(
      user: { id: string; email: string; fullName: string; language?: Language | null },
      requestAppUrl: string,
    ) {
      const email = user.email.toLowerCase();
      const challenge = await createChallenge(email, user.id, "invitation", INVITATION_TTL_SECONDS);
      const link = `${configuredAppUrl ?? requestAppUrl}/verify-reset-code?email=${encodeURIComponent(email)}&resetId=${challenge.id}&invite=1`;
      await mailer.send(
        invitationMail(
          user.email,
          user.fullName,
          challenge.code,
          link,
          INVITATION_TTL_SECONDS / 3600,
          user.language ?? DEFAULT_LANGUAGE,
        ),
      );
      return { resetId: challenge.id };
    },

    async verifyCode(email: string, resetId: string, code: string) {
      const row = await findChallenge(resetId, email);
      if (!row) throw new HttpError(400, "INVALID_CODE", ACCOUNT_MESSAGES.codeInvalid(RESET_MAX_ATTEMPTS - 1));
      const status = statusOf(row);
      if (status === "used" || status === "verified") throw new HttpError(400, "CODE_USED", ACCOUNT_MESSAGES.codeUsed);
      if (status === "locked") throw new HttpError(429, "CODE_LOCKED", ACCOUNT_MESSAGES.codeLocked);
      if (status === "expired" || status === "superseded")
        throw new HttpError(400, "CODE_EXPIRED", ACCOUNT_MESSAGES.codeExpired);

      // Every guess takes one of the attempts in one statement before the code is compared, so
      // a burst of guesses (on any number of instances) gets at most RESET_MAX_ATTEMPTS checks.
      const [counted] = await db
        .update(passwordResets)
        .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
        .where(
          and(
            eq(passwordResets.id, row.id),
            lt(passwordResets.failedAttempts, RESET_MAX_ATTEMPTS),
            isNull(passwordResets.verifiedAt),
          ),
        )
        .returning({ used: passwordResets.failedAttempts });
      if (!counted) throw new HttpError(429, "CODE_LOCKED", ACCOUNT_MESSAGES.codeLocked);
      const matches = safeEqual(row.codeHash, secrets.hashCode(row.id, code.toUpperCase()));
      if (!matches || !row.userId) {
        const remaining = RESET_MAX_ATTEMPTS - counted.used;
        if (remaining <= 0) throw new HttpError(429, "CODE_LOCKED", ACCOUNT_MESSAGES.codeLocked);
        throw new HttpError(400, "INVALID_CODE", ACCOUNT_MESSAGES.codeInvalid(remaining));
      }

      const resetToken = randomToken();
      const now = clock.now();
      const claimed = await db
        .update(passwordResets)
        .set({
          verifiedAt: now,
          resetTokenHash: sha256(resetToken),
          resetTokenExpiresAt: new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000),
        })
        .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.verifiedAt)))
        .returning({ id: passwordResets.id });
      if (claimed.length === 0) throw new HttpError(400, "CODE_USED", ACCOUNT_MESSAGES.codeUsed);
      const user = await directory.findById(row.userId);
      return { resetToken, userName: user?.fullName ?? "" };
    },

    async resetPassword(email: string, resetId: string, resetToken: string, newPassword: string) {
      const row = await findChallenge(resetId, email);
      const now = clock.now();
      const valid =
        row?.userId &&
        row.verifiedAt &&
        !row.usedAt &&
        !row.supersededAt &&
        row.resetTokenHash &&
        row.resetTokenExpiresAt &&
        row.resetTokenExpiresAt > now &&
        safeEqual(row.resetTokenHash, sha256(resetToken));
      if (!valid || !row?.userId) throw new HttpError(400, "RESET_TOKEN_INVALID", ACCOUNT_MESSAGES.resetTokenInvalid);
      const user = await directory.findById(row.userId);
      if (!user) throw notFound("User");
      const passwordHash = await hashPassword(newPassword);
      // The token is spent, the password changed and the audit entry written together, or none.
      await db.transaction(async (tx) => {
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (claimed.length === 0) throw new HttpError(400, "RESET_TOKEN_INVALID", ACCOUNT_MESSAGES.resetTokenInvalid);
        await tx
          .update(users)
          .set({ passwordHash, mustResetPassword: false, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
          .where(eq(users.id, user.id));
        await writeAudit(tx, {
          organisationId: user.organisationId,
          actorId: user.id,
          action: row.purpose === "invitation" ? "password_set" : "password_reset",
          entity: "user",
          entityId: user.id,
        });
      });
      await sessions.revokeAllOfUser(user.id, "password_reset");
      // The code proved who they are: earlier wrong sign-ins no longer slow them down.
      await attempts.clear("login", user.email.toLowerCase());
      await mailer.send(passwordChangedMail(user.email, user.fullName, user.language ?? DEFAULT_LANGUAGE));
      return { message: row.purpose === "invitation" ? ACCOUNT_MESSAGES.invitationDone : ACCOUNT_MESSAGES.resetDone };
    },

    async status(resetId: string) {
      const [row] = await db.select().from(passwordResets).where(eq(passwordResets.id, resetId));
      if (!row) throw notFound("Reset request");
      const status = statusOf(row);
      const expiresAt = status === "verified" && row.resetTokenExpiresAt ? row.resetTokenExpiresAt : row.expiresAt;
      return {
        resetId: row.id,
        status,
        kind: row.purpose === "invitation" ? ("invitation" as const) : ("reset" as const),
        expiresAt: expiresAt.toISOString(),
        expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - clock.now().getTime()) / 1000)),
        attemptsRemaining: Math.max(0, RESET_MAX_ATTEMPTS - row.failedAttempts),
      };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
