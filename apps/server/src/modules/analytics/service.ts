import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { createComparisonService } from "./comparison.ts";
import { createFinancialService } from "./financial.ts";
import { createHomesService } from "./homes.ts";
import { createInsightsService } from "./insights.ts";
import { createOverviewService, type OverviewDeps } from "./overview.ts";

export type { ScopedCount } from "./overview.ts";

interface Deps extends OverviewDeps {
  clock: Clock;
  db: Database;
  unreadMessages: (caller: Caller) => Promise<number>;
}

/** The analytics calls and the role homes' data, one service per use case. */
export function createAnalyticsService(deps: Deps) {
  const overview = createOverviewService(deps);
  const financial = createFinancialService(deps);
  const comparison = createComparisonService(deps);
  return {
    overview,
    financial,
    comparison,
    insights: createInsightsService({ overview, financial, comparison }),
    homes: createHomesService(deps),
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
