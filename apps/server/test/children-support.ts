import type { Role } from "@sprout/shared/roles";
import { and, asc, eq } from "drizzle-orm";
import { hashPassword } from "../src/auth/passwords.ts";
import type { Database } from "../src/db/client.ts";
import { DEMO_PASSWORD } from "../src/db/demo-seed.ts";
import { classrooms, students } from "../src/db/schema/children.ts";
import { centers } from "../src/db/schema/organisations.ts";
import { users } from "../src/db/schema/users.ts";

/** The demo centres in seed order: 0 Koramangala (the demo staff's), 1 Andheri West, 2 Gachibowli. */
export async function demoCentres(db: Database) {
  const rows = await db.select().from(centers).orderBy(asc(centers.createdAt), asc(centers.name));
  const byName = (part: string) => rows.find((row) => row.name.includes(part))!;
  return [byName("Koramangala"), byName("Andheri"), byName("Gachibowli")];
}

/** A sign-in for a role in another centre, made directly in the database. */
export async function createCentreUser(db: Database, centerId: string, role: Role, email: string) {
  const [organisation] = await db.select({ id: centers.organisationId }).from(centers).where(eq(centers.id, centerId));
  const [user] = await db
    .insert(users)
    .values({
      organisationId: organisation!.id,
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      fullName: `Test ${role}`,
      role,
      centerId,
    })
    .returning();
  return user!;
}

export async function childrenOf(db: Database, centerId: string, status: "active" | "paused" | "left" = "active") {
  return db
    .select()
    .from(students)
    .where(and(eq(students.centerId, centerId), eq(students.status, status)))
    .orderBy(asc(students.studentId));
}

export async function classroomsOf(db: Database, centerId: string) {
  return db
    .select()
    .from(classrooms)
    .where(eq(classrooms.centerId, centerId))
    .orderBy(asc(classrooms.createdAt), asc(classrooms.name));
}
