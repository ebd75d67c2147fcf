import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";

/**
 * A job the schedule runs. The scheduler knows no area: `scheduled-jobs.ts` composes the areas'
 * jobs and hands them here.
 */
export interface ScheduledJob {
  name: string;
  /** A cron pattern, in the server's time (each job applies its centres' time zones itself). */
  pattern: string;
  run: () => Promise<unknown>;
  /** The line logged when a run did something; null when it did nothing worth a line. */
  done: (outcome: never) => string | null;
  /** The line logged when a run fails. */
  failed: string;
  /** Run once at start too, so a restart never waits a whole interval. */
  atStart?: boolean;
}

/** Starts the in-process schedule; each job runs alone (a slow run is not overlapped by the next). */
export function startScheduler({ log, jobs }: { log: FastifyBaseLogger; jobs: readonly ScheduledJob[] }) {
  const runs = jobs.map((job) => async () => {
    try {
      const outcome = await job.run();
      const line = job.done(outcome as never);
      if (line) log.info(outcome, line);
    } catch (error) {
      log.error({ err: error }, job.failed);
    }
  });
  const crons = jobs.map((job, index) => new Cron(job.pattern, { protect: true, name: job.name }, runs[index]!));
  jobs.forEach((job, index) => {
    if (job.atStart) void runs[index]!();
  });
  return {
    stop() {
      for (const cron of crons) cron.stop();
    },
  };
}
