import {
  type NotificationPreferences,
  PUSH_DEVICE_LIMIT,
  PUSH_MESSAGES,
  type PushDeviceList,
  type PushSubscriptionInput,
} from "@sprout/shared/schemas/push";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { notificationPreferences, pushSubscriptions } from "../../db/schema/push.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { endpointAllowed } from "./hosts.ts";
import { toDevice, toPreferences } from "./presenter.ts";

interface Deps {
  db: Database;
  clock: Clock;
  publicKey: string;
  allowedHosts: readonly string[];
  /** PUSH=0: nothing is pushed, so no browser is asked to subscribe. */
  enabled: boolean;
}

/** Subscriptions (the caller's devices) and the caller's choice of what is pushed. */
export function createPushService({ db, clock, publicKey, allowedHosts, enabled }: Deps) {
  const assertEnabled = () => {
    if (!enabled) throw new HttpError(404, "PUSH_DISABLED", PUSH_MESSAGES.disabled);
  };
  return {
    publicKey: () => {
      assertEnabled();
      return { publicKey };
    },

    /**
     * Keeps the browser's subscription for the caller and this session. Idempotent per endpoint:
     * the same browser subscribing again (or after another account signed in on it) updates the
     * one row, which then belongs to the caller alone. A new device past the limit is refused;
     * the caller's row is locked first, so that parallel calls cannot pass the limit together.
     */
    async subscribe(caller: Caller, input: PushSubscriptionInput, userAgent: string | undefined) {
      assertEnabled();
      if (!endpointAllowed(input.endpoint, allowedHosts))
        throw badRequest(PUSH_MESSAGES.hostNotAllowed, { endpoint: PUSH_MESSAGES.hostNotAllowed });
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from users where id = ${caller.userId} for update`);
        const [existing] = await tx
          .select({ userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, input.endpoint));
        if (existing?.userId !== caller.userId) {
          const [mine] = await tx
            .select({ total: count() })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, caller.userId));
          if ((mine?.total ?? 0) >= PUSH_DEVICE_LIMIT)
            throw new HttpError(409, "DEVICE_LIMIT", PUSH_MESSAGES.deviceLimit);
        }
        const values = {
          userId: caller.userId,
          sessionId: caller.sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent?.slice(0, 300) ?? null,
        };
        const [row] = await tx
          .insert(pushSubscriptions)
          .values({ ...values, createdAt: clock.now() })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
          .returning();
        return toDevice(row!);
      });
    },

    /** Forgets one of the caller's devices; another account's endpoint is left alone. */
    async unsubscribe(caller: Caller, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, caller.userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async devices(caller: Caller): Promise<PushDeviceList> {
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, caller.userId))
        .orderBy(desc(pushSubscriptions.createdAt))
        .limit(PUSH_DEVICE_LIMIT);
      return { devices: rows.map(toDevice) };
    },

    async preferences(caller: Caller): Promise<NotificationPreferences> {
      const [row] = await db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, caller.userId));
      return toPreferences(row);
    },

    /**
     * Changes the kinds (and quiet hours) named; the others keep their value (all on, quiet from
     * 21:00 to 07:00, until first changed). Pushes already held keep the end they were given.
     */
    async updatePreferences(caller: Caller, change: Partial<NotificationPreferences>) {
      const set = {
        ...(change.messages !== undefined && { messages: change.messages }),
        ...(change.daily_activities !== undefined && { dailyActivities: change.daily_activities }),
        ...(change.photos !== undefined && { photos: change.photos }),
        ...(change.health_and_incidents !== undefined && { healthAndIncidents: change.health_and_incidents }),
        ...(change.announcements !== undefined && { announcements: change.announcements }),
        ...(change.billing !== undefined && { billing: change.billing }),
        ...(change.quiet_hours !== undefined &&
          (change.quiet_hours === null
            ? { quietHours: false }
            : { quietHours: true, quietStart: change.quiet_hours.start, quietEnd: change.quiet_hours.end })),
        updatedAt: clock.now(),
      };
      const [row] = await db
        .insert(notificationPreferences)
        .values({ userId: caller.userId, ...set })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set })
        .returning();
      return toPreferences(row);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;

/** Signing out of a device (or every device) ends its pushes: auth/sessions.ts calls these. */
export async function removeSessionSubscriptions(db: Database, sessionId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

export async function removeUserSubscriptions(db: Database, userId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
