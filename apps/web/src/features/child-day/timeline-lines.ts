import { amountLabel, DIAPER_LABELS, HEALTH_LABELS, MEAL_LABELS, POTTY_LABELS } from "@sprout/shared/schemas/child-day";
import type { TimelineEntry } from "@sprout/shared/schemas/child-day-timeline";
import { formatClockTime } from "../../format";
import { formatMinutes } from "./api";

/** What a timeline entry says: a headline and, when there is more, a second line. */
export function timelineLine(entry: TimelineEntry): { primary: string; secondary: string } {
  switch (entry.kind) {
    case "arrival":
      return { primary: "Arrived", secondary: entry.checked_in_by ? `Checked in by ${entry.checked_in_by}` : "" };
    case "departure":
      return { primary: "Went home", secondary: entry.collected_by ? `Collected by ${entry.collected_by}` : "" };
    case "meal":
      return {
        primary: `${MEAL_LABELS[entry.meal_type]}: ${amountLabel(entry.food_consumed)}`,
        secondary: entry.notes,
      };
    case "nap":
      return {
        primary:
          entry.end_time && entry.minutes !== null
            ? `Nap ${formatClockTime(entry.time ?? "")} – ${formatClockTime(entry.end_time)} (${formatMinutes(entry.minutes)})`
            : `Asleep since ${formatClockTime(entry.time ?? "")}`,
        secondary: entry.notes,
      };
    case "potty":
      return { primary: `${POTTY_LABELS[entry.type]}: ${DIAPER_LABELS[entry.diaper_status]}`, secondary: entry.notes };
    case "star":
      return { primary: "Got a star", secondary: entry.reason };
    case "health": {
      const temperature = entry.temperature_c !== null ? `: ${entry.temperature_c} °C` : "";
      const dose = entry.dose ? `: ${entry.dose}` : "";
      return { primary: `${HEALTH_LABELS[entry.health_kind]}${temperature}${dose}`, secondary: entry.details };
    }
    case "dose":
      return { primary: `Medication given: ${entry.medication}, ${entry.dose}`, secondary: entry.notes };
    case "observation": {
      const files = entry.attachments > 0 ? ` (${entry.attachments} attached)` : "";
      return {
        primary: entry.milestone ? `Observation: ${entry.milestone}` : "Observation",
        secondary: `${entry.notes}${files}`,
      };
    }
    case "photo":
      return {
        primary: entry.media_type === "video" ? "New video" : "New photo",
        secondary: entry.title,
      };
  }
}
