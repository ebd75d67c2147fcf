import {
  ACCOUNT_MESSAGES,
  EMAILED_CODE_LENGTH,
  EMAILED_CODE_MAX_ATTEMPTS,
  EMAILED_CODE_RESEND_SECONDS,
  EMAILED_CODE_TTL_SECONDS,
  type EmailedCodeResponse,
} from "@sprout/shared/schemas/account";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oneTimeCodes } from "../db/schema/account.ts";
import { writeAudit } from "../lib/audit.ts";
import type { Clock } from "../lib/clock.ts";
import type { Mailer, OutgoingMail } from "../mail/mailer.ts";
import type { AttemptCounter } from "./attempts.ts";
import { EMAILED_CODE_REQUEST_POLICY, minutesOf, tooManyAttempts } from "./limits.ts";
import { maskEmail, randomDigits, type SecretBox } from "./secrets.ts";
import { safeEqual } from "./tokens.ts";

export type OneTimeCodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

/** What each purpose's code confirms, for the audit entry written when a code is spent. */
const PURPOSES: Record<OneTimeCodePurpose, { entity: string; usedAction: string }> = {
  invoice_download: { entity: "invoice", usedAction: "invoice_download_code_used" },
};

/** The signed-in user a code is for: it goes to their own address, never to one a caller names. */
export interface CodeHolder {
  id: string;
  organisationId: string;
  email: string;
  fullName: string;
}

/**
 * How a presented code fared. `absent`: no code was sent for this act (none at all, or the user's
 * latest code is for another record); the other refusals name the state of the code that was.
 */
export type Redemption =
  | { kind: "accepted" }
  | { kind: "absent" }
  | { kind: "expired" }
  | { kind: "used" }
  | { kind: "locked" }
  | { kind: "wrong"; remaining: number };

interface Deps {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  attempts: AttemptCounter;
  mailer: Mailer;
}

/**
 * One-time 6-digit codes e-mailed to the signed-in user to confirm one act on one record, for
 * people without an authenticator app (issue 30). Made, limited and spent like the password-reset
 * code (auth/password-reset.ts): only a keyed hash is stored, bound to the code's own id; it lives
 * EMAILED_CODE_TTL_SECONDS; every check takes one of EMAILED_CODE_MAX_ATTEMPTS in the statement
 * that finds the code; it is spent once, together with its audit entry. One live code per user and
 * purpose: a new one replaces the old one in place (not sooner than EMAILED_CODE_RESEND_SECONDS
 * after it), and requests per user are limited in the database (EMAILED_CODE_REQUEST_POLICY), so
 * the limits hold across instances. Delivery goes through the mail outbox.
 */
