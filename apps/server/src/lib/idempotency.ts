import { createHash } from "node:crypto";
import { OFFLINE_WRITES } from "@sprout/shared/offline";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { Database } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/idempotency.ts";
import type { Clock } from "./clock.ts";
import { badRequest, HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
/** Kept at least this long: a phone may stay offline for days. */
export const KEEP_ANSWERS_DAYS = 7;
/** A claim this old with no answer was left by an instance that died mid-request: it may be taken over. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a second request waits for the first one with the same key before answering 409. */
const WAIT_FOR_FIRST_MS = 15_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const OFFLINE = new Set<string>(OFFLINE_WRITES);

export const IDEMPOTENCY_MESSAGES = {
  badKey: "Idempotency-Key must be a UUID",
  notTaken: "This call does not take an Idempotency-Key",
  reused: "This Idempotency-Key was already used for a different request",
  inProgress: "A request with this Idempotency-Key is still being processed; try again shortly",
};

/** JSON with its object keys sorted, so that the same body hashes the same however it was written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function requestHash(request: FastifyRequest): string {
  const route = `${request.method} ${request.routeOptions.url}`;
  return createHash("sha256")
    .update(canonical([route, request.params ?? null, request.body ?? null]))
    .digest("base64url");
}

/**
 * Writes sent again with the same `Idempotency-Key` header are answered the first answer and
 * change nothing (ADR 0052). The key is the caller's: one person's key never answers another.
 * The first request claims the key with one INSERT (the primary key decides between two requests
 * that arrive at once, on any instance); a second one waits for the first one's answer. The
 * writes a device may queue offline (`OFFLINE_WRITES`) take the header; any other write refuses
 * it, so that no client believes a retry of it is safe.
 */
export function registerIdempotency(app: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/")) return;
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    const idempotent = [route.method].flat().some((method) => OFFLINE.has(`${method} ${route.url}`));
    if (!idempotent) {
      route.preHandler = [refuseKey, ...[route.preHandler ?? []].flat()];
      return;
    }
    const replay = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (!key || !request.caller) return;
      // A multipart body is read by the handler, after this hook: it cannot be hashed, so two
      // different uploads under one key would be answered alike (ADR 0052).
      if (request.headers["content-type"]?.startsWith("multipart/")) throw badRequest(IDEMPOTENCY_MESSAGES.notTaken);
      const hash = requestHash(request);
      if (await claim(request.caller.userId, key, hash)) {
        request.idempotencyKey = key;
        return;
      }
      const first = await firstAnswer(request.caller.userId, key, hash);
      return reply
        .code(first.statusCode)
        .header("content-type", "application/json; charset=utf-8")
        .header("idempotent-replayed", "true")
        .send(first.answer);
    };
    const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = request.idempotencyKey;
      if (!key) return payload;
      const where = and(eq(idempotencyKeys.userId, request.caller.userId), eq(idempotencyKeys.key, key));
      // A failure of ours is not an answer: the same request may be tried again.
      if (reply.statusCode >= 500 || typeof payload !== "string") {
        await db.delete(idempotencyKeys).where(where);
      } else {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, answer: payload, answeredAt: clock.now() })
          .where(where);
      }
      return payload;
    };
    route.preHandler = [replay, ...[route.preHandler ?? []].flat()];
    route.onSend = [keep, ...[route.onSend ?? []].flat()];
  });

  /** True when this request is the first with the key (or takes over an abandoned claim). */
  async function claim(userId: string, key: string, hash: string): Promise<boolean> {
    const now = clock.now();
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, claimedAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { claimedAt: now },
        setWhere: and(
          isNull(idempotencyKeys.statusCode),
          eq(idempotencyKeys.requestHash, hash),
          lt(idempotencyKeys.claimedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    return claimed.length === 1;
  }

  async function firstAnswer(userId: string, key: string, hash: string) {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      // Gone: the first request failed on our side and let go of the key; this one may not run
      // in its place after the fact, so the caller sends it again.
      if (!row || Date.now() > deadline) {
        throw new HttpError(409, "IDEMPOTENCY_IN_PROGRESS", IDEMPOTENCY_MESSAGES.inProgress);
      }
      if (row.requestHash !== hash) throw new HttpError(422, "IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGES.reused);
      if (row.statusCode !== null && row.answer !== null) return { statusCode: row.statusCode, answer: row.answer };
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !UUID.test(header)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
  return header.toLowerCase();
}

async function refuseKey(request: FastifyRequest) {
  if (request.headers[IDEMPOTENCY_HEADER] !== undefined) throw badRequest(IDEMPOTENCY_MESSAGES.notTaken);
}

/** Answers kept longer than a week, and claims never answered, go (the hourly prune job). */
export async function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - KEEP_ANSWERS_DAYS * 86_400_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(
      or(
        and(isNotNull(idempotencyKeys.answeredAt), lt(idempotencyKeys.answeredAt, before)),
        and(isNull(idempotencyKeys.answeredAt), lt(idempotencyKeys.claimedAt, before)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
