import { ROLES } from "@sprout/shared/roles";
import type { MyChildren } from "@sprout/shared/schemas/parents";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { classrooms, guardians, studentGuardians, students } from "../../db/schema/children.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala, andheri] = await demoCentres(db);

/**
 * A second parent in Andheri West: guardian of one child still enrolled and of one who has left,
 * linked in the database as an admission would link them.
 */
const otherParentUser = await createCentreUser(db, andheri!.id, "parent", "parent.andheri@sprout.test");
const [stillEnrolled] = await childrenOf(db, andheri!.id, "active");
const [hasLeft] = await childrenOf(db, andheri!.id, "left");
const [otherGuardian] = await db
  .insert(guardians)
  .values({ centerId: andheri!.id, firstName: "Test", lastName: "Parent", userId: otherParentUser.id })
  .returning();
await db.insert(studentGuardians).values([
  { studentId: stillEnrolled!.id, guardianId: otherGuardian!.id, relation: "Mother", isPrimary: true },
  { studentId: hasLeft!.id, guardianId: otherGuardian!.id, relation: "Mother", isPrimary: true },
]);

const demoParent = as(app, await signIn(app, DEMO_EMAILS.parent));
const otherParent = as(app, await signIn(app, "parent.andheri@sprout.test"));

async function myChildren(client: ReturnType<typeof as>): Promise<MyChildren> {
  const response = await client.get("/api/parents/my-children");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /api/parents/my-children", () => {
  it("gives the demo parent exactly Aanya and Kabir, in two classrooms of Sprout Koramangala", async () => {
    const children = await myChildren(demoParent);
    expect(children.map((child) => `${child.first_name} ${child.last_name}`)).toEqual([
      "Aanya Malhotra",
      "Kabir Malhotra",
    ]);
    expect(children.every((child) => child.center_name === koramangala!.name)).toBe(true);
    expect(koramangala!.name).toBe("Sprout Koramangala");
    const [aanya, kabir] = children;
    expect(aanya!.classroom_id).not.toBeNull();
    expect(kabir!.classroom_id).not.toBeNull();
    expect(aanya!.classroom_id).not.toBe(kabir!.classroom_id);
    // The classroom names are the classrooms' own.
    for (const child of children) {
      const [room] = await db.select().from(classrooms).where(eq(classrooms.id, child.classroom_id!));
      expect(child.classroom_name).toBe(room!.name);
      expect(room!.centerId).toBe(koramangala!.id);
    }
    // Only the spec's fields.
    expect(Object.keys(aanya!).sort()).toEqual(
      ["center_name", "classroom_id", "classroom_name", "first_name", "id", "last_name"].sort(),
    );
  });

  it("shows another parent only their own children, without those who have left", async () => {
    const children = await myChildren(otherParent);
    expect(children.map((child) => child.id)).toEqual([stillEnrolled!.id]);
    expect(children[0]).toMatchObject({
      first_name: stillEnrolled!.firstName,
      last_name: stillEnrolled!.lastName,
      center_name: andheri!.name,
    });
    const demoIds = (await myChildren(demoParent)).map((child) => child.id);
    expect(demoIds).not.toContain(stillEnrolled!.id);
  });

  it("drops a child from the list once they have left", async () => {
    const [before] = await myChildren(demoParent);
    await db.update(students).set({ status: "left" }).where(eq(students.id, before!.id));
    try {
      const after = await myChildren(demoParent);
      expect(after.map((child) => child.id)).not.toContain(before!.id);
      expect(after).toHaveLength(1);
    } finally {
      await db.update(students).set({ status: "active" }).where(eq(students.id, before!.id));
    }
  });

  it("answers an empty list to a parent sign-in not linked to any child", async () => {
    await createCentreUser(db, koramangala!.id, "parent", "parent.unlinked@sprout.test");
    const unlinked = as(app, await signIn(app, "parent.unlinked@sprout.test"));
    expect(await myChildren(unlinked)).toEqual([]);
  });

  it("refuses staff with 403 and strangers with 401", async () => {
    for (const role of ROLES.filter((candidate) => candidate !== "parent")) {
      const staff = as(app, await signIn(app, DEMO_EMAILS[role]));
      const response = await staff.get("/api/parents/my-children");
      expect(response.statusCode, role).toBe(403);
    }
    const anonymous = await app.inject({ method: "GET", url: "/api/parents/my-children" });
    expect(anonymous.statusCode).toBe(401);
  });
});
