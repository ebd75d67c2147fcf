import type { Database } from "../../db/client.ts";
import { runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import type { PushQueue } from "../push/area.ts";
import { createBillingService } from "./service.ts";

/** Advisory-lock key of the overdue job (the auto-resume job uses 0x5e_0001). */
export const OVERDUE_INVOICES_LOCK = 0x5e_0002;

/**
 * Marks overdue invoices (and tells their families), run by one instance at a time; the others
 * skip. The pushes are queued on the job's transaction. "Due soon" is told by the fee reminders
 * (fee-collection/reminders.ts), once, with its e-mail.
 */
export async function runMarkOverdue(db: Database, clock: Clock, push?: Pick<PushQueue, "toFamilies">) {
  const outcome = await runExclusive(db, OVERDUE_INVOICES_LOCK, async (tx) => {
    const billing = createBillingService({ db: tx, clock, push });
    return { overdue: await billing.markOverdue(clock.now()) };
  });
  return outcome ? { ran: true as const, ...outcome.result } : { ran: false as const, overdue: 0 };
}
