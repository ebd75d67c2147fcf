import { type Action, may as roleMay } from "@sprout/shared/access";
import { forbidden } from "../lib/errors.ts";
import type { Caller } from "./caller.ts";

/**
 * The server's one question about roles: may this caller take this action of the access table
 * (`@sprout/shared/access`)? Which records is then the caller's scope (`caller.ts`:
 * `readableChildren`, `mayReadChild`, `mayReadClassroom`). Only the access layer compares roles
 * (`access-layer.test.ts`).
 */
export const may = (caller: Pick<Caller, "role">, action: Action): boolean => roleMay(caller.role, action);

/** Refuses with 403 a caller who may not take the action at all. */
export function assertMay(caller: Pick<Caller, "role">, action: Action): void {
  if (!may(caller, action)) throw forbidden();
}
