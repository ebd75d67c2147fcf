import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { sendQueued } from "./sendTaps";
import { openQueue, type QueuedTap, readQueue, subscribeQueue } from "./tapQueue";

/** The signed-in person's taps kept on this device, refused ones included, oldest first. */
export function useTapQueue(): readonly QueuedTap[] {
  return useSyncExternalStore(subscribeQueue, () => readQueue().taps);
}

/**
 * Puts back the person's unsent taps when the signed-in frame opens, and sends them then and
 * whenever the network returns, with no action by the teacher.
 */
export function useSendTapsWhenOnline(userId: string) {
  const client = useQueryClient();
  useEffect(() => {
    void openQueue(userId).then(() => sendQueued(client));
  }, [client, userId]);
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online) void sendQueued(client);
      }),
    [client],
  );
}
