import type { Agent } from "node:https";
import { DEFAULT_LANGUAGE, type Language } from "@sprout/shared/i18n/languages";
import type { PushPayload } from "@sprout/shared/schemas/push";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import webpush, { WebPushError } from "web-push";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { pushOutbox, pushSubscriptions } from "../../db/schema/push.ts";
import { users } from "../../db/schema/users.ts";
import { translatorFor } from "../../i18n/answers.ts";
import type { Clock } from "../../lib/clock.ts";
import { outboxRuns } from "../../lib/outbox-runs.ts";
import { endpointAllowed } from "./hosts.ts";
import { ORDINARY_TTL_SECONDS } from "./queue.ts";
import { morningSummary } from "./summary.ts";

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface PushSenderDeps {
  db: Database;
  clock: Clock;
  vapid: { publicKey: string; privateKey: string; subject: string };
  allowedHosts: readonly string[];
  /** An HTTPS agent for the push services (tests: one trusting the stand-in's certificate). */
  agent?: Agent;
  log?: Logger;
}

/** Tries per push before it is kept as failed; the waits between them double from 15 s. */
export const PUSH_MAX_ATTEMPTS = 8;
const FIRST_RETRY_SECONDS = 15;
/** A push service's Retry-After is believed up to an hour. */
const MAX_RETRY_AFTER_SECONDS = 60 * 60;
/** How long a claimed row is reserved for its sender; one that died loses it after that. */
const LEASE_SECONDS = 60;
const BATCH = 100;
/** Pushes in flight at once, so that an alert to 5,000 devices does not wait on each in turn. */
const CONCURRENCY = 50;
const REQUEST_TIMEOUT_MS = 10_000;

interface ClaimedRow {
  id: string;
  subscription_id: string;
  payload: unknown;
  urgency: "very-low" | "low" | "normal" | "high";
  ttl: number;
  attempts: number;
}

type Outcome = "sent" | "retry" | "gone" | "failed";

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterSeconds(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), MAX_RETRY_AFTER_SECONDS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, Math.ceil((at - now.getTime()) / 1000)), MAX_RETRY_AFTER_SECONDS);
}

interface Device {
  subscription: typeof pushSubscriptions.$inferSelect;
  language: Language | null;
}

/**
 * A push is queued in English from the catalogues, once for everyone it goes to; each device's
 * copy is said in its owner's language as it leaves.
 */
function inLanguage(payload: PushPayload, language: Language | null): PushPayload {
  const say = translatorFor(language ?? DEFAULT_LANGUAGE);
  return { ...payload, title: say(payload.title), body: say(payload.body) };
}

/**
 * The push worker: claims due rows of the outbox in one UPDATE … WHERE id IN (SELECT … FOR UPDATE
 * SKIP LOCKED) RETURNING, so that several instances never send one push twice; encrypts each
 * payload for its device (RFC 8291 aes128gcm, VAPID, by `web-push`) and posts it. The batch's
 * delivered rows are deleted together; 429 and 5xx are retried with a doubling wait, never sooner than Retry-After; 404 and
 * 410 (the browser unsubscribed) delete the subscription, and with it its queued pushes. Pushes
 * held through quiet hours are first folded into one summary per device.
 */
