import type { IntlShape } from "@formatjs/intl";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import type { DiaperStatus, HealthKind, MealType, PottyType } from "@sprout/shared/schemas/child-day";
import { intlFor } from "../../i18n/intl.ts";
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

/** "Ate most" and friends, as the catalogue's select names them. */
const amountOf = (percent: number) =>
  percent >= 100 ? "all" : percent >= 75 ? "most" : percent >= 50 ? "half" : percent > 0 ? "little" : "none";

const duration = (intl: IntlShape, minutes: number) =>
  minutes >= 60
    ? intl.formatMessage({ id: "digestMail.hours" }, { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
    : intl.formatMessage({ id: "digestMail.minutes" }, { minutes });

function line(intl: IntlShape, entry: Entry): string {
  const say = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  switch (entry.kind) {
    case "arrival":
      return entry.out
        ? say("digestMail.arrivedAndLeft", { in: entry.in, out: entry.out })
        : say("digestMail.arrived", { in: entry.in });
    case "meal":
      return say("digestMail.meal", { meal: entry.meal, amount: amountOf(entry.percent), percent: entry.percent });
    case "nap":
      return entry.end
        ? say("digestMail.slept", {
            from: entry.start,
            to: entry.end,
            duration: duration(intl, minutesBetween(entry.start, entry.end)),
          })
        : say("digestMail.fellAsleep", { time: entry.start });
    case "potty":
      return say("digestMail.potty", { type: entry.type, status: entry.status });
    case "star":
      return say("digestMail.star", { reason: entry.reason });
    case "dose":
      return say("digestMail.dose", { medication: entry.name, dose: entry.dose, time: entry.time });
    case "health": {
      const temperature = entry.temperature !== null ? ` ${intl.formatNumber(entry.temperature)} °C` : "";
      return `${say("digestMail.health", { kind: entry.health })}${temperature}${entry.details ? `: ${entry.details}` : ""}`;
    }
    case "observation":
      return say("digestMail.observation", {
        text: [entry.milestone, entry.notes.slice(0, 200)].filter(Boolean).join(" — "),
      });
  }
}

/** In the order of a day: arrival, meals, naps, potty, then stars, health and observations. */
const ORDER: Entry["kind"][] = ["arrival", "meal", "nap", "potty", "dose", "health", "star", "observation"];

const names = (intl: IntlShape, children: ChildDigest[]) => {
  const list = children.map((child) => child.name);
  return list.length === 1
    ? list[0]!
    : intl.formatMessage({ id: "digestMail.and" }, { first: list.slice(0, -1).join(", "), last: list.at(-1)! });
};

const longDate = (intl: IntlShape, day: string) =>
  intl.formatDate(new Date(`${day}T00:00:00Z`), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** One e-mail for a parent, in their language: each child's day as short lines. */
export function digestMail(letter: {
  email: string;
  name: string;
  day: string;
  language: Language;
  children: ChildDigest[];
}): OutgoingMail {
  const intl = intlFor(letter.language);
  const sections = letter.children.map((child) => {
    const sorted = [...child.entries].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
    return [`${child.name}`, ...sorted.map((entry) => `- ${line(intl, entry)}`)].join("\n");
  });
  const about = { names: names(intl, letter.children), date: longDate(intl, letter.day) };
  return {
    to: letter.email,
    subject: intl.formatMessage({ id: "digestMail.subject" }, about),
    text: [
      intl.formatMessage({ id: "digestMail.opening" }, { ...about, name: letter.name }),
      "",
      sections.join("\n\n"),
      "",
      intl.formatMessage({ id: "digestMail.closing" }),
    ].join("\n"),
  };
}
