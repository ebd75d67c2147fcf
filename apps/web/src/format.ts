import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { Say } from "./i18n/useSay";

/**
 * The one place that turns dates and money into text: in the reader's locale (en-IN, hi-IN: both
 * write ₹1,23,456.50), rupees, the centre's time zone.
 */

const APP_LOCALE = "en-IN";
let locale = APP_LOCALE;

/** The locale every date and number is written in from now on; the language provider sets it. */
export function setFormatLocale(next: string) {
  locale = next;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl formatter takes milliseconds on a phone (the first loads the locale's data):
// each is built when first used, once per locale, rather than while the signed-in pages start.
function perLocale<T>(make: (locale: string) => T, fixed?: string): () => T {
  const made = new Map<string, T>();
  return () => {
    const wanted = fixed ?? locale;
    let formatter = made.get(wanted);
    if (!formatter) {
      formatter = make(wanted);
      made.set(wanted, formatter);
    }
    return formatter;
  };
}

const dateTimeFormat = (options: Intl.DateTimeFormatOptions, fixed?: string) =>
  perLocale((at) => new Intl.DateTimeFormat(at, options), fixed);
const numberFormat = (options?: Intl.NumberFormatOptions) => perLocale((at) => new Intl.NumberFormat(at, options));

const calendarDate = dateTimeFormat({ day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
const longDate = dateTimeFormat({
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: DEFAULT_TIME_ZONE,
});
const dateAndTime = dateTimeFormat({
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: DEFAULT_TIME_ZONE,
});
const timeOfDay = dateTimeFormat({ hour: "numeric", minute: "2-digit", timeZone: DEFAULT_TIME_ZONE });
const calendarMonth = dateTimeFormat({ month: "long", year: "numeric", timeZone: "UTC" });
const shortMonth = dateTimeFormat({ month: "short", year: "numeric", timeZone: "UTC" });
const monthName = dateTimeFormat({ month: "short", timeZone: "UTC" });
const shortDate = dateTimeFormat({ day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" });
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;
// A wall-clock time is already the centre's: written as it stands, in the same style as timeOfDay.
const wallClock = dateTimeFormat({ hour: "numeric", minute: "2-digit", timeZone: "UTC" });
const CLOCK_TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
// Read back into "YYYY-MM-DD", so always in one locale: the app's (en-CA writes ISO dates, but a
// second locale costs a phone another ICU load).
const centreCalendarDate = dateTimeFormat(
  { day: "2-digit", month: "2-digit", year: "numeric", timeZone: DEFAULT_TIME_ZONE },
  APP_LOCALE,
);
const currency = numberFormat({ style: "currency", currency: "INR" });
const compactCurrency = numberFormat({
  style: "currency",
  currency: "INR",
  notation: "compact",
  maximumFractionDigits: 1,
});
const count = numberFormat();

/** The calendar date ("2026-04-01") an instant falls on in the centre's time zone. */
export function centreDate(instant: string | Date): string {
  const parts = centreCalendarDate().formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * Builds the formatters every signed-in home uses. The first Intl formatter of a page loads the
 * locale's data, some 15 ms on a fast machine and four times that on a phone: run from an idle
 * moment while the home's code downloads, it is not added to the render that first shows a date.
 */
export function warmUpFormatters() {
  for (const make of [longDate, calendarDate, centreCalendarDate, timeOfDay]) make().format(0);
}

/**
 * A calendar date ("2026-04-01") stays that date everywhere; an instant is shown as the date it
 * was in the centre's time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === "string") {
    const match = CALENDAR_DATE.exec(value);
    if (match) return calendarDate().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  }
  return formatDate(centreDate(value));
}

/** A month as the API writes it ("2026-11"), named: "November 2026". */
export function formatMonth(value: string): string {
  const match = CALENDAR_MONTH.exec(value);
  if (!match) return value;
  return calendarMonth().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/**
 * A month as the API writes it ("2026-11"), short for a chart's axis or a table's column: "Nov 2026",
 * or "Nov" alone when the year is plain from around it.
 */
export function formatShortMonth(value: string, { year = true }: { year?: boolean } = {}): string {
  const match = CALENDAR_MONTH.exec(value);
  if (!match) return value;
  return (year ? shortMonth : monthName)().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** A calendar date ("2026-11-21") with its month named: "21 Nov 2026". */
export function formatShortDate(value: string): string {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  return shortDate().format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** "Saturday, 4 April 2026" in the centre's time zone. */
export function formatLongDate(value: string | Date): string {
  return longDate().format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  return dateAndTime().format(new Date(value));
}

/** The time of day of an instant in the centre's time zone, e.g. "9:05 am". */
export function formatTime(value: string | Date): string {
  return timeOfDay().format(typeof value === "string" ? new Date(value) : value);
}

/**
 * A time of day the API carries as the centre's wall clock, "HH:MM" (a nap, a dose given), in the
 * one style every time is shown in: "13:05" is "1:05 pm", as `formatTime` writes an instant.
 */
export function formatClockTime(value: string): string {
  const match = CLOCK_TIME.exec(value);
  if (!match) return value;
  return wallClock().format(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])));
}

/** Rupees as the API carries them (at most two decimals): "₹1,23,456.50". */
export function formatCurrency(rupees: number): string {
  return currency().format(rupees);
}

/** Rupees in lakhs and crores for a chart's axis: "₹1.5L". */
export function formatCompactCurrency(rupees: number): string {
  return compactCurrency().format(rupees);
}

/** Counts with Indian digit grouping: 1,23,456. */
export function formatNumber(value: number): string {
  return count().format(value);
}

/**
 * A length of time in whole minutes, in the reader's words: "1 h 20 m", "45 m" (Hindi writes the
 * words out). The words are the catalogue's, so the caller passes its `say`.
 */
export function formatDuration(minutes: number, say: Say): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? say("format.hoursMinutes", { hours, minutes: rest }) : say("format.minutes", { minutes: rest });
}

/** A number of hours ("8 h", a programme's service hours), in the reader's words. */
export function formatHours(hours: number, say: Say): string {
  return say("format.hours", { hours });
}
