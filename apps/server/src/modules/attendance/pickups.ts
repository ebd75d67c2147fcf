import type { PickupPerson, PickupPersonInput } from "@sprout/shared/schemas/attendance";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { pickupPeople } from "../../db/schema/attendance.ts";
import { guardians, studentGuardians } from "../../db/schema/children.ts";
import { writeAudit } from "../../lib/audit.ts";
import type { Clock } from "../../lib/clock.ts";
import { notFound } from "../../lib/errors.ts";
import { childInScope } from "./lookup.ts";
import { assert, mayEditPickups } from "./policy.ts";

export type PickupOption = PickupPerson & { kind: "guardian" | "authorised" };

/**
 * Who may collect each child: the child's guardians, then the people the family or the centre
 * added. One query for each, for any number of children.
 */
export async function pickupOptions(db: Database, studentIds: string[]): Promise<Map<string, PickupOption[]>> {
  const byChild = new Map<string, PickupOption[]>();
  if (studentIds.length === 0) return byChild;
  const [family, added] = await Promise.all([
    db
      .select({
        studentId: studentGuardians.studentId,
        id: guardians.id,
        first: guardians.firstName,
        last: guardians.lastName,
        relation: studentGuardians.relation,
        phone: guardians.phone,
      })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .where(inArray(studentGuardians.studentId, studentIds))
      .orderBy(asc(guardians.firstName)),
    db
      .select()
      .from(pickupPeople)
      .where(and(inArray(pickupPeople.studentId, studentIds), isNull(pickupPeople.removedAt)))
      .orderBy(asc(pickupPeople.createdAt)),
  ]);
  const push = (studentId: string, option: PickupOption) => {
    const list = byChild.get(studentId) ?? [];
    list.push(option);
    byChild.set(studentId, list);
  };
  for (const row of family)
    push(row.studentId, {
      id: row.id,
      name: `${row.first} ${row.last}`.trim(),
      relation: row.relation,
      phone: row.phone ?? "",
      kind: "guardian",
      photo_url: null,
    });
  for (const row of added)
    push(row.studentId, {
      id: row.id,
      name: row.name,
      relation: row.relation,
      phone: row.phone,
      kind: "authorised",
      photo_url: photoUrl(row.studentId, row.id, row.photoStoredName),
    });
  return byChild;
}

/** The access-checked address of a person's photo; the stored name's start changes with the photo. */
const photoUrl = (studentId: string, id: string, storedName: string | null) =>
  storedName ? `/api/attendance/children/${studentId}/pickup-people/${id}/photo?v=${storedName.slice(0, 8)}` : null;

/** The pick-up list a family and the centre keep: guardians are always on it; others are added. */
export function createPickupsService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async list(caller: Caller, studentId: string) {
      const child = await childInScope(db, caller, studentId);
      return { people: (await pickupOptions(db, [child.id])).get(child.id) ?? [] };
    },

    async add(caller: Caller, studentId: string, input: PickupPersonInput) {
      assert(mayEditPickups(caller));
      const child = await childInScope(db, caller, studentId);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pickupPeople)
          .values({
            studentId: child.id,
            name: input.name.trim(),
            relation: input.relation.trim(),
            phone: input.phone.trim(),
            createdBy: caller.userId,
            createdAt: clock.now(),
          })
          .returning({ id: pickupPeople.id });
        await writeAudit(tx, {
          organisationId: child.organisationId,
          actorId: caller.userId,
          action: "pickup.add",
          entity: "student",
          entityId: child.id,
          after: { pickup_person_id: row!.id, name: input.name, relation: input.relation },
        });
      });
      return this.list(caller, studentId);
    },

    async remove(caller: Caller, studentId: string, id: string) {
      assert(mayEditPickups(caller));
      const child = await childInScope(db, caller, studentId);
      await db.transaction(async (tx) => {
        const removed = await tx
          .update(pickupPeople)
          .set({ removedAt: clock.now() })
          .where(and(eq(pickupPeople.id, id), eq(pickupPeople.studentId, child.id), isNull(pickupPeople.removedAt)))
          .returning({ name: pickupPeople.name });
        if (removed.length === 0) throw notFound("Pick-up person");
        await writeAudit(tx, {
          organisationId: child.organisationId,
          actorId: caller.userId,
          action: "pickup.remove",
          entity: "student",
          entityId: child.id,
          before: { pickup_person_id: id, name: removed[0]!.name },
        });
      });
      return this.list(caller, studentId);
    },
  };
}
export type PickupsService = ReturnType<typeof createPickupsService>;
