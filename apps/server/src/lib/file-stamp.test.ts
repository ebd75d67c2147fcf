import { describe, expect, it } from "vitest";
import { fileDate, fileStamp } from "./file-stamp.ts";

describe("file names carry the centre's date and time (issue 30, point 8)", () => {
  it("23:30 UTC is already the next morning in Kolkata", () => {
    const at = new Date("2026-11-20T23:30:00Z");
    expect(fileStamp("Asia/Kolkata", at)).toBe("20261121_050000");
    expect(fileDate("Asia/Kolkata", at)).toBe("2026-11-21");
    // Not the UTC date the names used to carry.
    expect(at.toISOString().slice(0, 10)).toBe("2026-11-20");
  });

  it("follows the centre's own time zone, on a 24-hour clock from midnight", () => {
    expect(fileStamp("Asia/Kolkata", new Date("2026-11-20T18:29:59Z"))).toBe("20261120_235959");
    expect(fileStamp("Asia/Kolkata", new Date("2026-11-20T18:30:00Z"))).toBe("20261121_000000");
    expect(fileStamp("Asia/Dubai", new Date("2026-11-20T23:30:00Z"))).toBe("20261121_033000");
    expect(fileStamp("UTC", new Date("2026-11-20T23:30:00Z"))).toBe("20261120_233000");
  });

  it("keeps the pattern the downloads are known by", () => {
    expect(`revenue_report_${fileStamp("Asia/Kolkata", new Date())}.xlsx`).toMatch(
      /^revenue_report_\d{8}_\d{6}\.xlsx$/,
    );
  });
});