export function createOneTimeCodes({ db, clock, secrets, attempts, mailer }: Deps) {
  const ofUser = (userId: string, purpose: OneTimeCodePurpose) =>
    and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));

  /** Seconds until the user's current code may be replaced (0: now). */
  const resendWait = (createdAt: Date) =>
    Math.max(0, Math.ceil((createdAt.getTime() + EMAILED_CODE_RESEND_SECONDS * 1000 - clock.now().getTime()) / 1000));
  const waitRefusal = (seconds: number) =>
    tooManyAttempts("EMAILED_CODE_WAIT", ACCOUNT_MESSAGES.emailedCodeWait(Math.max(1, seconds)), seconds);

  async function current(userId: string, purpose: OneTimeCodePurpose) {
    const [row] = await db.select().from(oneTimeCodes).where(ofUser(userId, purpose));
    return row ?? null;
  }

  /** Why no live code of this act could be counted. */
  async function whyNot(userId: string, purpose: OneTimeCodePurpose, subjectId: string): Promise<Redemption> {
    const row = await current(userId, purpose);
    if (!row || row.subjectId !== subjectId) return { kind: "absent" };
    if (row.usedAt) return { kind: "used" };
    if (row.attempts >= EMAILED_CODE_MAX_ATTEMPTS) return { kind: "locked" };
    return { kind: "expired" };
  }

  return {
    /**
     * Makes a new code for the act and queues the e-mail that carries it (`compose` writes it).
     * Refused with a 429 while the last code is younger than the resend wait, or when the user
     * has asked for too many codes lately.
     */
    async send(
      holder: CodeHolder,
      purpose: OneTimeCodePurpose,
      subjectId: string,
      compose: (code: string, minutes: number) => OutgoingMail,
    ): Promise<EmailedCodeResponse> {
      // An early, friendly answer for a second tap; the insert below is what decides.
      const previous = await current(holder.id, purpose);
      const early = previous ? resendWait(previous.createdAt) : 0;
      if (early > 0) throw waitRefusal(early);
      const reservation = await attempts.reserve(`${purpose}_code`, holder.id, EMAILED_CODE_REQUEST_POLICY);
      if (!reservation.allowed) {
        const wait = reservation.retryAfterSeconds;
        throw tooManyAttempts("EMAILED_CODE_RATE_LIMITED", ACCOUNT_MESSAGES.emailedCodeTooMany(minutesOf(wait)), wait);
      }

      const now = clock.now();
      const id = crypto.randomUUID();
      const code = randomDigits(EMAILED_CODE_LENGTH);
      const fresh = {
        id,
        subjectId,
        codeHash: secrets.hashCode(id, code),
        attempts: 0,
        expiresAt: new Date(now.getTime() + EMAILED_CODE_TTL_SECONDS * 1000),
        usedAt: null,
        createdAt: now,
      };
      // One statement replaces the user's code for this purpose, unless another request has just
      // written one: of two requests at once, one code is made and one e-mail sent.
      const written = await db
        .insert(oneTimeCodes)
        .values({ userId: holder.id, purpose, ...fresh })
        .onConflictDoUpdate({
          target: [oneTimeCodes.userId, oneTimeCodes.purpose],
          set: fresh,
          setWhere: lte(oneTimeCodes.createdAt, new Date(now.getTime() - EMAILED_CODE_RESEND_SECONDS * 1000)),
        })
        .returning({ id: oneTimeCodes.id });
      if (written.length === 0) {
        const latest = await current(holder.id, purpose);
        throw waitRefusal(latest ? resendWait(latest.createdAt) : EMAILED_CODE_RESEND_SECONDS);
      }
      await mailer.send(compose(code, EMAILED_CODE_TTL_SECONDS / 60));
      const sentTo = maskEmail(holder.email);
      return {
        message: ACCOUNT_MESSAGES.emailedCodeSent(sentTo),
        sentTo,
        expiresIn: EMAILED_CODE_TTL_SECONDS,
        resendIn: EMAILED_CODE_RESEND_SECONDS,
      };
    },

    /** Checks a presented code for the act; an accepted code is spent with its audit entry. */
    async redeem(
      holder: Pick<CodeHolder, "id" | "organisationId">,
      purpose: OneTimeCodePurpose,
      subjectId: string,
      presented: string,
    ): Promise<Redemption> {
      const now = clock.now();
      // Every check takes one of the attempts in the statement that finds the live code, before
      // the code is compared: a burst of guesses (on any number of instances) gets at most
      // EMAILED_CODE_MAX_ATTEMPTS comparisons, as with the reset code.
      const [counted] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(
          and(
            ofUser(holder.id, purpose),
            eq(oneTimeCodes.subjectId, subjectId),
            isNull(oneTimeCodes.usedAt),
            gt(oneTimeCodes.expiresAt, now),
            lt(oneTimeCodes.attempts, EMAILED_CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash, attempts: oneTimeCodes.attempts });
      if (!counted) return whyNot(holder.id, purpose, subjectId);
      const code = presented.replace(/[\s-]/g, "");
      if (!safeEqual(counted.codeHash, secrets.hashCode(counted.id, code))) {
        const remaining = EMAILED_CODE_MAX_ATTEMPTS - counted.attempts;
        return remaining > 0 ? { kind: "wrong", remaining } : { kind: "locked" };
      }
      // Spent once: of two requests with the right code, one claims it. The claim and its audit
      // entry are written together, or neither (as the reset token and its password change are).
      const spent = await db.transaction(async (tx) => {
        const claimed = await tx
          .update(oneTimeCodes)
          .set({ usedAt: now })
          .where(and(ofUser(holder.id, purpose), eq(oneTimeCodes.id, counted.id), isNull(oneTimeCodes.usedAt)))
          .returning({ id: oneTimeCodes.id });
        if (claimed.length === 0) return false;
        await writeAudit(tx, {
          organisationId: holder.organisationId,
          actorId: holder.id,
          action: PURPOSES[purpose].usedAction,
          entity: PURPOSES[purpose].entity,
          entityId: subjectId,
        });
        return true;
      });
      return spent ? { kind: "accepted" } : whyNot(holder.id, purpose, subjectId);
    },
  };
}
export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;

/** Deletes codes that expired or were spent before `before` (the pruning job calls it). */
export async function pruneOneTimeCodes(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(oneTimeCodes)
    .where(or(lt(oneTimeCodes.expiresAt, before), lt(oneTimeCodes.usedAt, before)))
    .returning({ id: oneTimeCodes.id });
  return removed.length;
}
