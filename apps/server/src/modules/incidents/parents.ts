import type { ParentIncident, ParentIncidentsPage } from "@sprout/shared/schemas/incidents";
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { assertMay } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { incidentAcknowledgements, incidentChildren, incidents } from "../../db/schema/incidents.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { markParentsNotified, tellFamilies } from "./family-notice.ts";
import { assertMayManage } from "./policy.ts";
import { type IncidentRow, toParentIncident } from "./presenter.ts";
import type { IncidentQueries } from "./queries.ts";
import type { IncidentsService } from "./service.ts";

interface Deps {
  db: Database;
  clock: Clock;
  realtime: RealtimePublisher;
  queries: IncidentQueries;
  incidents: IncidentsService;
}

/** Telling parents, and what parents read and acknowledge in their portal. */
export function createIncidentFamilyService({ db, clock, realtime, queries, incidents: staff }: Deps) {
  /** Reports a parent may read: about one of their children, after the centre notified parents. */
  async function readable(caller: Caller) {
    assertMay(caller, "incidents.readOwn");
    const childIds = (await caller.scope()).childIds ?? [];
    const where =
      childIds.length === 0
        ? sql`false`
        : and(
            isNotNull(incidents.parentsNotifiedAt),
            inArray(
              incidents.id,
              db
                .select({ id: incidentChildren.incidentId })
                .from(incidentChildren)
                .where(inArray(incidentChildren.studentId, childIds)),
            ),
          );
    return { childIds, where };
  }

  async function presentForParent(caller: Caller, rows: IncidentRow[], childIds: string[]): Promise<ParentIncident[]> {
    const ids = rows.map((row) => row.id);
    const [children, photos, acknowledgements] = await Promise.all([
      queries.childrenOf(ids),
      queries.photosOf(ids),
      queries.acknowledgementsOf(ids, childIds),
    ]);
    const own = new Set(childIds);
    return rows.map((row) =>
      toParentIncident(
        row,
        caller,
        (children.get(row.id) ?? []).filter((child) => own.has(child.id)),
        photos.get(row.id) ?? [],
        acknowledgements.get(row.id) ?? [],
      ),
    );
  }

  async function findForParent(caller: Caller, id: string): Promise<IncidentRow> {
    const { where } = await readable(caller);
    const [row] = await queries.selectReports().where(and(eq(incidents.id, id), where));
    if (!row) throw notFound("Incident");
    return queries.toRow(row);
  }

  return {
    /** Marks parents notified: the report appears in the portal of each involved child's parents. */
    async notifyParents(caller: Caller, id: string) {
      assertMayManage(caller);
      const row = await staff.find(caller, id);
      const notified = await db.transaction((tx) =>
        markParentsNotified(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          incidentId: row.id,
          at: clock.now(),
        }),
      );
      // Already notified: nothing more to record or send.
      if (!notified) return staff.present(row);
      await tellFamilies(db, realtime, row);
      return staff.present(await staff.find(caller, id));
    },

    async list(caller: Caller, page: number, limit: number): Promise<ParentIncidentsPage> {
      const { childIds, where } = await readable(caller);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(incidents).where(where);
      const rows = (
        await queries
          .selectReports()
          .where(where)
          .orderBy(desc(incidents.occurredAt), desc(incidents.id))
          .limit(limit)
          .offset((page - 1) * limit)
      ).map(queries.toRow);
      return {
        incidents: await presentForParent(caller, rows, childIds),
        pagination: {
          current_page: page,
          total_pages: Math.ceil(total / limit),
          total_items: total,
          items_per_page: limit,
        },
      };
    },

    async acknowledge(caller: Caller, id: string): Promise<ParentIncident> {
      const row = await findForParent(caller, id);
      const { childIds } = await readable(caller);
      const recorded = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(incidentAcknowledgements)
          .values({ incidentId: row.id, userId: caller.userId, acknowledgedAt: clock.now() })
          .onConflictDoNothing()
          .returning({ at: incidentAcknowledgements.acknowledgedAt });
        if (inserted.length > 0)
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "incident.parent_acknowledged",
            entity: "incident",
            entityId: row.id,
          });
        return inserted.length > 0;
      });
      // The staff lists change from "Notified" to "Acknowledged", with the parent's name.
      if (recorded) realtime.toCentreStaff(row.centerId, "incident-update", { id: row.id });
      const [answer] = await presentForParent(caller, [row], childIds);
      return answer!;
    },

    /** Whether a parent may see a photo of this report (the photo route serves both audiences). */
    async assertParentMayRead(caller: Caller, id: string) {
      await findForParent(caller, id);
    },
  };
}
export type IncidentFamilyService = ReturnType<typeof createIncidentFamilyService>;
