import { HEALTH_MESSAGES } from "@sprout/shared/schemas/child-health";
import { and, eq, ne, notInArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { medicationDoses } from "../../db/schema/child-day.ts";
import { classroomTeachers, guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { users } from "../../db/schema/users.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
const TODAY = "2026-11-20"; // the test clock's date in Bengaluru

const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const [teacherUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const rooms = (await db.select().from(classroomTeachers).where(eq(classroomTeachers.teacherId, teacherUser!.id))).map(
  (row) => row.classroomId,
);
const [parentUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.parent));
const familyIds = db
  .select({ id: studentGuardians.studentId })
  .from(studentGuardians)
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id));
const [own] = await db
  .select({ id: students.id })
  .from(students)
  .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
  .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
  .where(eq(guardians.userId, parentUser!.id));
// The parent's child is in the teacher's first classroom so both sides meet.
await db.update(students).set({ classroomId: rooms[0]! }).where(eq(students.id, own!.id));
const [otherFamily] = await db
  .select({ id: students.id })
  .from(students)
  .where(and(eq(students.centerId, home!.id), ne(students.status, "left"), notInArray(students.id, familyIds)));
const [foreign] = await db.select({ id: students.id }).from(students).where(eq(students.centerId, other!.id));

const medication = {
  name: "Paracetamol syrup",
  dose: "5 ml",
  schedule: "12:30 after lunch",
  start_date: TODAY,
  end_date: "2026-11-22",
  notes: "",
  consent: true,
};

