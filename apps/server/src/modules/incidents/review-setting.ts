import {
  INCIDENT_REVIEW_DEFAULT,
  type IncidentReviewSetting,
  type incidentReviewInput,
} from "@sprout/shared/schemas/incidents";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { incidentSettings } from "../../db/schema/incidents.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { assertMayEditReviewSetting, assertMayReadReviewSetting } from "./policy.ts";

/** Whether a manager reviews this centre's reports before parents see them (no row: the default). */
export async function reviewsFirst(db: Database, centerId: string): Promise<boolean> {
  const [row] = await db
    .select({ review: incidentSettings.reviewBeforeParents })
    .from(incidentSettings)
    .where(eq(incidentSettings.centerId, centerId));
  return row?.review ?? INCIDENT_REVIEW_DEFAULT;
}

/** The centre's review setting, read by its reporters and changed by its leadership. */
export function createReviewSettingService({ db, clock }: { db: Database; clock: Clock }) {
  async function assertCentre(caller: Caller, centerId: string) {
    if (!(await caller.scope()).centerIds.includes(centerId)) throw notFound("Centre");
  }

  async function read(centerId: string): Promise<IncidentReviewSetting> {
    const [row] = await db
      .select({ setting: incidentSettings, by: users.fullName })
      .from(incidentSettings)
      .leftJoin(users, eq(users.id, incidentSettings.updatedBy))
      .where(eq(incidentSettings.centerId, centerId));
    return {
      center_id: centerId,
      review_before_parents: row?.setting.reviewBeforeParents ?? INCIDENT_REVIEW_DEFAULT,
      updated_by: row?.by ?? null,
      updated_at: row?.setting.updatedAt.toISOString() ?? null,
    };
  }

  return {
    async get(caller: Caller, centerId: string) {
      assertMayReadReviewSetting(caller);
      await assertCentre(caller, centerId);
      return read(centerId);
    },

    async set(caller: Caller, input: z.output<typeof incidentReviewInput>) {
      assertMayEditReviewSetting(caller);
      await assertCentre(caller, input.center_id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await reviewsFirst(tx, input.center_id);
        const values = { reviewBeforeParents: input.review_before_parents, updatedBy: caller.userId, updatedAt: now };
        await tx
          .insert(incidentSettings)
          .values({ centerId: input.center_id, ...values })
          .onConflictDoUpdate({ target: incidentSettings.centerId, set: values });
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "incident.review_setting",
          entity: "center",
          entityId: input.center_id,
          before: { review_before_parents: before },
          after: { review_before_parents: input.review_before_parents },
        });
      });
      return read(input.center_id);
    },
  };
}
export type ReviewSettingService = ReturnType<typeof createReviewSettingService>;
