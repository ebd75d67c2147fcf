import { eq } from "drizzle-orm";
import type { Database, Listen } from "../db/client.ts";
import { centers } from "../db/schema/organisations.ts";
import { sessions } from "../db/schema/sessions.ts";
import type { UserWithCentre } from "../db/schema/users.ts";
import { users } from "../db/schema/users.ts";
import type { Clock } from "../lib/clock.ts";

export type SessionRow = typeof sessions.$inferSelect;

/** What every authenticated call needs: the session it names and that session's user. */
export interface Credentials {
  session: SessionRow;
  user: UserWithCentre;
}

/** The channel the users and sessions triggers (migration 0014) announce changes on. */
export const AUTH_CHANGES_CHANNEL = "sprout_auth_changes";
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Signed-in sessions and their users, kept in memory so that an authenticated call costs no
 * database round trip. Correctness comes from the database: a trigger announces every change of
 * a user or session row (revocation, rotation, deactivation, role change), on every instance,
 * and the copy is dropped. While the announcements are not arriving (not yet listening, or the
 * listening connection dropped) nothing is kept and every call reads the database.
 */
export function createCredentialCache(clock: Clock) {
  const entries = new Map<string, { credentials: Credentials; storedAt: number }>();
  let listening = false;
  // Bumped by every change: a read that started before a change must not store what it read.
  let changes = 0;

  function forget(notice: string) {
    changes++;
    const [kind, id] = notice.split(":");
    if (kind === "session") entries.delete(id!);
    else if (kind === "user") {
      for (const [sessionId, entry] of entries) if (entry.credentials.user.id === id) entries.delete(sessionId);
    } else entries.clear();
  }

  return {
    async get(sessionId: string, load: () => Promise<Credentials | null>): Promise<Credentials | null> {
      const now = clock.now().getTime();
      const kept = entries.get(sessionId);
      if (listening && kept && now - kept.storedAt < TTL_MS) return kept.credentials;
      const changesBefore = changes;
      const credentials = await load();
      if (listening && credentials && changes === changesBefore) {
        entries.delete(sessionId);
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(sessionId, { credentials, storedAt: now });
      }
      return credentials;
    },
    /** Drops this instance's copy at once (the trigger tells the other instances). */
    forget,
    /** Follows the announcements; returns the function that stops following them. */
    async follow(listen: Listen) {
      return listen(AUTH_CHANGES_CHANNEL, forget, (isListening) => {
        listening = isListening;
        forget("all");
      });
    },
  };
}
export type CredentialCache = ReturnType<typeof createCredentialCache>;

/** The session and its user in one round trip. */
export async function loadCredentials(db: Database, sessionId: string): Promise<Credentials | null> {
  const [row] = await db
    .select({ session: sessions, user: users, centerName: centers.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(centers, eq(centers.id, users.centerId))
    .where(eq(sessions.id, sessionId));
  return row ? { session: row.session, user: { ...row.user, centerName: row.centerName } } : null;
}
