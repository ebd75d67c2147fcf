import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { ChildDaySummary } from "@sprout/shared/schemas/child-day";
import { formatClockTime, formatDuration, formatTime } from "../../format";
import type { Say } from "../../i18n/useSay";

export const TILE_IDS = ["diary", "food", "sleep", "potty", "star", "health", "observations"] as const;
export type TileId = (typeof TILE_IDS)[number];

export const TILE_TITLES: Record<TileId, MessageId> = {
  diary: "tiles.diary",
  food: "tiles.food",
  sleep: "tiles.sleep",
  potty: "tiles.potty",
  star: "tiles.star",
  health: "tiles.health",
  observations: "tiles.observations",
};

/** The catalogue's words for how much of a meal was eaten ("ate most"), for the tiles and the timeline. */
export const amountOf = (percent: number) =>
  percent >= 100 ? "all" : percent >= 75 ? "most" : percent >= 50 ? "half" : percent > 0 ? "little" : "none";

/** Today's one-line fact on each tile ("Lunch: ate most", "Slept 1 h 20 m"), in the reader's language. */
export function tileLine(tile: TileId, summary: ChildDaySummary, say: Say): string {
  switch (tile) {
    case "diary":
      if (!summary.check_in_at) return say("tiles.noCheckIn");
      return summary.check_out_at
        ? say("tiles.inAndOut", { in: formatTime(summary.check_in_at), out: formatTime(summary.check_out_at) })
        : say("tiles.inOut", { in: formatTime(summary.check_in_at) });
    case "food": {
      const last = summary.meals.at(-1);
      return last
        ? say("tiles.meal", { meal: last.meal_type, amount: amountOf(last.food_consumed) })
        : say("tiles.noMeals");
    }
    case "sleep":
      if (summary.asleep) return say("tiles.asleep");
      return summary.sleep_minutes > 0
        ? say("tiles.slept", { duration: formatDuration(summary.sleep_minutes, say) })
        : say("tiles.noNap");
    case "potty":
      if (summary.potty_count === 0) return say("tiles.nothingYet");
      return summary.last_diaper_status
        ? say("tiles.pottiesLast", { count: summary.potty_count, status: summary.last_diaper_status })
        : say("tiles.potties", { count: summary.potty_count });
    case "star":
      return say("tiles.stars", { count: summary.stars_this_week });
    case "health":
      if (summary.last_dose_time) return say("tiles.dose", { time: formatClockTime(summary.last_dose_time) });
      if (summary.health_today > 0) return say("tiles.healthNotes", { count: summary.health_today });
      return summary.allergies.length > 0
        ? say("tiles.allergies", { allergies: summary.allergies.join(", ") })
        : say("tiles.nothingNoted");
    case "observations":
      return (
        summary.latest_observation ??
        (summary.observations_total > 0
          ? say("tiles.logs", { count: summary.observations_total })
          : say("tiles.noLogs"))
      );
  }
}
