import {
  amountLabel,
  DIAPER_LABELS,
  type DiaperStatus,
  HEALTH_LABELS,
  type HealthKind,
  MEAL_LABELS,
  type MealType,
  POTTY_LABELS,
  type PottyType,
} from "@sprout/shared/schemas/child-day";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { minutesBetween } from "./presenter.ts";

type Entry =
  | { kind: "arrival"; in: string; out: string | null }
  | { kind: "meal"; meal: MealType; percent: number }
  | { kind: "nap"; start: string; end: string | null }
  | { kind: "potty"; type: PottyType; status: DiaperStatus }
  | { kind: "star"; reason: string }
  | { kind: "dose"; name: string; dose: string; time: string }
  | { kind: "health"; health: HealthKind; details: string; temperature: number | null }
  | { kind: "observation"; milestone: string; notes: string };

export interface ChildDigest {
  name: string;
  entries: Entry[];
}

const duration = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} m` : `${minutes} m`;

function line(entry: Entry): string {
  switch (entry.kind) {
    case "arrival":
      return `Arrived ${entry.in}${entry.out ? `, left ${entry.out}` : ""}`;
    case "meal":
      return `${MEAL_LABELS[entry.meal]}: ${amountLabel(entry.percent)} (${entry.percent}%)`;
    case "nap":
      return entry.end
        ? `Slept ${entry.start}–${entry.end} (${duration(minutesBetween(entry.start, entry.end))})`
        : `Fell asleep at ${entry.start}`;
    case "potty":
      return `${POTTY_LABELS[entry.type]}: ${DIAPER_LABELS[entry.status].toLowerCase()}`;
    case "star":
      return `Star: ${entry.reason}`;
    case "dose":
      return `Medication: ${entry.name}, ${entry.dose} at ${entry.time}`;
    case "health":
      return `${HEALTH_LABELS[entry.health]}${entry.temperature !== null ? ` ${entry.temperature} °C` : ""}${
        entry.details ? `: ${entry.details}` : ""
      }`;
    case "observation":
      return `Observation: ${[entry.milestone, entry.notes.slice(0, 200)].filter(Boolean).join(" — ")}`;
  }
}

/** In the order of a day: arrival, meals, naps, potty, then stars, health and observations. */
const ORDER: Entry["kind"][] = ["arrival", "meal", "nap", "potty", "dose", "health", "star", "observation"];

const names = (children: ChildDigest[]) => {
  const list = children.map((child) => child.name);
  return list.length === 1 ? list[0]! : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
};

const longDate = (day: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** One e-mail for a parent: each child's day as short lines. */
export function digestMail(letter: {
  email: string;
  name: string;
  day: string;
  children: ChildDigest[];
}): OutgoingMail {
  const sections = letter.children.map((child) => {
    const sorted = [...child.entries].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
    return [`${child.name}`, ...sorted.map((entry) => `- ${line(entry)}`)].join("\n");
  });
  return {
    to: letter.email,
    subject: `${names(letter.children)}'s day at Sprout, ${longDate(letter.day)}`,
    text: [
      `Hello ${letter.name},`,
      "",
      `Here is ${names(letter.children)}'s day (${longDate(letter.day)}):`,
      "",
      sections.join("\n\n"),
      "",
      "Open Sprout for the details and photos. You can turn this daily e-mail off in the parent portal.",
      "",
      "Sprout",
    ].join("\n"),
  };
}
