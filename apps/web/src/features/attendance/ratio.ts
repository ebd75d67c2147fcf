import { english } from "@sprout/shared/i18n/english";
import type { RoomRatio } from "@sprout/shared/schemas/attendance";
import type { Say } from "../../i18n/useSay";

/**
 * The chip of a room's ratio. A room is judged only once children are in it (issue 30, point 6):
 * before the day starts an empty room is neither in nor out of ratio. `say` writes the label in the
 * reader's language (English without it).
 */
export function ratioChip(room: Pick<RoomRatio, "children_in" | "in_ratio">, say: Say = english) {
  if (room.children_in === 0) return { label: say("attendance.ratioNoChildren"), color: "default" } as const;
  return room.in_ratio
    ? ({ label: say("attendance.inRatio"), color: "success" } as const)
    : ({ label: say("attendance.outOfRatio"), color: "error" } as const);
}
