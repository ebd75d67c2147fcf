import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { StudentStatus } from "@sprout/shared/schemas/children";
import type { GENDERS } from "@sprout/shared/schemas/enquiries";
import type { Say } from "../../i18n/useSay";

/** A student's status as the reader says it. */
export const STATUS_LABELS: Record<StudentStatus, MessageId> = {
  active: "children.statusActive",
  paused: "children.statusPaused",
  left: "children.statusLeft",
};

/** The stored gender values ("Male", ...) as the reader says them. */
export const GENDER_LABELS: Record<(typeof GENDERS)[number], MessageId> = {
  Male: "children.genderMale",
  Female: "children.genderFemale",
  Other: "children.genderOther",
};

export function genderLabel(say: Say, gender: string | null): string {
  if (!gender) return "—";
  const id = GENDER_LABELS[gender as (typeof GENDERS)[number]];
  return id ? say(id) : gender;
}
