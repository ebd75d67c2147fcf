import type { OfflineWrite } from "@sprout/shared/offline";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api/client";
import { ApiError } from "../api/errors";
import { readSnapshot } from "../auth/session";
import { addTap, type QueuedTap, readQueue, refuseTap, removeTap, waitingTaps } from "./tapQueue";

/** The first retry after a failure of ours or of the network, doubled each time up to the last. */
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 5 * 60_000;

type Outcome = "sent" | "later" | "signed-out" | { refused: ApiError };

const pathOf = (write: OfflineWrite) => write.replace(/^POST \/api/, "");

/** One tap to the server, with its key: what the answer means for the queue. */
async function send(tap: QueuedTap): Promise<Outcome> {
  try {
    await apiRequest(pathOf(tap.write), { method: "POST", body: tap.body, headers: { "Idempotency-Key": tap.id } });
    return "sent";
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429)
      return "later";
    // The session ended (a refresh was refused): kept until the same person signs in again.
    if (error.status === 401) return "signed-out";
    // The same tap is still being recorded by the first request that carried its key.
    if (error.code === "IDEMPOTENCY_IN_PROGRESS") return "later";
    return { refused: error };
  }
}

let running: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let failures = 0;

/**
 * Sends the waiting taps one at a time, oldest first (a check-out must not reach the server before
 * its check-in), while the app is online and the queue's owner is signed in. A refusal is set
 * aside for the teacher and the next tap goes; no answer, or a failure of ours, stops the round
 * and tries again later, each time after twice as long.
 */
export function sendQueued(client: QueryClient): Promise<void> {
  running ??= drain(client).finally(() => {
    running = null;
  });
  return running;
}

async function drain(client: QueryClient) {
  clearTimeout(retry);
  let sent = false;
  try {
    for (;;) {
      const { userId, taps } = readQueue();
      const next = waitingTaps(taps)[0];
      if (!next || !userId || !onlineManager.isOnline() || readSnapshot().user?.id !== userId) return;
      const outcome = await send(next);
      // Signed out while the tap was on its way: the queue is no longer this session's.
      if (readQueue().userId !== userId) return;
      if (outcome === "signed-out") return;
      if (outcome === "later") {
        failures += 1;
        const wait = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LAST_RETRY_MS);
        retry = setTimeout(() => void sendQueued(client), wait);
        return;
      }
      failures = 0;
      if (outcome === "sent") {
        removeTap(next.id);
        sent = true;
      } else {
        refuseTap(next.id, outcome.refused.message);
      }
    }
  } finally {
    // What the screens show comes from the server again, now that it holds the taps.
    if (sent) void client.invalidateQueries();
  }
}

/** A tap as a screen describes it; the queue adds its key and time. */
export interface Tap {
  write: OfflineWrite;
  /** The request's body; `tappedAt` is the tap's time, for the writes that take `tapped_at`. */
  body: (tappedAt: string) => Record<string, unknown>;
  what: string;
  childIds: string[];
}

/**
 * Records a tap: sent at once when the app is online and nothing waits before it, otherwise (or
 * when the network fails it) kept in the queue. A refusal by the server throws as any call does,
 * so the form shows it. Resolves to what happened, for the screen's words.
 */
export async function recordTap(client: QueryClient, tap: Tap): Promise<"sent" | "queued"> {
  const tappedAt = new Date().toISOString();
  const queued: QueuedTap = {
    id: crypto.randomUUID(),
    write: tap.write,
    body: tap.body(tappedAt),
    tappedAt,
    what: tap.what,
    childIds: tap.childIds,
  };
  const keep = () => {
    addTap(queued);
    void sendQueued(client);
    return "queued" as const;
  };
  if (!onlineManager.isOnline() || waitingTaps(readQueue().taps).length > 0) return keep();
  const outcome = await send(queued);
  if (outcome === "sent") return "sent";
  if (typeof outcome === "object") throw outcome.refused;
  return keep();
}
