import { CENTER_MESSAGES, type Center, type centerInput } from "@sprout/shared/schemas/centers";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers, ownerCenters } from "../../db/schema/organisations.ts";
import { users } from "../../db/schema/users.ts";
import { writeAudit } from "../../lib/audit.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { toCenter } from "./presenter.ts";

/** A centre form as the shared schema leaves it (trimmed, blanks as null). */
type CenterValues = z.output<typeof centerInput>;

export function createCentersService({ db }: { db: Database }) {
  // The outer table is named in full: without a join, drizzle leaves its columns unqualified.
  const select = (executor: Database) =>
    executor
      .select({
        id: centers.id,
        center_name: centers.name,
        address: centers.address,
        city: centers.city,
        state: centers.state,
        postal_code: centers.postalCode,
        phone: centers.phone,
        email: centers.email,
        capacity: centers.capacity,
        time_zone: centers.timeZone,
        language: centers.language,
        is_active: centers.isActive,
        total_students: sql<number>`(select count(*)::int from ${students} where ${students.centerId} = "centers"."id" and ${students.status} <> 'left')`,
        total_classrooms: sql<number>`(select count(*)::int from ${classrooms} where ${classrooms.centerId} = "centers"."id")`,
        // Named in full for the same reason: with a join, unqualified columns would be ambiguous.
        owners: sql<
          { id: string; name: string }[]
        >`(select coalesce(json_agg(json_build_object('id', "owner_users"."id", 'name', "owner_users"."full_name") order by "owner_users"."full_name", "owner_users"."id"), '[]'::json) from ${ownerCenters} join ${users} as "owner_users" on "owner_users"."id" = "owner_centers"."owner_id" where "owner_centers"."center_id" = "centers"."id")`,
      })
      .from(centers);

  async function findInScope(scope: Scope, id: string, executor: Database = db): Promise<Center> {
    const [row] = await select(executor).where(and(eq(centers.id, id), inArray(centers.id, scope.centerIds)));
    if (!row) throw notFound("Center");
    return toCenter(row);
  }

  /** Every id must be an active owner of the caller's organisation; otherwise nothing is written. */
  async function checkOwners(executor: Database, caller: Caller, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await executor
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, ids),
          eq(users.organisationId, caller.organisationId),
          eq(users.role, "owner"),
          eq(users.isActive, true),
        ),
      );
    if (found.length !== ids.length) {
      throw badRequest(CENTER_MESSAGES.notAnOwner, { owner_ids: CENTER_MESSAGES.notAnOwner });
    }
  }

  /** Replaces the centre's owner links with exactly these owners. */
  async function linkOwners(executor: Database, centerId: string, ids: string[]): Promise<void> {
    await executor.delete(ownerCenters).where(eq(ownerCenters.centerId, centerId));
    if (ids.length > 0) {
      await executor.insert(ownerCenters).values(ids.map((ownerId) => ({ ownerId, centerId })));
    }
  }

  return {
    /** The centres in the caller's scope, with real counts of children on the roll and classrooms. */
    async list(scope: Scope): Promise<Center[]> {
      const rows = await select(db).where(inArray(centers.id, scope.centerIds)).orderBy(asc(centers.name));
      return rows.map(toCenter);
    },

    async create(caller: Caller, body: CenterValues): Promise<Center> {
      return db.transaction(async (tx) => {
        const ownerIds = body.owner_ids ?? [];
        await checkOwners(tx, caller, ownerIds);
        const [row] = await tx
          .insert(centers)
          .values({
            organisationId: caller.organisationId,
            name: body.center_name,
            address: body.address,
            city: body.city,
            state: body.state,
            postalCode: body.postal_code,
            phone: body.phone,
            email: body.email,
            capacity: body.capacity,
            language: body.language ?? "en",
            isActive: body.is_active ?? true,
          })
          .returning({ id: centers.id });
        await linkOwners(tx, row!.id, ownerIds);
        // The creator's scope was resolved before the centre existed; read it in the organisation.
        const after = await findInScope(
          { organisationId: caller.organisationId, centerIds: [row!.id], childIds: null, classroomIds: null },
          row!.id,
          tx,
        );
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "center.create",
          entity: "center",
          entityId: row!.id,
          after,
        });
        return after;
      });
    },

    async update(caller: Caller, id: string, body: CenterValues): Promise<Center> {
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        const before = await findInScope(scope, id, tx);
        if (body.owner_ids) await checkOwners(tx, caller, body.owner_ids);
        await tx
          .update(centers)
          .set({
            name: body.center_name,
            address: body.address,
            city: body.city,
            state: body.state,
            postalCode: body.postal_code,
            phone: body.phone,
            email: body.email,
            capacity: body.capacity,
            ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
            ...(body.language === undefined ? {} : { language: body.language }),
          })
          .where(eq(centers.id, id));
        if (body.owner_ids) await linkOwners(tx, id, body.owner_ids);
        const after = await findInScope(scope, id, tx);
        // before/after carry owner_ids, so the audit shows who was linked and unlinked.
        await writeAudit(tx, {
          organisationId: caller.organisationId,
          actorId: caller.userId,
          action: "center.update",
          entity: "center",
          entityId: id,
          before,
          after,
        });
        return after;
      });
    },
  };
}
export type CentersService = ReturnType<typeof createCentersService>;
