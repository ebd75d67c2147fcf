import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS } from "@sprout/shared/constants";
import { jwtVerify, SignJWT } from "jose";

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Verified tokens kept by each instance (a signature check is most of an idle call's cost). */
const MAX_VERIFIED = 10_000;

/** Short-lived access tokens, signed with the app secret and bound to one server-side session. */
export function createAccessTokens(appSecret: string) {
  const key = createHash("sha256").update(`access-token:${appSecret}`).digest();
  // A token's signature and claims never change, so one check holds until it expires; whether
  // its session is still live is asked on every call (the credential cache), so revocation
  // stays immediate.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const rotationKey = createHash("sha256").update(`refresh-rotation:${appSecret}`).digest();
  return {
    /**
     * The tokens that follow a refresh token, computed from it with a server-side key: the same
     * refresh token always leads to the same next tokens, so a refresh repeated within the grace
     * window can answer the same pair without keeping any token in the clear.
     */
    successor(refreshToken: string, purpose: "session" | "csrf" | "refresh"): string {
      return createHmac("sha256", rotationKey).update(`${purpose}:${refreshToken}`).digest("base64url");
    },
    async sign(claims: AccessClaims, now: Date): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      const kept = verified.get(token);
      if (kept) {
        if (now.getTime() < kept.expiresAt) return kept.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          currentDate: now,
        });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || !payload.exp) return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
