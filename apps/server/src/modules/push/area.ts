import type { Agent } from "node:https";
import type { NotificationPreferenceKind, PushPayload } from "@sprout/shared/schemas/push";
// The fastify augmentation below names the module it extends.
import type {} from "fastify";
import webpush from "web-push";
import type { Database } from "../../db/client.ts";
import { afterCommit } from "../../db/transaction.ts";
import type { Clock } from "../../lib/clock.ts";
import { enqueueForCentre, enqueueForFamilies, enqueueForUsers, type PushChild } from "./queue.ts";

export type { PushChild };

import { createPushSender, type PushSender } from "./sender.ts";
import { createPushService } from "./service.ts";

export interface PushOptions {
  publicKey: string;
  privateKey: string;
  subject: string;
  allowedHosts: readonly string[];
  /** An HTTPS agent for the push services (tests trust their stand-in's certificate with it). */
  agent?: Agent;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * What other areas call to push: the rows are written on their transaction `tx` (opened with
 * db/transaction.ts, or `db` itself after a write), and the worker is woken once it commits.
 */
export interface PushQueue {
  toUsers(
    tx: Database,
    userIds: readonly string[],
    kind: NotificationPreferenceKind,
    payload: PushPayload,
  ): Promise<number>;
  /** Each child's own guardians, one push per child named by `build`. */
  toFamilies(
    tx: Database,
    childIds: readonly string[],
    kind: NotificationPreferenceKind,
    build: (child: PushChild) => PushPayload,
  ): Promise<number>;
  /** Everyone at a centre, whatever they chose, with Urgency: high (emergencies). */
  toCentre(tx: Database, centerId: string, build: (centreName: string) => PushPayload): Promise<number>;
}

/** How often retries and pushes left by another (or a stopped) instance are looked for. */
const SWEEP_MS = 5_000;

export function createPushArea({
  db,
  clock,
  options,
  log,
}: {
  db: Database;
  clock: Clock;
  /** Null with PUSH=0: the routes answer that push is off and nothing is queued or sent. */
  options: PushOptions | null;
  log?: Logger;
}) {
  const enabled = options !== null;
  options ??= ephemeralPushOptions();
  const sender = createPushSender({
    db,
    clock,
    vapid: { publicKey: options.publicKey, privateKey: options.privateKey, subject: options.subject },
    allowedHosts: options.allowedHosts,
    agent: options.agent,
    log,
  });
  const off = async () => 0;
  const wake = (tx: Database, queued: number) => {
    if (queued > 0) afterCommit(tx, db, () => void sender.poke());
    return queued;
  };
  const queue: PushQueue = !enabled
    ? { toUsers: off, toFamilies: off, toCentre: off }
    : {
        toUsers: async (tx, userIds, kind, payload) =>
          wake(tx, await enqueueForUsers(tx, userIds, kind, payload, clock.now())),
        toFamilies: async (tx, childIds, kind, build) =>
          wake(tx, await enqueueForFamilies(tx, childIds, kind, build, clock.now())),
        toCentre: async (tx, centerId, build) => wake(tx, await enqueueForCentre(tx, centerId, build, clock.now())),
      };
  let timer: NodeJS.Timeout | null = null;
  return {
    service: createPushService({
      db,
      clock,
      publicKey: options.publicKey,
      allowedHosts: options.allowedHosts,
      enabled,
    }),
    sender,
    queue,
    start() {
      if (!enabled) return;
      timer = setInterval(() => void sender.poke(), SWEEP_MS);
      timer.unref();
      void sender.poke();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await sender.flush();
    },
  };
}
export type PushArea = ReturnType<typeof createPushArea>;

/** Keys for a server that was given none (tests, and a build without DATA_DIR): fresh each start. */
export function ephemeralPushOptions(): PushOptions {
  return { ...webpush.generateVAPIDKeys(), subject: "mailto:push@sprout.invalid", allowedHosts: [] };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The push worker, for tests and shutdown. */
    pushSender: PushSender;
    /** Queues pushes, for the scheduled jobs (the areas are given it when built). */
    pushQueue: PushQueue;
  }
}
