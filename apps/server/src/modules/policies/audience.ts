import { rolesFor } from "@sprout/shared/access";
import type { PolicyAudience } from "@sprout/shared/schemas/policies";
import { and, eq, inArray, ne } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";

const person = {
  userId: users.id,
  name: users.fullName,
  role: users.role,
  email: users.email,
  language: users.language,
};

/** The centre's active staff sign-ins that policies for staff are meant for. */
const staffOf = (db: Database, centreId: string) =>
  db
    .select(person)
    .from(users)
    .where(
      and(
        eq(users.centerId, centreId),
        inArray(users.role, rolesFor("policies.staffAudience")),
        eq(users.isActive, true),
      ),
    );

/** The parents (with a sign-in) of the centre's children still enrolled. */
const parentsOf = (db: Database, centreId: string) =>
  db
    .selectDistinct(person)
    .from(users)
    .innerJoin(guardians, eq(guardians.userId, users.id))
    .innerJoin(studentGuardians, eq(studentGuardians.guardianId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.studentId))
    .where(and(eq(students.centerId, centreId), ne(students.status, "left"), eq(users.isActive, true)));

/** Everyone a policy of this centre and audience asks to acknowledge it, as one subquery. */
export function audienceOf(db: Database, centreId: string, audience: PolicyAudience) {
  if (audience === "staff") return staffOf(db, centreId).as("audience");
  if (audience === "parents") return parentsOf(db, centreId).as("audience");
  return union(staffOf(db, centreId), parentsOf(db, centreId)).as("audience");
}
