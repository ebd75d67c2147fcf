import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { ENGLISH, LOAD_CATALOGUE } from "@sprout/shared/i18n/load";
import { createIntl } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import {
  centreDate,
  formatClockTime,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDuration,
  formatHours,
  formatLongDate,
  formatMonth,
  formatNumber,
  formatShortDate,
  formatShortMonth,
  formatTime,
  setFormatLocale,
} from "./format";
import type { Say } from "./i18n/useSay";

const sayIn = (locale: string, messages: Record<string, string>): Say => {
  const intl = createIntl({ locale, messages });
  return (id: MessageId, values) => intl.formatMessage({ id }, values);
};

describe("format", () => {
  it("keeps a calendar date on its own day in any time zone", () => {
    expect(formatDate("2026-04-01")).toBe("01/04/2026");
  });

  it("shows an instant as the date it was in India", () => {
    // 20:00 UTC on 31 March is already 1 April in Kolkata.
    expect(formatDate("2026-03-31T20:00:00Z")).toBe("01/04/2026");
    expect(formatLongDate("2026-03-31T20:00:00Z")).toBe("Wednesday, 1 April 2026");
    expect(formatDateTime("2026-03-31T20:00:00Z")).toMatch(/^01 Apr 2026, 1:30\s?am$/i);
  });

  it("gives the centre's calendar date of an instant as the API writes dates", () => {
    expect(centreDate("2026-03-31T20:00:00Z")).toBe("2026-04-01");
    expect(centreDate("2026-03-31T18:00:00Z")).toBe("2026-03-31");
    expect(centreDate(new Date("2026-12-09T00:00:00+05:30"))).toBe("2026-12-09");
  });

  it("writes a nap's wall-clock times as every other time is written (issue 30, point 8)", () => {
    // "01:00–02:15" stood beside "3:20 am": one style for both.
    expect(formatClockTime("01:00")).toBe(formatTime("2026-03-31T19:30:00Z"));
    expect(formatClockTime("03:20")).toBe(formatTime("2026-03-31T21:50:00Z"));
    expect(formatClockTime("01:00")).toMatch(/^1:00\s?am$/i);
    expect(formatClockTime("14:15")).toMatch(/^2:15\s?pm$/i);
    expect(formatClockTime("00:05")).toMatch(/^12:05\s?am$/i);
    expect(formatClockTime("12:00")).toMatch(/^12:00\s?pm$/i);
    // A wall-clock time is the centre's already: the device's time zone does not move it.
    expect(formatClockTime("23:45:00")).toMatch(/^11:45\s?pm$/i);
  });

  it("names a month the API writes as YYYY-MM, whatever the machine's time zone", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2027-01")).toBe("January 2027");
  });

  it("writes a short month for a chart's axis, with or without its year", () => {
    expect(formatShortMonth("2026-11")).toBe("Nov 2026");
    expect(formatShortMonth("2027-01", { year: false })).toBe("Jan");
    expect(formatShortDate("2026-11-01")).toBe("01 Nov 2026");
  });

  it("writes a length of time in hours and minutes", () => {
    const say = sayIn("en-IN", ENGLISH);
    expect(formatDuration(80, say)).toBe("1 h 20 m");
    expect(formatDuration(45, say)).toBe("45 m");
    expect(formatDuration(120, say)).toBe("2 h 0 m");
    expect(formatHours(4.5, say)).toBe("4.5 h");
  });

  it("writes rupees and counts with Indian grouping", () => {
    expect(formatCurrency(123456.5)).toBe("₹1,23,456.50");
    expect(formatCurrency(0)).toBe("₹0.00");
    expect(formatNumber(1234567)).toBe("12,34,567");
  });
});

describe("format in the reader's language", () => {
  afterEach(() => setFormatLocale("en-IN"));

  it("writes dates the Hindi way and money and counts with the same Indian grouping", () => {
    setFormatLocale("hi-IN");
    expect(formatLongDate("2026-03-31T20:00:00Z")).toBe("बुधवार, 1 अप्रैल 2026");
    expect(formatMonth("2026-11")).toBe("नवंबर 2026");
    expect(formatDate("2026-04-01")).toBe("01/04/2026");
    expect(formatCurrency(123456.5)).toBe("₹1,23,456.50");
    expect(formatNumber(123456)).toBe("1,23,456");
    expect(centreDate("2026-03-31T20:00:00Z")).toBe("2026-04-01");
    setFormatLocale("en-IN");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it("names short months in Hindi and writes durations in Hindi words", async () => {
    setFormatLocale("hi-IN");
    expect(formatShortMonth("2026-11")).toBe("नव॰ 2026");
    expect(formatShortMonth("2026-09", { year: false })).toBe("सित॰");
    expect(formatShortDate("2026-11-21")).toBe("21 नव॰ 2026");
    const say = sayIn("hi-IN", await LOAD_CATALOGUE.hi());
    expect(formatDuration(80, say)).toBe("1 घंटा 20 मिनट");
    expect(formatDuration(150, say)).toBe("2 घंटे 30 मिनट");
    expect(formatDuration(45, say)).toBe("45 मिनट");
    expect(formatHours(8, say)).toBe("8 घंटे");
  });
});
