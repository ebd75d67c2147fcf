import type { ClassroomDay, MealType } from "@sprout/shared/schemas/child-day";
import { type QueuedTap, waitingTaps } from "../../offline/tapQueue";

type Child = ClassroomDay["children"][number];
/** A child of the class list, and how many of the teacher's taps about them wait on the device. */
export type ClassChild = Child & { waiting: number };

const minutes = (time: unknown) => {
  const [hours = 0, rest = 0] = String(time).split(":").map(Number);
  return hours * 60 + rest;
};

/** What one waiting tap changes on one child's card. */
function apply(child: Child, tap: QueuedTap): Child {
  const body = tap.body;
  const meal = (type: unknown) =>
    child.meals.includes(type as MealType) ? child.meals : [...child.meals, type as MealType];
  switch (tap.write) {
    case "POST /api/attendance/check-in":
      return { ...child, checked_in: true, absent: false, gone_home: false };
    case "POST /api/attendance/check-out":
      return { ...child, gone_home: true };
    case "POST /api/attendance/absent":
      return { ...child, absent: true };
    case "POST /api/daily-activities/food":
      return { ...child, meals: meal(body.meal_type) };
    case "POST /api/daily-activities/sleep":
      return body.end_time
        ? { ...child, sleep_minutes: child.sleep_minutes + minutes(body.end_time) - minutes(body.start_time) }
        : { ...child, asleep: true };
    case "POST /api/daily-activities/potty":
      return { ...child, potty_count: child.potty_count + 1 };
    case "POST /api/stars":
      return { ...child, stars: child.stars + 1 };
    case "POST /api/daily-activities/batch":
      if (body.kind === "food") return { ...child, meals: meal(body.meal_type) };
      if (body.kind === "sleep") return apply(child, { ...tap, write: "POST /api/daily-activities/sleep" });
      if (body.kind === "wake") return { ...child, asleep: false };
      if (body.kind === "potty") return { ...child, potty_count: child.potty_count + 1 };
      if (body.kind === "star") return { ...child, stars: child.stars + 1 };
      return child;
    default:
      return child;
  }
}

/**
 * The class list as the teacher tapped it: the day's list with every waiting tap of that day
 * applied in order, each child counting the taps still to send.
 */
export function classAsTapped(day: ClassroomDay, taps: readonly QueuedTap[], today: boolean): ClassChild[] {
  // Attendance taps name no day: they are today's.
  const ofTheDay = (tap: QueuedTap) => (tap.body.date ?? (today ? day.date : null)) === day.date;
  const waiting = waitingTaps(taps).filter(ofTheDay);
  return day.children.map((child) => {
    const mine = waiting.filter((tap) => tap.childIds.includes(child.id));
    return { ...mine.reduce(apply, child), waiting: mine.length };
  });
}
