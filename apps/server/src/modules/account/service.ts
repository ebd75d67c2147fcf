import type { AccountPreferences, AccountPreferencesUpdate } from "@sprout/shared/schemas/account";
import { eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { afterCommit, transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";

/**
 * A person's own choices about how Sprout speaks to them. `forget` drops this instance's copy of
 * the signed-in user at once (the database's notice reaches the others), so the very next call
 * already answers in the new language.
 */
export function createAccountService({
  db,
  clock,
  forget,
}: {
  db: Database;
  clock: Clock;
  forget: (notice: string) => void;
}) {
  return {
    async preferences(caller: Caller): Promise<AccountPreferences> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, caller.userId));
      return { language: row?.language ?? null };
    },

    async updatePreferences(caller: Caller, update: AccountPreferencesUpdate): Promise<AccountPreferences> {
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ language: update.language, updatedAt: clock.now() })
          .where(eq(users.id, caller.userId))
          .returning({ language: users.language });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "account.preferences",
          entity: "user",
          entityId: caller.userId,
          after: { language: update.language },
        });
        afterCommit(tx, db, () => forget(`user:${caller.userId}`));
        return { language: row?.language ?? null };
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
