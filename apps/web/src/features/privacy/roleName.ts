import { ROLE_LABEL_IDS, ROLE_LABELS, ROLES } from "@sprout/shared/roles";
import type { Say } from "../../i18n/useSay";

/**
 * A role in the reader's words, from its value ("teacher") or from the English the access log
 * carries ("Teacher"); anything else is shown as it came.
 */
export function roleName(say: Say, role: string): string {
  const found = ROLES.find((each) => each === role || ROLE_LABELS[each] === role);
  return found ? say(ROLE_LABEL_IDS[found]) : role;
}
