import type { Center, centerInput } from "@sprout/shared/schemas/centers";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";

/** A centre form as the shared schema leaves it (trimmed, blanks as null). */
type CenterValues = z.output<typeof centerInput>;

import type { Caller, Scope } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { centers } from "../../db/schema/organisations.ts";
import { writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/errors.ts";

export function createCentersService({ db }: { db: Database }) {
  // The outer table is named in full: without a join, drizzle leaves its columns unqualified.
  const select = () =>
    db
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
        is_active: centers.isActive,
        total_students: sql<number>`(select count(*)::int from ${students} where ${students.centerId} = "centers"."id" and ${students.status} <> 'left')`,
        total_classrooms: sql<number>`(select count(*)::int from ${classrooms} where ${classrooms.centerId} = "centers"."id")`,
      })
      .from(centers);

  async function findInScope(scope: Scope, id: string): Promise<Center> {
    const [row] = await select().where(and(eq(centers.id, id), inArray(centers.id, scope.centerIds)));
    if (!row) throw notFound("Center");
    return row;
  }

  return {
    /** The centres in the caller's scope, with real counts of children on the roll and classrooms. */
    async list(scope: Scope): Promise<Center[]> {
      return select().where(inArray(centers.id, scope.centerIds)).orderBy(asc(centers.name));
    },

    async create(caller: Caller, body: CenterValues): Promise<Center> {
      const [row] = await db
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
          isActive: body.is_active ?? true,
        })
        .returning({ id: centers.id });
      await writeAudit(db, {
        organisationId: caller.organisationId,
        actorId: caller.userId,
        action: "center.create",
        entity: "center",
        entityId: row!.id,
        after: body,
      });
      // The creator's scope was resolved before the centre existed; read it in the organisation.
      return findInScope({ organisationId: caller.organisationId, centerIds: [row!.id], childIds: null }, row!.id);
    },

    async update(caller: Caller, id: string, body: CenterValues): Promise<Center> {
      const scope = await caller.scope();
      const before = await findInScope(scope, id);
      await db
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
        })
        .where(eq(centers.id, id));
      const after = await findInScope(scope, id);
      await writeAudit(db, {
        organisationId: caller.organisationId,
        actorId: caller.userId,
        action: "center.update",
        entity: "center",
        entityId: id,
        before,
        after,
      });
      return after;
    },
  };
}
export type CentersService = ReturnType<typeof createCentersService>;
