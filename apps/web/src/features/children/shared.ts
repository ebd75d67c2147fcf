import { type pauseExpiry, todayIn } from "@sprout/shared/schemas/children";
import { readTokens } from "../../auth/session";
import { formatShortDate } from "../../format";
import type { Say } from "../../i18n/useSay";

/** The pause calls need both stored tokens; without them the dialog says so and sends nothing. */
export function missingTokens(say: Say): string | null {
  const { token, sessionToken } = readTokens();
  return token && sessionToken ? null : say("children.pauseNoTokens");
}

/** A pause's expiry in the reader's language: expired N days ago, today, tomorrow, or N days remaining. */
export function expiryLabel(say: Say, expiry: ReturnType<typeof pauseExpiry>): string {
  const { days } = expiry;
  if (days < 0) return say("children.expiredAgo", { count: -days });
  if (days === 0) return say("children.expiresToday");
  if (days === 1) return say("children.expiresTomorrow");
  return say("children.daysRemaining", { count: days });
}

/** Today in the child's centre, which decides the earliest pause start. */
export const centreToday = (timeZone: string) => todayIn(timeZone, new Date());

/** "21 Nov 2026", the pause dialogs' date format, as the reader's locale writes it. */
export function pauseDate(value: string | null): string {
  if (!value) return "—";
  return formatShortDate(value);
}
