import { describe, expect, it } from "vitest";
import { byTime, type DayRows, placeEntries } from "./timeline-presenter.ts";

const ZONE = "Asia/Kolkata";
const DAY = "2026-11-20";
const at = (time: string, day = DAY) => new Date(`${day}T${time}+05:30`);
const empty: DayRows = {
  stays: [],
  food: [],
  naps: [],
  potty: [],
  stars: [],
  health: [],
  doses: [],
  observations: [],
  photos: [],
};
const stay = (id: string, checkIn: Date, checkOut: Date | null) => ({
  id,
  checkInAt: checkIn,
  checkOutAt: checkOut,
  checkedInBy: "Priya Sharma",
  checkedOutBy: "Priya Sharma",
  collectedBy: checkOut ? "Nandini Malhotra" : null,
});
const order = (rows: Partial<DayRows>, withRecorders = false) =>
  placeEntries({ ...empty, ...rows }, DAY, ZONE, withRecorders)
    .sort(byTime)
    .map((placed) => `${placed.entry.time ?? "-"} ${placed.entry.kind} ${placed.entry.id}`);

describe("the order of a day's timeline", () => {
  it("a child who went home and came back within one minute: out, then in again", () => {
    expect(
      order({
        stays: [stay("b", at("10:54:30"), at("10:54:50")), stay("a", at("10:53:10"), at("10:54:05"))],
      }),
    ).toEqual(["10:53 arrival in-a", "10:54 departure out-a", "10:54 arrival in-b", "10:54 departure out-b"]);
  });

  it("a nap sits at its own start, whenever it was written; an entry written on a later day has no time and comes last", () => {
    const common = { studentId: "s", centerId: "c", day: DAY, notes: "", recordedBy: null, recordedByName: "Priya" };
    expect(
      order({
        naps: [{ ...common, id: "nap", startTime: "13:00", endTime: "14:30", createdAt: at("14:35:00") }],
        potty: [
          { ...common, id: "late", type: "bathroom", diaperStatus: "dry", createdAt: at("09:00:00", "2026-11-21") },
          { ...common, id: "noon", type: "bathroom", diaperStatus: "wet", createdAt: at("12:05:00") },
        ],
      }),
    ).toEqual(["12:05 potty noon", "13:00 nap nap", "- potty late"]);
  });

  it("names the recorder only in the staff's view; who brought and collected the child in both", () => {
    const rows = { stays: [stay("a", at("08:30:00"), at("16:45:00"))] };
    const family = placeEntries({ ...empty, ...rows }, DAY, ZONE, false).map((placed) => placed.entry);
    const staff = placeEntries({ ...empty, ...rows }, DAY, ZONE, true).map((placed) => placed.entry);
    expect(family).toEqual([
      { kind: "arrival", id: "in-a", time: "08:30", checked_in_by: "Priya Sharma" },
      { kind: "departure", id: "out-a", time: "16:45", collected_by: "Nandini Malhotra" },
    ]);
    expect(staff[1]).toMatchObject({ recorded_by: "Priya Sharma", collected_by: "Nandini Malhotra" });
  });
});
