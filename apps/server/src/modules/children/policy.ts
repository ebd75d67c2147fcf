import { may } from "@sprout/shared/access";
import type { Role } from "@sprout/shared/roles";

/** Pause reasons and notes, who paused, why a child left: for the roles that manage enrolment. */
export function managesEnrolment(role: Role): boolean {
  return may(role, "children.manage");
}

/** A child's monthly fee: for enrolment managers and billing roles, never for teachers. */
export function seesFees(role: Role): boolean {
  return may(role, "children.readFees");
}
