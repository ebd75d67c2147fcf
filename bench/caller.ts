import { eq } from "drizzle-orm";
import { type Caller, resolveScope } from "../apps/server/src/auth/caller.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { type UserWithCentre, users } from "../apps/server/src/db/schema/users.ts";

/** A demo person as a service sees them after sign-in: for benches that call a service in process. */
export async function benchCaller(db: Database, email: string): Promise<Caller> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no demo user ${email}`);
  return {
    userId: user.id,
    sessionId: "bench",
    role: user.role,
    organisationId: user.organisationId,
    centerId: user.centerId,
    user: user as unknown as UserWithCentre,
    scope: () => resolveScope(db, user),
  };
}