export function createPushSender({ db, clock, vapid, allowedHosts, agent, log }: PushSenderDeps) {
  async function claimDue(): Promise<ClaimedRow[]> {
    const now = clock.now();
    const lease = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const result = await db.execute(sql`
      update ${pushOutbox}
      set status = 'sending', attempts = attempts + 1, next_attempt_at = ${lease}
      where id in (
        select id from ${pushOutbox}
        where status in ('queued', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, subscription_id, payload, urgency, ttl, attempts`);
    return rowsOf<ClaimedRow>(result);
  }

  /**
   * Turns the held pushes of devices whose quiet hours have ended into one summary push each, in
   * one transaction. The devices are locked (SKIP LOCKED), so two instances never fold the same
   * device's pushes: each device gets exactly one summary. Returns how many devices were folded.
   */
  async function foldHeld(): Promise<number> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const found = rowsOf<{ id: string; language: Language | null }>(
        await tx.execute(sql`
          select s.id, u.language from ${pushSubscriptions} s
          join ${users} u on u.id = s.user_id
          where s.id in (
            select subscription_id from ${pushOutbox} where status = 'held' and next_attempt_at <= ${now}
          )
          limit ${BATCH}
          for no key update of s skip locked`),
      );
      const devices = found.map((device) => device.id);
      const languageOf = new Map(found.map((device) => [device.id, device.language ?? DEFAULT_LANGUAGE]));
      if (devices.length === 0) return 0;
      const held = await tx
        .delete(pushOutbox)
        .where(
          and(
            eq(pushOutbox.status, "held"),
            lte(pushOutbox.nextAttemptAt, now),
            inArray(pushOutbox.subscriptionId, devices),
          ),
        )
        .returning({ subscriptionId: pushOutbox.subscriptionId, kind: pushOutbox.kind });
      const kinds = new Map<string, (string | null)[]>();
      for (const row of held) kinds.set(row.subscriptionId, [...(kinds.get(row.subscriptionId) ?? []), row.kind]);
      if (kinds.size > 0)
        await tx.insert(pushOutbox).values(
          [...kinds].map(([subscriptionId, of]) => ({
            subscriptionId,
            payload: morningSummary(of, languageOf.get(subscriptionId) ?? DEFAULT_LANGUAGE),
            urgency: "normal" as const,
            ttl: ORDINARY_TTL_SECONDS,
            status: "queued" as const,
            kind: "summary",
            nextAttemptAt: now,
            createdAt: now,
          })),
        );
      return devices.length;
    });
  }

  async function deliver(row: ClaimedRow, device: Device | undefined) {
    if (!device) return "gone" as const;
    const { subscription, language } = device;
    if (!endpointAllowed(subscription.endpoint, allowedHosts)) {
      // The list was narrowed since the device subscribed: never call a host no longer accepted.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return "gone" as const;
    }
    const payload = JSON.stringify(
      inLanguage(typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload, language),
    );
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: row.ttl,
          urgency: row.urgency,
          contentEncoding: "aes128gcm",
          timeout: REQUEST_TIMEOUT_MS,
          ...(agent && { agent }),
        },
      );
      return "sent" as const;
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : 0;
      if (status === 404 || status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return "gone" as const;
      }
      const reason = String((error as Error).message ?? error).slice(0, 500);
      // 429, 5xx and network failures are the service's trouble: try again later. Any other
      // answer (400, 403, 413) will not change by waiting.
      const retryable = status === 0 || status === 429 || status >= 500;
      const lastTry = row.attempts >= PUSH_MAX_ATTEMPTS;
      if (!retryable || lastTry) {
        log?.warn({ status, attempt: row.attempts, reason }, "push not delivered");
        await db.update(pushOutbox).set({ status: "failed", error: reason }).where(eq(pushOutbox.id, row.id));
        return "failed" as const;
      }
      const header = error instanceof WebPushError ? error.headers?.["retry-after"] : undefined;
      const backOff = FIRST_RETRY_SECONDS * 2 ** (row.attempts - 1);
      const wait = Math.max(backOff, retryAfterSeconds(header, clock.now()) ?? 0);
      await db
        .update(pushOutbox)
        .set({ status: "queued", error: reason, nextAttemptAt: new Date(clock.now().getTime() + wait * 1000) })
        .where(eq(pushOutbox.id, row.id));
      return "retry" as const;
    }
  }

  /** Delivers every due push, batch by batch; returns how each one ended. */
  async function deliverDue() {
    const outcome: Record<Outcome, number> = { sent: 0, retry: 0, gone: 0, failed: 0 };
    while ((await foldHeld()) === BATCH);
    for (;;) {
      const rows = await claimDue();
      if (rows.length > 0) {
        const ids = [...new Set(rows.map((row) => row.subscription_id))];
        const subscriptions = new Map(
          (
            await db
              .select({ subscription: pushSubscriptions, language: users.language })
              .from(pushSubscriptions)
              .innerJoin(users, eq(users.id, pushSubscriptions.userId))
              .where(inArray(pushSubscriptions.id, ids))
          ).map((device) => [device.subscription.id, device]),
        );
        const sent: ClaimedRow[] = [];
        let next = 0;
        const lane = async () => {
          while (next < rows.length) {
            const row = rows[next++]!;
            const ended = await deliver(row, subscriptions.get(row.subscription_id));
            outcome[ended]++;
            if (ended === "sent") sent.push(row);
          }
        };
        await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, lane));
        // Two statements per batch rather than two per push: at 5,000 devices the database, not
        // the push service, was what an alert waited on. (A crash before them resends the batch
        // after its lease, as a crash mid-send always could.)
        if (sent.length > 0)
          await Promise.all([
            db.delete(pushOutbox).where(
              inArray(
                pushOutbox.id,
                sent.map((row) => row.id),
              ),
            ),
            db
              .update(pushSubscriptions)
              .set({ lastDeliveredAt: clock.now() })
              .where(inArray(pushSubscriptions.id, [...new Set(sent.map((row) => row.subscription_id))])),
          ]);
      }
      if (rows.length < BATCH) return outcome;
    }
  }

  const runs = outboxRuns(deliverDue, (error) => log?.error({ err: error }, "push outbox run failed"));
  const poke = runs.poke;

  return {
    deliverDue,
    poke,
    /** Waits for the delivery run in progress (on shutdown and in tests). */
    flush: runs.settled,
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
