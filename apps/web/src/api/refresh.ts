import { refreshResponse } from "@sprout/shared/schemas/auth";
import { endSession, readTokens, saveTokens } from "../auth/session";

/** refreshed: new tokens are stored; ended: the server refused and the session is over; unreachable: try later. */
export type RefreshOutcome = "refreshed" | "ended" | "unreachable";

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Trades the stored refresh token for new tokens. Calls made at the same time share one attempt,
 * and tabs take turns through a Web Lock: refresh tokens rotate and a reused one ends the session
 * on the server, so two tabs must never spend the same token. A refused attempt (or no refresh token at all) ends the session.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= withRefreshLock(refreshOnce).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function withRefreshLock(work: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  const spent = readTokens().refreshToken;
  return locks.request("sprout-refresh-token", async () => {
    const current = readTokens().refreshToken;
    // Another tab rotated the tokens while this one waited: use theirs.
    if (current && current !== spent) return "refreshed";
    return work();
  });
}

async function refreshOnce(): Promise<RefreshOutcome> {
  const { refreshToken } = readTokens();
  if (!refreshToken) {
    endSession();
    return "ended";
  }
  try {
    const response = await fetch("/api/auth/refresh-token", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ refreshToken }),
    });
    // A server that cannot answer has not refused the session; only a refusal ends it.
    if (response.status >= 500) return "unreachable";
    const tokens = response.ok ? refreshResponse.safeParse(await response.json().catch(() => null)) : null;
    if (!tokens?.success) {
      endSession();
      return "ended";
    }
    saveTokens(tokens.data);
    return "refreshed";
  } catch {
    return "unreachable";
  }
}
