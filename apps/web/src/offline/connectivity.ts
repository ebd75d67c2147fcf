import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/** How often a page that lost its answers asks the server whether it is back. */
const PROBE_EVERY_MS = 10_000;

let probe: ReturnType<typeof setInterval> | undefined;

/**
 * "Offline" is one state for the whole app, TanStack Query's: the browser's `online`/`offline`
 * events move it (Query listens to them itself), and so do calls that got no answer at all (a
 * phone on a Wi-Fi without internet says it is online). While offline, queries wait instead of
 * failing, so that a page shows what it holds rather than an error, and resume when it ends.
 */
export function followConnectivity() {
  // Query starts out believing it is online; a page opened without a network is not.
  onlineManager.setOnline(globalThis.navigator?.onLine ?? true);
  onlineManager.subscribe((online) => {
    if (online) stopProbe();
  });
}

/** A call to the server got no answer: offline until one arrives. */
export function reportNoAnswer() {
  if (!onlineManager.isOnline()) return;
  onlineManager.setOnline(false);
  // The browser's `online` event will not come when the browser never thought it was offline.
  probe ??= setInterval(() => {
    if (globalThis.navigator?.onLine === false) return;
    void fetch("/api/health", { cache: "no-store" })
      .then((response) => response.ok && reportAnswer())
      .catch(() => {});
  }, PROBE_EVERY_MS);
}

/** The server answered: whatever waited for the network goes ahead. */
export function reportAnswer() {
  if (onlineManager.isOnline() || globalThis.navigator?.onLine === false) return;
  onlineManager.setOnline(true);
}

function stopProbe() {
  clearInterval(probe);
  probe = undefined;
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
