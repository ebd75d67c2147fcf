import { ACCESS_TOKEN_TTL_SECONDS, SESSION_TTL_DAYS, TWO_FACTOR_SESSION_SECONDS } from "@sprout/shared/constants";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions } from "../db/schema/sessions.ts";
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

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** Server-side sessions: issue, look up, rotate and revoke. */
export function createSessionService({
  db,
  clock,
  accessTokens,
}: {
  db: Database;
  clock: Clock;
  accessTokens: AccessTokens;
}) {
  async function issueTokens(sessionId: string, userId: string) {
    const refreshToken = randomToken();
    await db
      .update(sessions)
      .set({ refreshTokenHash: sha256(refreshToken) })
      .where(eq(sessions.id, sessionId));
    const token = await accessTokens.sign({ userId, sessionId }, clock.now());
    return { token, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  return {
    /** A full session, after the password (and second factor, if any) were given. */
    async start(userId: string, meta: RequestMeta): Promise<IssuedSession> {
      const sessionToken = randomToken();
      const csrfToken = randomToken();
      const [row] = await db
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
      return { sessionToken, csrfToken, ...(await issueTokens(row!.id, userId)) };
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
     * Swaps a refresh token for new tokens. A refresh token that was already used means two
     * parties hold it, so the session is revoked.
     */
    async rotate(refreshToken: string): Promise<IssuedSession | "invalid" | "reused"> {
      const hash = sha256(refreshToken);
      const now = clock.now();
      const [current] = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash));
      if (!current) {
        const [reused] = await db.select().from(sessions).where(eq(sessions.previousRefreshHash, hash));
        if (reused && !reused.revokedAt) {
          await db
            .update(sessions)
            .set({ revokedAt: now, revokedReason: "refresh_token_reuse" })
            .where(eq(sessions.id, reused.id));
          return "reused";
        }
        return "invalid";
      }
      if (current.revokedAt || current.expiresAt <= now || current.stage !== "active") return "invalid";
      const sessionToken = randomToken();
      const csrfToken = randomToken();
      const nextRefresh = randomToken();
      // The compare-and-set on the old hash makes two concurrent rotations of one token lose one.
      const updated = await db
        .update(sessions)
        .set({
          sessionTokenHash: sha256(sessionToken),
          csrfToken,
          refreshTokenHash: sha256(nextRefresh),
          previousRefreshHash: hash,
        })
        .where(and(eq(sessions.id, current.id), eq(sessions.refreshTokenHash, hash)))
        .returning({ id: sessions.id });
      if (updated.length === 0) return "invalid";
      const token = await accessTokens.sign({ userId: current.userId, sessionId: current.id }, now);
      return { token, sessionToken, csrfToken, refreshToken: nextRefresh, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },

    async revoke(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllOfUser(userId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
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
