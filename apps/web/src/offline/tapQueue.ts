import type { OfflineWrite } from "@sprout/shared/offline";
import { createStore, del, get, set, type UseStore } from "idb-keyval";

/**
 * A tap kept on the device until the server has it (issue 33, ADR 0054). Its `id` is made at the
 * tap and sent as the `Idempotency-Key`, so that a tap sent twice (an answer lost on a weak
 * network) is recorded once; its body carries `tapped_at`, so the record keeps the tap's time.
 */
export interface QueuedTap {
  id: string;
  write: OfflineWrite;
  body: Record<string, unknown>;
  /** When the teacher tapped (ISO, the device's clock). */
  tappedAt: string;
  /** The words the teacher reads for it: "Check-in · Asha Rao". */
  what: string;
  /** The children it is about, so that their rows can show it as waiting. */
  childIds: string[];
  /** The server refused it (a 4xx): its words. It waits for the teacher to edit or discard it. */
  refused?: string;
}

const QUEUE_DATABASE = "sprout-taps";
const QUEUE_STORE = "queue";
const KEY_PREFIX = "taps:";
const queueKey = (userId: string) => `${KEY_PREFIX}${userId}`;

let database: UseStore | undefined;
const store = () => {
  database ??= createStore(QUEUE_DATABASE, QUEUE_STORE);
  return database;
};

interface State {
  userId: string | null;
  taps: readonly QueuedTap[];
}

let state: State = { userId: null, taps: [] };
const listeners = new Set<() => void>();
/** Writes to IndexedDB one after another, in the order the changes were made. */
let saving: Promise<unknown> = Promise.resolve();

function change(taps: readonly QueuedTap[]) {
  state = { ...state, taps };
  const { userId } = state;
  if (userId)
    saving = saving.then(() => (taps.length ? set(queueKey(userId), taps, store()) : del(queueKey(userId), store())));
  for (const listener of listeners) listener();
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const readQueue = (): State => state;

/** Puts back what this person left unsent on the device (a reload, a restarted phone). */
export async function openQueue(userId: string): Promise<void> {
  if (state.userId === userId) return;
  state = { userId, taps: [] };
  const kept = "indexedDB" in globalThis ? await get<QueuedTap[]>(queueKey(userId), store()) : undefined;
  // Taps made while the stored queue was read come after the older ones.
  if (state.userId === userId) change([...(kept ?? []), ...state.taps]);
}

export function addTap(tap: QueuedTap) {
  change([...state.taps, tap]);
}

export function removeTap(id: string) {
  change(state.taps.filter((tap) => tap.id !== id));
}

export function refuseTap(id: string, message: string) {
  change(state.taps.map((tap) => (tap.id === id ? { ...tap, refused: message } : tap)));
}

/**
 * A refused tap sent again after the teacher changed it (its time). A changed request is another
 * request: it gets a new key, or the server would answer that the key was used for another body.
 */
export function resendTap(id: string, edit: { tappedAt: string; body: Record<string, unknown> }) {
  change(
    state.taps.map((tap) =>
      tap.id === id
        ? { ...tap, id: crypto.randomUUID(), tappedAt: edit.tappedAt, body: edit.body, refused: undefined }
        : tap,
    ),
  );
}

/** Taps still to send (not refused), in the order they were made. */
export const waitingTaps = (taps: readonly QueuedTap[]) => taps.filter((tap) => !tap.refused);

/**
 * Signing out: this person's unsent taps go with the session (the sign-out warned first). Another
 * person's taps left by a session that expired stay for them to send when they sign in again.
 */
export async function forgetQueue(): Promise<void> {
  const { userId } = state;
  state = { userId: null, taps: [] };
  for (const listener of listeners) listener();
  await saving;
  if (userId && "indexedDB" in globalThis) await del(queueKey(userId), store());
}
