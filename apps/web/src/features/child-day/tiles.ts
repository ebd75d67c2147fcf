import { amountLabel, type ChildDaySummary, DIAPER_LABELS, MEAL_LABELS } from "@sprout/shared/schemas/child-day";
import { formatClockTime, formatTime } from "../../format";
import { formatMinutes } from "./api";

export const TILE_IDS = ["diary", "food", "sleep", "potty", "star", "health", "observations"] as const;
export type TileId = (typeof TILE_IDS)[number];

export const TILE_TITLES: Record<TileId, string> = {
  diary: "Daily Diary",
  food: "Food",
  sleep: "Sleep",
  potty: "Potty",
  star: "Star",
  health: "Health",
  observations: "Observations",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Today's one-line fact on each tile ("Lunch: ate most", "Slept 1 h 20 m"). */
export function tileLine(tile: TileId, summary: ChildDaySummary): string {
  switch (tile) {
    case "diary":
      if (!summary.check_in_at) return "No check-in yet today";
      return `In ${formatTime(summary.check_in_at)}${summary.check_out_at ? ` · Out ${formatTime(summary.check_out_at)}` : ""}`;
    case "food": {
      const last = summary.meals.at(-1);
      return last ? `${MEAL_LABELS[last.meal_type]}: ${amountLabel(last.food_consumed)}` : "No meals recorded yet";
    }
    case "sleep":
      if (summary.asleep) return "Asleep now";
      return summary.sleep_minutes > 0 ? `Slept ${formatMinutes(summary.sleep_minutes)}` : "No nap yet";
    case "potty":
      if (summary.potty_count === 0) return "Nothing recorded yet";
      return `${plural(summary.potty_count, "time", "times")}${
        summary.last_diaper_status ? ` · last ${DIAPER_LABELS[summary.last_diaper_status].toLowerCase()}` : ""
      }`;
    case "star":
      return plural(summary.stars_this_week, "star this week", "stars this week");
    case "health":
      if (summary.last_dose_time) return `Medication given at ${formatClockTime(summary.last_dose_time)}`;
      if (summary.health_today > 0) return plural(summary.health_today, "note today", "notes today");
      return summary.allergies.length > 0 ? `Allergies: ${summary.allergies.join(", ")}` : "Nothing noted today";
    case "observations":
      return (
        summary.latest_observation ??
        (summary.observations_total > 0 ? plural(summary.observations_total, "log", "logs") : "No observation logs yet")
      );
  }
}
