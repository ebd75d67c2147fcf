import type { Database } from "../../db/client.ts";
import { runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import { createBillingService } from "./service.ts";

/** Advisory-lock key of the overdue job (the auto-resume job uses 0x5e_0001). */
export const OVERDUE_INVOICES_LOCK = 0x5e_0002;

/** Marks overdue invoices, run by one instance at a time; the others skip. */
export async function runMarkOverdue(db: Database, clock: Clock) {
  const outcome = await runExclusive(db, OVERDUE_INVOICES_LOCK, (tx) =>
    createBillingService({ db: tx, clock }).markOverdue(clock.now()),
  );
  return outcome ? { ran: true as const, overdue: outcome.result } : { ran: false as const, overdue: 0 };
}