describe("a child's health record", () => {
  it("the parent keeps allergies and conditions; the teacher sees them where food is recorded", async () => {
    const added = await parent.post(`/api/child-health/${own!.id}/standing`, { kind: "allergy", details: "Peanuts" });
    expect(added.statusCode, added.body).toBe(201);
    await parent.post(`/api/child-health/${own!.id}/standing`, { kind: "condition", details: "Mild asthma" });
    const seen = (await teacher.get(`/api/child-health/${own!.id}`)).json();
    expect(seen.allergies.map((item: { details: string }) => item.details)).toEqual(["Peanuts"]);
    expect(seen.conditions.map((item: { details: string }) => item.details)).toEqual(["Mild asthma"]);
    expect(seen).toMatchObject({ can_keep: false, can_give: true, can_keep_immunisations: false });
    const day = (await teacher.get(`/api/daily-activities/${own!.id}`)).json();
    expect(day.allergies).toEqual(["Peanuts"]);
    // Standing items are not the day's notes.
    expect(day.health).toEqual([]);

    const empty = await parent.post(`/api/child-health/${own!.id}/standing`, { kind: "allergy", details: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(HEALTH_MESSAGES.detailsRequired);

    const removed = await parent.delete(`/api/child-health/standing/${added.json().allergies[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().allergies).toEqual([]);
    const [trail] = await db.select().from(auditLog).where(eq(auditLog.action, "child_health.allergy_removed"));
    expect(trail?.before).toMatchObject({ details: "Peanuts" });
  });

  it("a dose is given only under the parent's active consent, and the parent sees the log", async () => {
    const noConsent = await parent.post(`/api/child-health/${own!.id}/medications`, { ...medication, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error).toBe(HEALTH_MESSAGES.consentRequired);
    const backwards = await parent.post(`/api/child-health/${own!.id}/medications`, {
      ...medication,
      end_date: "2026-11-19",
    });
    expect(backwards.json().error).toBe(HEALTH_MESSAGES.endBeforeStart);

    const asked = await parent.post(`/api/child-health/${own!.id}/medications`, medication);
    expect(asked.statusCode, asked.body).toBe(201);
    const med = asked.json().medications[0];
    expect(med).toMatchObject({ name: "Paracetamol syrup", active: true, consent_by: "Vikram Malhotra" });

    // Only a teacher of the child's classroom gives it; staff cannot ask for a medication themselves.
    expect(
      (await director.post(`/api/child-health/medications/${med.id}/doses`, { dose: "5 ml", given_time: "12:30" }))
        .statusCode,
    ).toBe(403);
    expect((await teacher.post(`/api/child-health/${own!.id}/medications`, medication)).statusCode).toBe(403);
    const given = await teacher.post(`/api/child-health/medications/${med.id}/doses`, {
      dose: "5 ml",
      given_time: "12:30",
    });
    expect(given.statusCode, given.body).toBe(201);
    const badTime = await teacher.post(`/api/child-health/medications/${med.id}/doses`, {
      dose: "5 ml",
      given_time: "25:00",
    });
    expect(badTime.json().error).toBe(HEALTH_MESSAGES.timeFormat);

    const day = (await parent.get(`/api/daily-activities/${own!.id}?date=${TODAY}`)).json();
    expect(day.doses).toEqual([
      expect.objectContaining({
        medication: "Paracetamol syrup",
        dose: "5 ml",
        given_time: "12:30",
        given_by: "Priya Sharma",
      }),
    ]);
    const tiles = (await parent.get(`/api/parents/child-day/${own!.id}`)).json();
    expect(tiles).toMatchObject({ doses_today: 1, last_dose_time: "12:30" });

    // Withdrawn consent: no more doses, and withdrawing twice is refused.
    const withdrawn = await parent.post(`/api/child-health/medications/${med.id}/withdraw`);
    expect(withdrawn.json().medications[0]).toMatchObject({ active: false });
    expect(withdrawn.json().medications[0].withdrawn_at).not.toBeNull();
    const refused = await teacher.post(`/api/child-health/medications/${med.id}/doses`, {
      dose: "5 ml",
      given_time: "16:00",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HEALTH_MESSAGES.noConsent);
    expect((await parent.post(`/api/child-health/medications/${med.id}/withdraw`)).statusCode).toBe(409);
    expect(await db.select().from(medicationDoses).where(eq(medicationDoses.medicationId, med.id))).toHaveLength(1);
  });

  it("a medication outside its dates cannot be given", async () => {
    const later = await parent.post(`/api/child-health/${own!.id}/medications`, {
      ...medication,
      name: "Antibiotic",
      start_date: "2026-11-25",
      end_date: "2026-11-30",
    });
    const med = later.json().medications.find((row: { name: string }) => row.name === "Antibiotic");
    expect(med.active).toBe(false);
    const early = await teacher.post(`/api/child-health/medications/${med.id}/doses`, {
      dose: "5 ml",
      given_time: "09:00",
    });
    expect(early.statusCode).toBe(409);
    clock.advance(6 * 24 * 3_600_000); // 26 Nov: within the dates
    try {
      // Access tokens are short-lived: six days on, the teacher signs in again.
      const again = as(app, await signIn(app, DEMO_EMAILS.teacher));
      const onTime = await again.post(`/api/child-health/medications/${med.id}/doses`, {
        dose: "5 ml",
        given_time: "09:00",
      });
      expect(onTime.statusCode, onTime.body).toBe(201);
    } finally {
      clock.advance(-6 * 24 * 3_600_000);
    }
  });

  it("parents and administrators keep immunisations; teachers read them", async () => {
    const future = await parent.post(`/api/child-health/${own!.id}/immunisations`, {
      vaccine: "MMR",
      date_given: "2026-12-01",
    });
    expect(future.json().error).toBe(HEALTH_MESSAGES.dateGivenFuture);
    const dueBefore = await parent.post(`/api/child-health/${own!.id}/immunisations`, {
      vaccine: "MMR",
      date_given: "2026-01-10",
      next_due: "2026-01-01",
    });
    expect(dueBefore.json().error).toBe(HEALTH_MESSAGES.nextDueBeforeGiven);
    const bad = await parent.post(`/api/child-health/${own!.id}/immunisations`, {
      vaccine: "MMR",
      date_given: "2026-02-30",
    });
    expect(bad.statusCode).toBe(400);

    const byParent = await parent.post(`/api/child-health/${own!.id}/immunisations`, {
      vaccine: "MMR (first dose)",
      date_given: "2026-01-10",
      next_due: "2027-01-10",
    });
    expect(byParent.statusCode, byParent.body).toBe(201);
    const byAdmin = await admin.post(`/api/child-health/${own!.id}/immunisations`, {
      vaccine: "DTaP booster",
      date_given: "2026-06-01",
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().immunisations.map((row: { vaccine: string }) => row.vaccine)).toEqual([
      "DTaP booster",
      "MMR (first dose)",
    ]);
    expect(
      (await teacher.post(`/api/child-health/${own!.id}/immunisations`, { vaccine: "X", date_given: TODAY }))
        .statusCode,
    ).toBe(403);
    const read = (await teacher.get(`/api/child-health/${own!.id}`)).json();
    expect(read.immunisations[1]).toMatchObject({ vaccine: "MMR (first dose)", next_due: "2027-01-10" });
    const removed = await admin.delete(`/api/child-health/immunisations/${read.immunisations[0].id}`);
    expect(removed.json().immunisations).toHaveLength(1);
  });

  it("another family's or another centre's child is 404 on every health route", async () => {
    for (const child of [otherFamily!.id, foreign!.id]) {
      expect((await parent.get(`/api/child-health/${child}`)).statusCode).toBe(404);
      expect(
        (await parent.post(`/api/child-health/${child}/standing`, { kind: "allergy", details: "Milk" })).statusCode,
      ).toBe(404);
      expect((await parent.post(`/api/child-health/${child}/medications`, medication)).statusCode).toBe(404);
      expect(
        (await parent.post(`/api/child-health/${child}/immunisations`, { vaccine: "MMR", date_given: TODAY }))
          .statusCode,
      ).toBe(404);
    }
    expect((await teacher.get(`/api/child-health/${foreign!.id}`)).statusCode).toBe(404);
    // Another family's medication (asked by its own parent) cannot be withdrawn or dosed by this one.
    await db.update(students).set({ classroomId: rooms[0]! }).where(eq(students.id, otherFamily!.id));
    const theirs = await teacher.post(`/api/child-health/${otherFamily!.id}/standing`, {
      kind: "allergy",
      details: "Egg",
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await parent.delete(`/api/child-health/standing/${theirs.json().allergies[0].id}`)).statusCode).toBe(404);
  });
});
