import { english } from "@sprout/shared/i18n/english";
import type { AbsenceReason, Roster, RosterChild } from "@sprout/shared/schemas/attendance";
import { formatTime } from "../../format";
import type { Say } from "../../i18n/useSay";
import { type QueuedTap, waitingTaps } from "../../offline/tapQueue";

/** A roster row, and what of it is still on the device ("Checked in 8:42 am · waiting to send"). */
export type RosterRow = RosterChild & { waiting: string | null };

/**
 * The roster as the teacher tapped it: each waiting check-in, check-out and absence applied in order.
 * `say` writes the rows' "waiting" lines in the reader's language (English without it).
 */
export function rosterAsTapped(
  roster: Roster,
  taps: readonly QueuedTap[],
  say: Say = english,
): { rows: RosterRow[]; counts: Roster["counts"] } {
  const rows = new Map<string, RosterRow>(
    roster.children.map((child) => [child.student_id, { ...child, waiting: null }]),
  );
  for (const tap of waitingTaps(taps)) {
    const row = rows.get(String(tap.body.student_id));
    if (!row) continue;
    if (tap.write === "POST /api/attendance/check-in")
      rows.set(row.student_id, {
        ...row,
        status: "in",
        check_in_at: tap.tappedAt,
        check_out_at: null,
        absence_reason: null,
        undo: null,
        waiting: say("attendance.waitingCheckedIn", { time: formatTime(tap.tappedAt) }),
      });
    else if (tap.write === "POST /api/attendance/check-out")
      rows.set(row.student_id, {
        ...row,
        status: "out",
        check_out_at: tap.tappedAt,
        undo: null,
        waiting: say("attendance.waitingCheckedOut", { time: formatTime(tap.tappedAt) }),
      });
    else if (tap.write === "POST /api/attendance/absent") {
      const reason = tap.body.reason as AbsenceReason;
      rows.set(row.student_id, {
        ...row,
        status: "absent",
        absence_reason: reason,
        undo: null,
        waiting: say("attendance.waitingAbsent", { reason }),
      });
    }
  }
  const list = [...rows.values()];
  const count = (status: RosterChild["status"]) => list.filter((row) => row.status === status).length;
  return {
    rows: list,
    counts: {
      in: count("in"),
      out: count("out"),
      absent: count("absent"),
      expected: count("expected"),
      paused: count("paused"),
    },
  };
}
