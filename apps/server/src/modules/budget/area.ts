import type { Database } from "../../db/client.ts";
import type { FileStore } from "../../files/store.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import type { NotificationsService } from "../communication/notifications.ts";
import { createDashboardService } from "./dashboard.ts";
import { createExpensesService } from "./expenses.ts";
import { createExportService } from "./export.ts";
import { createLimitsService } from "./limits.ts";
import { createOversightService } from "./oversight.ts";
import { createQuotesService } from "./quotes.ts";
import { createRequestsService } from "./requests.ts";

/** The budget area's services, built once in app.ts. */
export function createBudgetArea(deps: {
  db: Database;
  clock: Clock;
  files: FileStore;
  mailer: Pick<Mailer, "send">;
  notifications: Pick<NotificationsService, "notify">;
  realtime: Pick<RealtimePublisher, "toCentreStaff">;
}) {
  const oversight = createOversightService(deps);
  return {
    limits: createLimitsService(deps),
    requests: createRequestsService(deps),
    quotes: createQuotesService(deps),
    expenses: createExpensesService(deps),
    exports: createExportService(deps),
    dashboard: createDashboardService({ ...deps, oversight }),
  };
}
export type BudgetArea = ReturnType<typeof createBudgetArea>;
