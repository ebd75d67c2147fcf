import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_DAYS, TWO_FACTOR_SESSION_SECONDS } from "@sprout/shared/constants";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, spentRefreshTokens } from "../db/schema/sessions.ts";
import { type AuditEntry, writeAudit } from "../lib/audit.ts";
import type { Clock } from "../lib/clock.ts";
import type { AccessTokens } from "./tokens.ts";
import { randomToken, sha256 } from "./tokens.ts";

export interface IssuedSession {
  token: string;
  sessionToken: string;
  csrfToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** How long the refresh token just rotated away still answers (two tabs refreshing at once). */
export const REFRESH_GRACE_SECONDS = 30;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Server-side sessions: issue, look up, rotate and revoke. */
export function createSessionService({
  db,
  clock,
  accessTokens,
  forget = () => {},
  ended,
}: {
  db: Database;
  clock: Clock;
  accessTokens: AccessTokens;
  /**
   * What the areas drop when a session, or every session of a user, is revoked (a device's push
   * subscriptions, issue 32); composed by app.ts, so that sign-in knows no area.
   */
  ended: { session(sessionId: string): Promise<void>; user(userId: string): Promise<void> };
  /**
   * Drops this instance's kept copy of a session ("session:<id>") or of a user's sessions
   * ("user:<id>") as a revocation commits; other instances hear of it from the database.
   */
  forget?: (notice: string) => void;
}) {
  async function issueTokens(sessionId: string, userId: string, into: Database = db) {
    const refreshToken = randomToken();
    await into
      .update(sessions)
      .set({ refreshTokenHash: sha256(refreshToken) })
      .where(eq(sessions.id, sessionId));
    const token = await accessTokens.sign({ userId, sessionId }, clock.now());
    return { token, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  function successors(refreshToken: string) {
    return {
      sessionToken: accessTokens.successor(refreshToken, "session"),
      csrfToken: accessTokens.successor(refreshToken, "csrf"),
      refreshToken: accessTokens.successor(refreshToken, "refresh"),
    };
  }

  async function issue(
    userId: string,
    sessionId: string,
    next: ReturnType<typeof successors>,
    now: Date,
  ): Promise<IssuedSession> {
    const token = await accessTokens.sign({ userId, sessionId }, now);
    return { token, ...next, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  async function revokeForReuse(sessionId: string) {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now(), revokedReason: "refresh_token_reuse" })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await ended.session(sessionId);
    forget(`session:${sessionId}`);
  }

  return {
    /**
     * A full session, after the password (and second factor, if any) were given. The session and
     * its sign-in audit entry commit together: no session exists that the audit log does not show.
     */
    async start(userId: string, meta: RequestMeta, audit: AuditEntry): Promise<IssuedSession> {
      const sessionToken = randomToken();
      const csrfToken = randomToken();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sessions)
          .values({
            userId,
            sessionTokenHash: sha256(sessionToken),
            csrfToken,
            stage: "active",
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 500),
            expiresAt: new Date(clock.now().getTime() + SESSION_TTL_DAYS * 86_400_000),
          })
          .returning({ id: sessions.id });
        const tokens = await issueTokens(row!.id, userId, tx);
        await writeAudit(tx, { ...audit, entityId: row!.id });
        return { sessionToken, csrfToken, ...tokens };
      });
    },

    /** A half-open session that only the second factor can complete. */
    async startPendingTwoFactor(userId: string, meta: RequestMeta) {
      const sessionToken = randomToken();
      await db.insert(sessions).values({
        userId,
        sessionTokenHash: sha256(sessionToken),
        csrfToken: randomToken(),
        stage: "pending_2fa",
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500),
        expiresAt: new Date(clock.now().getTime() + TWO_FACTOR_SESSION_SECONDS * 1000),
      });
      return { sessionToken, expiresIn: TWO_FACTOR_SESSION_SECONDS };
    },

    /** The live session named by a session token, if it is still valid. */
    async findLive(sessionToken: string, stage: "active" | "pending_2fa" = "active") {
      const [row] = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.sessionTokenHash, sha256(sessionToken)),
            eq(sessions.stage, stage),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock.now()),
          ),
        );
      return row ?? null;
    },

    async findById(sessionId: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
      return row ?? null;
    },

    /**
     * Swaps a refresh token for new tokens. A session is one refresh-token family: the current
     * token rotates; the one just rotated away answers the same new tokens for
     * REFRESH_GRACE_SECONDS (two tabs, one rotation); any other token of the family spent again
     * means someone else holds it, and the session is revoked.
     */
    async rotate(refreshToken: string): Promise<IssuedSession | "invalid" | "reused"> {
      const hash = sha256(refreshToken);
      const now = clock.now();
      const [session] = await db
        .select()
        .from(sessions)
        .where(or(eq(sessions.refreshTokenHash, hash), eq(sessions.previousRefreshHash, hash)));
      if (!session) {
        const [spent] = await db.select().from(spentRefreshTokens).where(eq(spentRefreshTokens.hash, hash));
        if (!spent) return "invalid";
        await revokeForReuse(spent.sessionId);
        return "reused";
      }
      if (session.revokedAt || session.expiresAt <= now || session.stage !== "active") return "invalid";
      const next = successors(refreshToken);
      if (session.refreshTokenHash === hash) {
        // The compare-and-set on the current hash lets one of two concurrent rotations win.
        const won = await db
          .update(sessions)
          .set({
            sessionTokenHash: sha256(next.sessionToken),
            csrfToken: next.csrfToken,
            refreshTokenHash: sha256(next.refreshToken),
            previousRefreshHash: hash,
            rotatedAt: now,
          })
          .where(and(eq(sessions.id, session.id), eq(sessions.refreshTokenHash, hash)))
          .returning({ id: sessions.id });
        if (won.length === 1 && session.previousRefreshHash) {
          await db
            .insert(spentRefreshTokens)
            .values({ hash: session.previousRefreshHash, sessionId: session.id, spentAt: now })
            .onConflictDoNothing();
        }
        // The loser of the race is the previous token now, inside its grace window: same answer.
        return issue(session.userId, session.id, next, now);
      }
      const rotatedAt = session.rotatedAt?.getTime() ?? 0;
      if (now.getTime() - rotatedAt <= REFRESH_GRACE_SECONDS * 1000)
        return issue(session.userId, session.id, next, now);
      await revokeForReuse(session.id);
      return "reused";
    },

    async revoke(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      // Signing out of a device ends its pushes (issue 32): nothing reaches a phone signed out.
      await ended.session(sessionId);
      forget(`session:${sessionId}`);
    },

    async revokeAllOfUser(userId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await ended.user(userId);
      forget(`user:${userId}`);
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())));
      return row?.count ?? 0;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

/** Deletes sessions that ended (expired or revoked) before `before`, with their spent tokens. */
export async function pruneEndedSessions(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  return removed.length;
}
