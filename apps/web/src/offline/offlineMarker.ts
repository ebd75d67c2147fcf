import { centreDate, formatDate, formatTime } from "../format";

/**
 * What the offline marker says: when the answers on screen were loaded ("at 9:05 am", with the
 * date when it was not today), or that nothing is held when there are none.
 */
export function offlineMessage(loadedAt: number | null, now: Date): string {
  if (loadedAt === null) return "You're offline. This page will load when the network returns.";
  const when = new Date(loadedAt);
  const day = centreDate(when) === centreDate(now) ? "" : ` on ${formatDate(when)}`;
  return `You're offline — showing what was loaded at ${formatTime(when)}${day}`;
}
