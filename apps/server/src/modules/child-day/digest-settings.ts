import { DIGEST_HOUR_DEFAULT, type DigestSettingInput } from "@sprout/shared/schemas/child-health";
import { eq } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { childDaySettings, digestOptOuts } from "../../db/schema/child-day.ts";
import type { Clock } from "../../lib/clock.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { mayConfigureDigest } from "./policy.ts";

/** The centre's digest hour (its leadership) and each parent's choice to receive it. */
export function createDigestSettingsService({ db, clock }: { db: Database; clock: Clock }) {
  async function assertCentre(caller: Caller, centerId: string) {
    if (!mayConfigureDigest(caller)) throw forbidden();
    if (!(await caller.scope()).centerIds.includes(centerId)) throw notFound("Centre");
  }
  return {
    async centre(caller: Caller, centerId: string) {
      await assertCentre(caller, centerId);
      const [row] = await db
        .select({ hour: childDaySettings.digestHour })
        .from(childDaySettings)
        .where(eq(childDaySettings.centerId, centerId));
      return { center_id: centerId, digest_hour: row?.hour ?? DIGEST_HOUR_DEFAULT };
    },
    async setCentre(caller: Caller, input: DigestSettingInput) {
      await assertCentre(caller, input.center_id);
      await db
        .insert(childDaySettings)
        .values({ centerId: input.center_id, digestHour: input.digest_hour })
        .onConflictDoUpdate({ target: childDaySettings.centerId, set: { digestHour: input.digest_hour } });
      return input;
    },
    async preference(caller: Caller) {
      const [row] = await db.select().from(digestOptOuts).where(eq(digestOptOuts.userId, caller.userId));
      return { daily_digest: !row };
    },
    async setPreference(caller: Caller, dailyDigest: boolean) {
      if (dailyDigest) await db.delete(digestOptOuts).where(eq(digestOptOuts.userId, caller.userId));
      else
        await db.insert(digestOptOuts).values({ userId: caller.userId, createdAt: clock.now() }).onConflictDoNothing();
      return { daily_digest: dailyDigest };
    },
  };
}
export type DigestSettingsService = ReturnType<typeof createDigestSettingsService>;
