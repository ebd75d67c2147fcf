/**
 * "20261121_050000": an instant as the centre's wall clock shows it (its own calendar date and
 * time of day), for the name of a file someone downloads there. A UTC stamp named the day before
 * for every export made in India before 05:30 (issue 30, point 8).
 */
export function fileStamp(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("year")}${part("month")}${part("day")}_${part("hour")}${part("minute")}${part("second")}`;
}

/** "2026-11-21": the calendar date of an instant at the centre, for a file name. */
export function fileDate(timeZone: string, at: Date): string {
  const stamp = fileStamp(timeZone, at);
  return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}`;
}
