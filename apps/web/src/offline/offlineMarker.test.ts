import { describe, expect, it } from "vitest";
import { offlineMessage } from "./offlineMarker";

// The centre's time zone is India's (UTC+5:30).
const NOW = new Date("2026-11-28T09:00:00Z");

describe("the offline marker", () => {
  it("says when what is shown was loaded, in the centre's time", () => {
    expect(offlineMessage(Date.parse("2026-11-28T03:35:00Z"), NOW)).toBe(
      "You're offline — showing what was loaded at 9:05 am",
    );
  });

  it("names the day when it was not today", () => {
    expect(offlineMessage(Date.parse("2026-11-27T12:00:00Z"), NOW)).toBe(
      "You're offline — showing what was loaded at 5:30 pm on 27/11/2026",
    );
  });

  it("says the page waits for the network when nothing was loaded", () => {
    expect(offlineMessage(null, NOW)).toBe("You're offline. This page will load when the network returns.");
  });
});
