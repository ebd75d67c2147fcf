import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { PushQueue } from "../push/area.ts";
import { createClaimsService } from "./claims.ts";
import { createReceiptsService } from "./receipts.ts";
import { createUpiService } from "./upi.ts";

/** Paying an invoice by UPI, the parent's payment claims and the office's decision, receipts (issue 35). */
export function createPayArea(deps: {
  db: Database;
  clock: Clock;
  push: Pick<PushQueue, "toUsers">;
  mailer: Pick<Mailer, "send">;
}) {
  return {
    upi: createUpiService(deps),
    claims: createClaimsService(deps),
    receipts: createReceiptsService(deps),
  };
}
export type PayArea = ReturnType<typeof createPayArea>;
