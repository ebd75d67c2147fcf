import type { Database } from "../../db/client.ts";
import { JOB_LOCKS, runExclusive } from "../../jobs/lock.ts";
import type { Clock } from "../../lib/clock.ts";
import { createEnrollmentService } from "./enrollment.ts";

/** The automatic resume of pauses whose end date has come, run by one instance at a time. */
export async function runAutoResume(db: Database, clock: Clock) {
  const outcome = await runExclusive(db, JOB_LOCKS.resumeExpiredPauses, (tx) =>
    createEnrollmentService({ db: tx, clock }).resumeExpiredPauses(clock.now()),
  );
  return outcome ? { ran: true as const, resumed: outcome.result.length } : { ran: false as const, resumed: 0 };
}
