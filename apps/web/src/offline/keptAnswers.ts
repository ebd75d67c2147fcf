import type { Role } from "@sprout/shared/roles";
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { defaultShouldDehydrateQuery, type QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/react-query-persist-client";
import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import { isKeptQuery, keptQueryKeys } from "./persistedQueries";

/** How long a home loaded on this device may be shown offline. */
export const KEEP_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Raised when a kept answer's shape changes in a release, so that a device does not show an old
 * shape to the new code (the answers were checked against the schema when they were fetched).
 */
const SHAPE_VERSION = "1";

export const KEPT_DATABASE = "sprout-offline";
export const KEPT_STORE = "answers";
const KEY_PREFIX = "home:";

/** The IndexedDB key of one person's kept home. */
export const keptKey = (userId: string) => `${KEY_PREFIX}${userId}`;

let database: UseStore | undefined;
const store = () => {
  database ??= createStore(KEPT_DATABASE, KEPT_STORE);
  return database;
};

/** Whoever is being kept now: closed first when the device forgets, so no late save writes again. */
const open = new Set<{ close(): void }>();

/**
 * Keeps the answers of a person's home in IndexedDB under their id, and puts back what was kept
 * before: only the home's own calls (persistedQueries.ts), at most KEEP_FOR_MS old. Anything kept
 * for someone else on this device is erased first. Resolves once what was kept is back in `client`.
 */
export function keepHome(client: QueryClient, userId: string, role: Role): { restored: Promise<void>; close(): void } {
  let closed = false;
  const persister = createAsyncStoragePersister({
    key: keptKey(userId),
    throttleTime: 1_000,
    storage: {
      getItem: (key) => get<string>(key, store()),
      // A save the throttle held back must not outlive the session that made it.
      setItem: (key, value) => (closed ? undefined : set(key, value, store())),
      removeItem: (key) => del(key, store()),
    },
  });
  // Kept answers stay in memory as long as they may be shown: a page opened for longer than Query's
  // five minutes must not drop the home from what is saved.
  for (const start of keptQueryKeys(role)) client.setQueryDefaults(start, { gcTime: KEEP_FOR_MS });
  const handle = {
    close() {
      closed = true;
      stop();
      open.delete(handle);
    },
  };
  open.add(handle);
  let stop = () => {};
  const restored = forgetAnswers(userId).then(() => {
    if (closed) return;
    const [unsubscribe, done] = persistQueryClient({
      queryClient: client,
      persister,
      maxAge: KEEP_FOR_MS,
      buster: SHAPE_VERSION,
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && isKeptQuery(role, query.queryKey),
        // Writes are not kept: a tap waiting for the network is issue 33's queue, not this cache.
        shouldDehydrateMutation: () => false,
      },
    });
    stop = unsubscribe;
    // What was kept is for a device without a network: online, the server is asked again at once
    // (offline the refetch waits), so a failing call is still said and a change is still seen.
    return done.then(() => client.invalidateQueries({ predicate: (query) => isKeptQuery(role, query.queryKey) }));
  });
  return { restored: restored.catch(() => {}), close: handle.close };
}

/**
 * Erases every home kept on this device but `exceptUserId`'s (none: all of them), after stopping
 * the saves under way. Called when a session ends and when someone signs in.
 */
export async function forgetAnswers(exceptUserId?: string): Promise<void> {
  if (exceptUserId === undefined) for (const handle of [...open]) handle.close();
  if (!("indexedDB" in globalThis)) return;
  const kept = await keys<IDBValidKey>(store());
  const others = kept.filter(
    (key) => typeof key === "string" && key.startsWith(KEY_PREFIX) && key !== keptKey(exceptUserId ?? ""),
  );
  await Promise.all(others.map((key) => del(key, store())));
}
