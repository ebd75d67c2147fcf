import type { RoomRatio } from "@sprout/shared/schemas/attendance";

/**
 * The chip of a room's ratio. A room is judged only once children are in it (issue 30, point 6):
 * before the day starts an empty room is neither in nor out of ratio.
 */
export function ratioChip(room: Pick<RoomRatio, "children_in" | "in_ratio">) {
  if (room.children_in === 0) return { label: "No children in", color: "default" } as const;
  return room.in_ratio
    ? ({ label: "In ratio", color: "success" } as const)
    : ({ label: "Out of ratio", color: "error" } as const);
}
