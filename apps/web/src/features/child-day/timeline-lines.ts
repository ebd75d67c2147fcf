import type { TimelineEntry } from "@sprout/shared/schemas/child-day-timeline";
import { formatClockTime, formatDuration } from "../../format";
import type { Say } from "../../i18n/useSay";
import { amountOf } from "./tiles";

/** What a timeline entry says, in the reader's language: a headline and, when there is more, a second line. */
export function timelineLine(entry: TimelineEntry, say: Say): { primary: string; secondary: string } {
  switch (entry.kind) {
    case "arrival":
      return {
        primary: say("timeline.arrived"),
        secondary: entry.checked_in_by ? say("timeline.checkedInBy", { name: entry.checked_in_by }) : "",
      };
    case "departure":
      return {
        primary: say("timeline.wentHome"),
        secondary: entry.collected_by ? say("timeline.collectedBy", { name: entry.collected_by }) : "",
      };
    case "meal":
      return {
        primary: say("timeline.meal", { meal: entry.meal_type, amount: amountOf(entry.food_consumed) }),
        secondary: entry.notes,
      };
    case "nap":
      return {
        primary:
          entry.end_time && entry.minutes !== null
            ? say("timeline.nap", {
                from: formatClockTime(entry.time ?? ""),
                to: formatClockTime(entry.end_time),
                duration: formatDuration(entry.minutes, say),
              })
            : say("timeline.asleepSince", { time: formatClockTime(entry.time ?? "") }),
        secondary: entry.notes,
      };
    case "potty":
      return {
        primary: say("timeline.potty", { type: entry.type, status: entry.diaper_status }),
        secondary: entry.notes,
      };
    case "star":
      return { primary: say("timeline.star"), secondary: entry.reason };
    case "health": {
      const detail = [entry.temperature_c !== null ? `${entry.temperature_c} °C` : "", entry.dose ?? ""]
        .filter(Boolean)
        .join(": ");
      return {
        primary: detail
          ? say("timeline.healthWith", { kind: entry.health_kind, detail })
          : say("timeline.health", { kind: entry.health_kind }),
        secondary: entry.details,
      };
    }
    case "dose":
      return {
        primary: say("timeline.dose", { medication: entry.medication, dose: entry.dose }),
        secondary: entry.notes,
      };
    case "observation":
      return {
        primary: entry.milestone
          ? say("timeline.observationOf", { milestone: entry.milestone })
          : say("timeline.observation"),
        secondary:
          entry.attachments > 0
            ? say("timeline.attached", { notes: entry.notes, count: entry.attachments })
            : entry.notes,
      };
    case "photo":
      return {
        primary: say(entry.media_type === "video" ? "timeline.newVideo" : "timeline.newPhoto"),
        secondary: entry.title,
      };
  }
}
