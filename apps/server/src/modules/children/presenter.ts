import type { Role } from "@sprout/shared/roles";
import type { Student, StudentListItem } from "@sprout/shared/schemas/children";
import { managesEnrolment, seesFees } from "./policy.ts";

/** A child as `role` may see it in a list: fields the role has no business seeing are left out. */
export function presentStudentFor(role: Role, child: Student): StudentListItem {
  const { monthly_fee, pause_reason, pause_notes, paused_by_name, exit_reason, ...rest } = child;
  return {
    ...rest,
    ...(seesFees(role) && { monthly_fee }),
    ...(managesEnrolment(role) && { pause_reason, pause_notes, paused_by_name, exit_reason }),
  };
}
