import { type Action, may as roleMay } from "@sprout/shared/access";
import { ROLE_PRIORITY, ROLES, type Role } from "@sprout/shared/roles";
import { forbidden } from "../lib/errors.ts";
import type { Caller, Scope } from "./caller.ts";

/**
 * The server's one question about roles: may this caller take this action of the access table
 * (`@sprout/shared/access`)? Which records is then the caller's scope (`caller.ts`:
 * `readableChildren`, `mayReadChild`, `mayReadClassroom`). Only the access layer compares roles
 * (`access-layer.test.ts`).
 */
export const may = (caller: Pick<Caller, "role">, action: Action): boolean => roleMay(caller.role, action);

/**
 * The caller is a family: a parent, who reads only their own children (the scope's `childIds`)
 * and sees a family's view of them (no staff notes, no other child's name).
 */
export const isFamily = (caller: Pick<Caller, "role">): boolean => may(caller, "children.readOwn");

/** Refuses with 403 a caller who may not take the action at all. */
export function assertMay(caller: Pick<Caller, "role">, action: Action): void {
  if (!may(caller, action)) throw forbidden();
}

/** Roles a caller may hand out: strictly below their own (ADR 0020). Nobody creates their equal or better. */
export const rolesAssignableBy = (caller: Pick<Caller, "role">): Role[] =>
  ROLES.filter((role) => ROLE_PRIORITY[role] > ROLE_PRIORITY[caller.role]);

/** Whether a caller may hand out a role, or change a person who holds it (users and staff). */
export const mayAssign = (caller: Pick<Caller, "role">, role: Role): boolean =>
  rolesAssignableBy(caller).includes(role);

/**
 * The caller's role when it is one of `roles`, else null: for records kept per role (a budget
 * limit applies to a role, spec 2), which name the role as data rather than grant an action.
 */
export function roleAmong<R extends string>(caller: Pick<Caller, "role">, roles: readonly R[]): R | null {
  return roles.find((role) => role === caller.role) ?? null;
}

/**
 * The children a member of staff reads, by centre or by classroom (the realtime rooms a socket
 * joins): the same scope as the API (ADR 0046), so a teacher hears of her classrooms' children
 * and the centre's other readers of every child; a family, of none here (its own user room).
 */
export function childrenReadBy(caller: Pick<Caller, "role">, scope: Scope) {
  if (!may(caller, "children.readRecords")) return { centerIds: [], classroomIds: [] };
  return scope.classroomIds
    ? { centerIds: [], classroomIds: scope.classroomIds }
    : { centerIds: scope.centerIds, classroomIds: [] };
}
