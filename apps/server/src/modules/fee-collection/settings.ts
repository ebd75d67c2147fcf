import { english } from "@sprout/shared/i18n/english";
import {
  type CollectionSettings,
  type CollectionSettingsInput,
  collectionSettingsInput,
} from "@sprout/shared/schemas/fee-collection/settings";
import { eq, sql } from "drizzle-orm";
import { may } from "../../auth/access.ts";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { centerCollectionSettings } from "../../db/schema/fee-collection.ts";
import { centers } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { UUID } from "../billing/queries.ts";
import { seriesCodeSql } from "./series.ts";

export const SETTINGS_MESSAGES = {
  seriesCodeTaken: (code: string, centre: string) => english("server.collection.seriesCodeTaken", { code, centre }),
} as const;

type Row = typeof centerCollectionSettings.$inferSelect;

/** What the audit keeps of the settings: every field a person can change. */
const audited = (row: Partial<Row> | undefined) => ({
  upi_vpa: row?.upiVpa ?? null,
  upi_payee_name: row?.upiPayeeName ?? null,
  gstin: row?.gstin ?? null,
  legal_name: row?.legalName ?? null,
  tax_address: row?.taxAddress ?? null,
  series_code: row?.seriesCode ?? null,
  reminders_enabled: row?.remindersEnabled ?? true,
});

/**
 * A centre's collection and tax details. A centre without a row has the defaults (no UPI ID, not
 * GST-registered, reminders on); the first change writes the row. Every change is audited with
 * before and after in its own transaction.
 */
export function createCollectionSettings({ db, clock }: { db: Database; clock: Clock }) {
  /** The caller's scope is read before any transaction (on the embedded database a read outside it would wait for it). */
  async function centreInScope(executor: Database, scope: Scope, centerId: string) {
    if (!UUID.test(centerId) || !scope.centerIds.includes(centerId)) throw notFound("Center");
    const [centre] = await executor
      .select({ id: centers.id, name: centers.name, organisationId: centers.organisationId })
      .from(centers)
      .where(eq(centers.id, centerId));
    if (!centre) throw notFound("Center");
    return centre;
  }

  async function read(executor: Database, caller: Caller, centre: { id: string; name: string }) {
    const [found] = await executor
      .select({ settings: centerCollectionSettings, updatedByName: users.fullName })
      .from(centerCollectionSettings)
      .leftJoin(users, eq(users.id, centerCollectionSettings.updatedBy))
      .where(eq(centerCollectionSettings.centerId, centre.id));
    const [code] = rowsOf<{ code: string }>(
      await executor.execute(sql`select ${seriesCodeSql(sql`${centre.id}::uuid`)} as code`),
    );
    const row = found?.settings;
    return {
      center_id: centre.id,
      center_name: centre.name,
      ...audited(row),
      effective_series_code: code!.code,
      updated_at: row ? row.updatedAt.toISOString() : null,
      updated_by_name: found?.updatedByName ?? null,
      can_edit: may(caller, "collection.editSettings"),
    } satisfies CollectionSettings;
  }

  return {
    async get(caller: Caller, centerId: string): Promise<CollectionSettings> {
      return read(db, caller, await centreInScope(db, await caller.scope(), centerId));
    },

    async update(caller: Caller, centerId: string, raw: CollectionSettingsInput): Promise<CollectionSettings> {
      const parsed = collectionSettingsInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
      }
      const input = parsed.data;
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const centre = await centreInScope(tx, scope, centerId);
        if (input.series_code) {
          // One code per organisation: checked under a lock on the organisation's codes, so two
          // centres saving the same code at once cannot both pass the check.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('series-code:' || ${centre.organisationId}))`);
          const [taken] = rowsOf<{ name: string }>(
            await tx.execute(sql`
              select oc.center_name as name from centers oc
              where oc.organisation_id = ${centre.organisationId}::uuid and oc.id <> ${centre.id}::uuid
                and ${seriesCodeSql(sql`oc.id`)} = ${input.series_code}
              limit 1`),
          );
          if (taken) throw conflict(SETTINGS_MESSAGES.seriesCodeTaken(input.series_code, taken.name));
        }
        const [before] = await tx
          .select()
          .from(centerCollectionSettings)
          .where(eq(centerCollectionSettings.centerId, centre.id))
          .for("update");
        const values = {
          upiVpa: input.upi_vpa ?? null,
          upiPayeeName: input.upi_payee_name ?? null,
          gstin: input.gstin ?? null,
          legalName: input.legal_name ?? null,
          taxAddress: input.tax_address ?? null,
          seriesCode: input.series_code ?? null,
          remindersEnabled: input.reminders_enabled,
          updatedBy: caller.userId,
          updatedAt: clock.now(),
        };
        await tx
          .insert(centerCollectionSettings)
          .values({ centerId: centre.id, ...values })
          .onConflictDoUpdate({ target: centerCollectionSettings.centerId, set: values });
        await writeAudit(tx, {
          organisationId: centre.organisationId,
          actorId: caller.userId,
          action: "collection.settings",
          entity: "center",
          entityId: centre.id,
          before: audited(before),
          after: audited(values),
        });
        return read(tx, caller, centre);
      });
    },
  };
}
export type CollectionSettingsService = ReturnType<typeof createCollectionSettings>;
