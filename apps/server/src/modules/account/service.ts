import type { AccountPreferences, AccountPreferencesUpdate } from "@sprout/shared/schemas/account";
import { eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";
import { transaction } from "../../db/transaction.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";

/** A person's own choices about how Sprout speaks to them. */
export function createAccountService({ db, clock }: { db: Database; clock: Clock }) {
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
        return { language: row?.language ?? null };
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
