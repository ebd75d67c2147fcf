import type { Roster, RosterChild } from "@sprout/shared/schemas/attendance";
import type { ClassroomDay } from "@sprout/shared/schemas/child-day";
import { describe, expect, it } from "vitest";
import { rosterAsTapped } from "../features/attendance/waitingTaps";
import { classAsTapped } from "../features/child-day/waitingTaps";
import type { QueuedTap } from "./tapQueue";
import { movedTap } from "./tapTime";

const ASHA = "11111111-1111-4111-8111-111111111111";
const RAVI = "22222222-2222-4222-8222-222222222222";

let made = 0;
function tap(write: QueuedTap["write"], body: Record<string, unknown>, tappedAt: string, refused?: string): QueuedTap {
  made += 1;
  const childIds = body.child_ids as string[] | undefined;
  const id = (body.student_id ?? body.child_id) as string | undefined;
  return { id: `tap-${made}`, write, body, tappedAt, what: write, childIds: childIds ?? (id ? [id] : []), refused };
}

const child = (student_id: string, first_name: string): RosterChild => ({
  student_id,
  first_name,
  last_name: "Rao",
  avatar_color: null,
  status: "expected",
  stay_id: null,
  check_in_at: null,
  check_out_at: null,
  collected_by: null,
  absence_reason: null,
  notice: null,
  forgotten: null,
  undo: null,
  pickup_people: [],
});

const roster = {
  date: "2026-11-28",
  children: [child(ASHA, "Asha"), child(RAVI, "Ravi")],
  counts: { in: 0, out: 0, absent: 0, expected: 2, paused: 0 },
} as unknown as Roster;

describe("the roster as the teacher tapped it", () => {
  it("applies the waiting taps in the order they were made, each row saying it waits", () => {
    const { rows, counts } = rosterAsTapped(roster, [
      tap("POST /api/attendance/check-in", { student_id: ASHA }, "2026-11-28T03:12:00.000Z"),
      tap("POST /api/attendance/check-out", { student_id: ASHA }, "2026-11-28T10:30:00.000Z"),
      tap("POST /api/attendance/absent", { student_id: RAVI, reason: "sick" }, "2026-11-28T03:15:00.000Z"),
    ]);
    const asha = rows.find((row) => row.student_id === ASHA);
    expect(asha).toMatchObject({ status: "out", check_in_at: "2026-11-28T03:12:00.000Z" });
    expect(asha?.waiting).toBe("Checked out 4:00 pm · waiting to send");
    expect(rows.find((row) => row.student_id === RAVI)?.status).toBe("absent");
    expect(counts).toMatchObject({ in: 0, out: 1, absent: 1, expected: 0 });
  });

  it("leaves out a tap the server refused: it is in Needs attention, not on the row", () => {
    const { rows } = rosterAsTapped(roster, [
      tap("POST /api/attendance/check-in", { student_id: ASHA }, "2026-11-28T03:12:00.000Z", "The day is closed"),
    ]);
    expect(rows.find((row) => row.student_id === ASHA)).toMatchObject({ status: "expected", waiting: null });
  });
});

const day = {
  classroom_id: "room",
  classroom_name: "Toddlers",
  date: "2026-11-28",
  can_record: true,
  children: [
    {
      id: ASHA,
      first_name: "Asha",
      last_name: "Rao",
      allergies: ["Peanuts"],
      checked_in: false,
      absent: false,
      gone_home: false,
      meals: [],
      asleep: false,
      sleep_minutes: 0,
      potty_count: 0,
      stars: 0,
    },
  ],
} satisfies ClassroomDay;

describe("the class list as the teacher tapped it", () => {
  it("shows an arrival, a lunch and a nap still on the device, and a wake-up after a nap that itself waits", () => {
    const asleep = classAsTapped(
      day,
      [
        tap("POST /api/attendance/check-in", { student_id: ASHA }, "2026-11-28T03:12:00.000Z"),
        tap("POST /api/daily-activities/food", { child_id: ASHA, date: "2026-11-28", meal_type: "lunch" }, "x"),
        tap(
          "POST /api/daily-activities/sleep",
          { child_id: ASHA, date: "2026-11-28", start_time: "13:00", end_time: "" },
          "x",
        ),
      ],
      true,
    )[0];
    expect(asleep).toMatchObject({ checked_in: true, meals: ["lunch"], asleep: true, waiting: 3 });

    const woke = classAsTapped(
      day,
      [
        tap(
          "POST /api/daily-activities/sleep",
          { child_id: ASHA, date: "2026-11-28", start_time: "13:00", end_time: "" },
          "x",
        ),
        tap(
          "POST /api/daily-activities/batch",
          { kind: "wake", date: "2026-11-28", child_ids: [ASHA], end_time: "14:10" },
          "x",
        ),
      ],
      true,
    )[0];
    expect(woke).toMatchObject({ asleep: false, waiting: 2 });
  });

  it("applies a day's taps to that day only", () => {
    const yesterday = { ...day, date: "2026-11-27" };
    const [asha] = classAsTapped(
      yesterday,
      [
        tap("POST /api/attendance/check-in", { student_id: ASHA }, "2026-11-28T03:12:00.000Z"),
        tap("POST /api/stars", { child_id: ASHA, reason: "Shared" }, "2026-11-28T03:12:00.000Z"),
        tap("POST /api/daily-activities/potty", { child_id: ASHA, date: "2026-11-27" }, "x"),
      ],
      false,
    );
    expect(asha).toMatchObject({ checked_in: false, stars: 0, potty_count: 1, waiting: 1 });
  });
});

describe("a refused tap sent again at another time", () => {
  it("moves within its own day, in the centre's time", () => {
    // 8:42 am in India is 03:12 UTC.
    expect(movedTap("2026-11-28T03:12:00.000Z", "08:30")).toBe("2026-11-28T03:00:00.000Z");
  });
});
