import { PAUSE_MESSAGES, todayIn } from "@sprout/shared/schemas/children";
import { readTokens } from "../../auth/session";

/** The pause calls need both stored tokens; without them the dialog says so and sends nothing. */
export function missingTokens(): string | null {
  const { token, sessionToken } = readTokens();
  return token && sessionToken ? null : PAUSE_MESSAGES.noTokens;
}

/** Today in the child's centre, which decides the earliest pause start. */
export const centreToday = (timeZone: string) => todayIn(timeZone, new Date());

/** "Nov 21, 2026", the pause dialogs' date format. */
export function pauseDate(value: string | null): string {
  if (!value) return "—";
  const [year, month, day] = value.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" }).format(
    Date.UTC(year!, month! - 1, day!),
  );
}
