import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Caller, mayReadChild, readableChildren } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import { classrooms, students } from "../../db/schema/children.ts";
import { portfolioItems } from "../../db/schema/digital-portfolio.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { seesPhotos, seesWholeCentre } from "./policy.ts";

export const childName = sql<string>`trim(${students.firstName} || ' ' || ${students.lastName})`;

const list = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * Items some child in the photo does not allow: tagged children without a consent that permits
 * photos, and group photos of children allowed only in their own. Children in `except` (a
 * family's own) are not asked: their family's choice never hides a photo from that family, but
 * it never lifts another child's refusal either. Written uncorrelated (tags reached from the few
 * children concerned through their index) so that PostgreSQL computes the set once per query
 * instead of probing every item of a 100,000-photo portfolio.
 */
const blocked = (centerIds: string[], except: string[] = []) => {
  const others = except.length ? sql` and t.student_id not in ${list(except)}` : sql``;
  return sql`${portfolioItems.id} in (
  select t.item_id from portfolio_item_children t
  where t.student_id in (select s.id from students s where s.center_id in ${list(centerIds)}
    and not exists (select 1 from photo_consents c where c.student_id = s.id and c.consent in ('own', 'group')))${others}
  union all
  select t.item_id from portfolio_item_children t join portfolio_items b on b.id = t.item_id and b.is_group
  where t.student_id in (select c.student_id from photo_consents c where c.consent = 'own')${others})`;
};

/**
 * Items showing any of these children: their own photos by the indexed column, and group photos
 * they are tagged in (the tag set is only built when a group photo is met).
 */
const tagging = (childIds: string[]) =>
  sql`(${inArray(portfolioItems.studentId, childIds)} or (${portfolioItems.isGroup} and ${portfolioItems.id} in
    (select t.item_id from portfolio_item_children t where t.student_id in ${list(childIds)})))`;

export interface ItemAccess {
  where: SQL;
  teacherRooms: string[];
}

/**
 * What the caller may see, as one WHERE over portfolio items: a parent their children's photos
 * that every other tagged child's consent allows (their own child's consent hides nothing from
 * them, and lifts nothing the other children refuse); a teacher the allowed photos of children
 * in their rooms; a leader the allowed photos of their centres.
 */
export async function readableItems(
  caller: Caller,
  /** The list is one child's whose scope was already checked (a teacher's rooms need no second test). */
  { childChecked = false } = {},
): Promise<ItemAccess | null> {
  const scope = await caller.scope();
  if (scope.centerIds.length === 0) return null;
  const inCentres = inArray(portfolioItems.centerId, scope.centerIds);
  if (scope.childIds) {
    const own = scope.childIds;
    if (own.length === 0) return null;
    // A photo of their child, shown only when every other child in it allows being seen.
    return { where: and(inCentres, tagging(own), sql`not ${blocked(scope.centerIds, own)}`)!, teacherRooms: [] };
  }
  const visible = and(inCentres, sql`not ${blocked(scope.centerIds)}`)!;
  if (scope.classroomIds) {
    const rooms = scope.classroomIds;
    if (rooms.length === 0) return null;
    if (childChecked) return { where: visible, teacherRooms: rooms };
    const ofTheirRooms = sql`${portfolioItems.id} in (select t.item_id from portfolio_item_children t
      join students s on s.id = t.student_id where s.class_id in ${list(rooms)})`;
    return { where: and(visible, ofTheirRooms)!, teacherRooms: rooms };
  }
  if (!seesWholeCentre(caller)) throw forbidden();
  return { where: visible, teacherRooms: [] };
}

/** Items showing this child (the child's own or a group photo they are tagged in). */
export const showsChild = (childId: string) => tagging([childId]);

export interface PortfolioChild {
  id: string;
  name: string;
  centerId: string;
  classroomId: string | null;
  className: string | null;
}

const selectChild = (db: Database) =>
  db
    .select({
      id: students.id,
      name: childName,
      centerId: students.centerId,
      classroomId: students.classroomId,
      className: classrooms.name,
    })
    .from(students)
    .leftJoin(classrooms, eq(classrooms.id, students.classroomId));

/** Children whose portfolio the caller may open; scope decides, anything else is 404. */
export async function childrenInScope(db: Database, caller: Caller, ids: string[]): Promise<PortfolioChild[]> {
  if (ids.length === 0) return [];
  const scope = await caller.scope();
  const rows = await selectChild(db).where(inArray(students.id, ids));
  const mayOpen = (child: PortfolioChild) => mayReadChild(scope, child) && seesPhotos(caller);
  const found = rows.filter(mayOpen);
  if (found.length !== new Set(ids).size) throw notFound("Child");
  return found;
}

export async function childInScope(db: Database, caller: Caller, id: string): Promise<PortfolioChild> {
  const [child] = await childrenInScope(db, caller, [id]);
  return child!;
}

/** The children a caller may pick (a parent's own, a teacher's rooms', a leader's centres'). */
export async function pickableChildren(db: Database, caller: Caller, search: string | undefined, limit: number) {
  const scope = await caller.scope();
  if (scope.centerIds.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    inArray(students.centerId, scope.centerIds),
    sql`${students.status} <> 'left'`,
  ];
  if (scope.childIds) {
    if (!scope.childIds.length) return [];
    conditions.push(inArray(students.id, scope.childIds));
  } else if (scope.classroomIds) {
    if (!scope.classroomIds.length) return [];
    conditions.push(readableChildren(scope));
  } else if (!seesWholeCentre(caller)) throw forbidden();
  if (search) conditions.push(sql`${childName} ilike ${`%${search.replace(/[\\%_]/g, "\\$&")}%`}`);
  return selectChild(db)
    .where(and(...conditions))
    .orderBy(students.firstName, students.lastName, students.id)
    .limit(limit);
}
