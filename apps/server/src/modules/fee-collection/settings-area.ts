import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { createAccountsExport } from "./accounts-export.ts";
import { accountsExportRoutes } from "./export-routes.ts";
import { createCollectionSettings } from "./settings.ts";
import { collectionSettingsRoutes } from "./settings-routes.ts";

/** The centre's collection settings and the accountant's export, registered as one (app.ts). */
export function collectionSettingsArea({ db, clock }: { db: Database; clock: Clock }) {
  return async (app: FastifyInstance) => {
    await app.register(collectionSettingsRoutes({ settings: createCollectionSettings({ db, clock }) }));
    await app.register(accountsExportRoutes({ accountsExport: createAccountsExport({ db, clock }) }));
  };
}
