import { english } from "@sprout/shared/i18n/english";
import {
  CENTRE_MILESTONES_MAX,
  CHILD_DAY_MESSAGES,
  MILESTONE_SOURCE,
  MILESTONES,
  type Milestone,
  type MilestonesPage,
  type milestoneInput,
  type milestonesQuery,
} from "@sprout/shared/schemas/child-day";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { centreMilestones } from "../../db/schema/child-day.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { pgCode } from "../classrooms/pg-error.ts";
import { mayManageMilestones, mayReadChildren } from "./policy.ts";

type Reader = Pick<Database, "select">;

/** The framework's own areas, each its own milestone, first on every centre's list. */
const BUILT_IN: Milestone[] = MILESTONES.map((name) => ({
  id: null,
  name,
  area: name,
  source: MILESTONE_SOURCE,
  built_in: true,
}));

const sameName = (name: string) => sql`lower(${centreMilestones.name}) = lower(${name})`;

/**
 * Where a log's milestone comes from: the framework, the centre's own list (its spelling and
 * source), or nowhere ("") for one the teacher typed. Another centre's list is never consulted.
 */
export async function resolveMilestone(db: Reader, centerId: string, name: string) {
  if (name === "") return { name, source: "" };
  const builtIn = MILESTONES.find((item) => item.toLowerCase() === name.toLowerCase());
  if (builtIn) return { name: builtIn, source: MILESTONE_SOURCE };
  const [own] = await db
    .select({ name: centreMilestones.name, source: centreMilestones.source })
    .from(centreMilestones)
    .where(and(eq(centreMilestones.centerId, centerId), sameName(name)));
  return own ?? { name, source: "" };
}

/** A centre's milestone list: the built-in framework plus what the centre adds. */
export function createMilestonesService({ db, clock }: { db: Database; clock: Clock }) {
  async function assertCentre(caller: Caller, centerId: string) {
    if (!(await caller.scope()).centerIds.includes(centerId)) throw notFound("Centre");
  }
  const present = (row: typeof centreMilestones.$inferSelect): Milestone => ({
    id: row.id,
    name: row.name,
    area: row.area,
    source: row.source,
    built_in: false,
  });

  return {
    /** The framework's areas first, then the centre's own by name; a page at a time. */
    async list(caller: Caller, query: z.output<typeof milestonesQuery>): Promise<MilestonesPage> {
      if (!mayReadChildren(caller)) throw forbidden();
      await assertCentre(caller, query.center_id);
      const where = eq(centreMilestones.centerId, query.center_id);
      const [{ own } = { own: 0 }] = await db.select({ own: count() }).from(centreMilestones).where(where);
      const total = BUILT_IN.length + own;
      const start = (query.page - 1) * query.limit;
      const builtIn = BUILT_IN.slice(start, start + query.limit);
      const ownStart = Math.max(0, start - BUILT_IN.length);
      const ownCount = query.limit - builtIn.length;
      const rows =
        ownCount > 0
          ? await db
              .select()
              .from(centreMilestones)
              .where(where)
              .orderBy(asc(sql`lower(${centreMilestones.name})`), asc(centreMilestones.id))
              .limit(ownCount)
              .offset(ownStart)
          : [];
      return {
        milestones: [...builtIn, ...rows.map(present)],
        can_manage: mayManageMilestones(caller),
        pagination: { current_page: query.page, total_pages: Math.ceil(total / query.limit), total_items: total },
      };
    },

    async add(caller: Caller, input: z.output<typeof milestoneInput>) {
      if (!mayManageMilestones(caller)) throw forbidden();
      await assertCentre(caller, input.center_id);
      const clash =
        MILESTONES.some((item) => item.toLowerCase() === input.name.toLowerCase()) ||
        (
          await db
            .select({ id: centreMilestones.id })
            .from(centreMilestones)
            .where(and(eq(centreMilestones.centerId, input.center_id), sameName(input.name)))
        ).length > 0;
      if (clash) throw conflict(CHILD_DAY_MESSAGES.milestoneDuplicate);
      const row = await db
        .transaction(async (tx) => {
          // The centre's row is the lock: two additions at once count one after the other.
          await tx.select({ id: centers.id }).from(centers).where(eq(centers.id, input.center_id)).for("update");
          const [{ own } = { own: 0 }] = await tx
            .select({ own: count() })
            .from(centreMilestones)
            .where(eq(centreMilestones.centerId, input.center_id));
          if (own >= CENTRE_MILESTONES_MAX)
            throw badRequest(english("server.centreMilestonesMax", { max: CENTRE_MILESTONES_MAX }));
          const [added] = await tx
            .insert(centreMilestones)
            .values({
              centerId: input.center_id,
              name: input.name,
              area: input.area,
              source: input.source,
              createdBy: caller.userId,
              createdAt: clock.now(),
            })
            .returning();
          await writeAudit(tx, {
            organisationId: caller.organisationId,
            actorId: caller.userId,
            action: "milestone.added",
            entity: "centre_milestone",
            entityId: added!.id,
            after: input,
          });
          return added!;
        })
        .catch((error: unknown) => {
          // The same name added twice at once: the unique index answers for the second.
          if (pgCode(error) === "23505") throw conflict(CHILD_DAY_MESSAGES.milestoneDuplicate);
          throw error;
        });
      return present(row);
    },

    /** Takes it off the list; logs that used it keep their own copy of its name and source. */
    async remove(caller: Caller, id: string) {
      if (!mayManageMilestones(caller)) throw forbidden();
      const [row] = await db.select().from(centreMilestones).where(eq(centreMilestones.id, id));
      if (!row || !(await caller.scope()).centerIds.includes(row.centerId)) throw notFound("Milestone");
      await db.transaction(async (tx) => {
        await tx.delete(centreMilestones).where(eq(centreMilestones.id, id));
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "milestone.removed",
          entity: "centre_milestone",
          entityId: id,
          before: present(row),
        });
      });
    },
  };
}
export type MilestonesService = ReturnType<typeof createMilestonesService>;
