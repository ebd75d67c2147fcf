import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEFAULT_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "08:42": a tap's time at the centre, as a time field shows it. */
export const clockTime = (iso: string) => clock.format(new Date(iso));

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/**
 * The tap moved to another time of its own day ("08:42" to "08:30"): the instant shifts by the
 * difference, so the day and the centre's offset stay those of the tap.
 */
export function movedTap(iso: string, time: string): string {
  const shift = (minutesOf(time) - minutesOf(clockTime(iso))) * 60_000;
  return new Date(Date.parse(iso) + shift).toISOString();
}
