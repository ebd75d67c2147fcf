import { CLASSROOM_STAFF_MESSAGES } from "@sprout/shared/schemas/classroom-staff";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import { teacherClassroomIds } from "./scope.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala, andheri] = await demoCentres(db);
const rooms = await classroomsOf(db, koramangala!.id);
const room = (name: string) => rooms.find((row) => row.name === name)!;
const andheriRooms = await classroomsOf(db, andheri!.id);
const [demoTeacher] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.teacher));
const andheriTeacher = await createCentreUser(db, andheri!.id, "teacher", "teacher.andheri@sprout.test");
await createCentreUser(db, andheri!.id, "center_director", "director.andheri@sprout.test");

const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
// A teacher added through Staff Management, as a centre would.
const hired = await director.post("/api/staff", {
  email: "meera@sprout.test",
  password: "Teacher2026",
  first_name: "Meera",
  last_name: "Joshi",
  role: "teacher",
  center_id: koramangala!.id,
});
const [newTeacher] = await db.select().from(users).where(eq(users.email, "meera@sprout.test"));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const otherDirector = as(app, await signIn(app, "director.andheri@sprout.test"));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const meera = as(app, await signIn(app, "meera@sprout.test", "Teacher2026"));

type Room = { id: string; name: string; staff: { user_id: string; full_name: string; role: string }[] };
const staffIds = async () => {
  const rows = await db.select({ id: staff.id, userId: staff.userId }).from(staff);
  return new Map(rows.map((row) => [row.userId, row.id]));
};

describe("teacher ↔ classroom assignment", () => {
  it("the new teacher's staff record was made", () => expect(hired.statusCode, hired.body).toBe(200));

  it("the demo assigns its teacher: lead of Toddlers, assistant in Pre-Kindy", async () => {
    const list: Room[] = (await director.get("/api/admin/classrooms")).json();
    const toddlers = list.find((row) => row.name === "Toddlers")!;
    expect(toddlers.staff).toEqual([
      { user_id: demoTeacher!.id, full_name: "Priya Sharma", role: "lead" },
      { user_id: expect.any(String), full_name: "Bhavana Rao", role: "assistant" },
    ]);
    // Pre-Kindy has its own lead; the demo teacher assists there.
    const preKindy = list.find((row) => row.name === "Pre-Kindy")!.staff;
    expect(preKindy.map((row) => [row.full_name, row.role])).toEqual([
      ["Deepika Hegde", "lead"],
      ["Priya Sharma", "assistant"],
    ]);
    // Every room of the centre has its lead.
    expect(list.every((row) => row.staff.filter((member) => member.role === "lead").length === 1)).toBe(true);
    expect(await teacherClassroomIds(db, demoTeacher!.id)).toHaveLength(2);
  });

  it("a new teacher sees no classroom until assigned, then sees the room with its children", async () => {
    expect((await meera.get("/api/admin/classrooms")).json()).toEqual([]);
    expect((await meera.get(`/api/classrooms/${room("Kindy").id}/children`)).statusCode).toBe(404);

    const picker = `/api/admin/classrooms/${room("Kindy").id}/assignable-staff`;
    const options = (await director.get(picker)).json().teachers;
    expect(options.map((row: { user_id: string }) => row.user_id)).toEqual(
      expect.arrayContaining([newTeacher!.id, demoTeacher!.id]),
    );
    expect(options.map((row: { user_id: string }) => row.user_id)).not.toContain(andheriTeacher.id);
    // The picker searches on the server, a bounded page at a time.
    const found = (await director.get(`${picker}?search=jOSHi`)).json();
    expect(found.teachers.map((row: { user_id: string }) => row.user_id)).toContain(newTeacher!.id);
    expect(found.teachers.map((row: { user_id: string }) => row.user_id)).not.toContain(demoTeacher!.id);
    const one = (await director.get(`${picker}?limit=1`)).json();
    expect(one.teachers).toHaveLength(1);
    expect(one.has_more).toBe(true);
    expect((await director.get(`${picker}?search=%25`)).json().teachers).toEqual([]);
    expect((await director.get(`${picker}?limit=500`)).statusCode).toBe(400);

    const saved = await director.put(`/api/admin/classrooms/${room("Kindy").id}/staff`, {
      lead_id: newTeacher!.id,
      assistant_ids: [demoTeacher!.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().staff.map((row: { role: string }) => row.role)).toEqual(["lead", "assistant"]);

    const mine: Room[] = (await meera.get("/api/admin/classrooms")).json();
    expect(mine.map((row) => row.name)).toEqual(["Kindy"]);
    const roll = (await meera.get(`/api/classrooms/${room("Kindy").id}/children`)).json();
    expect(roll.total).toBe(10);
    expect(roll.children[0]).not.toHaveProperty("monthly_fee");
    // Another room of the same centre stays closed to her.
    expect((await meera.get(`/api/classrooms/${room("Creche").id}/children`)).statusCode).toBe(404);
    // The demo teacher now works in three rooms.
    const priya: Room[] = (await teacher.get("/api/admin/classrooms")).json();
    expect(priya.map((row) => row.name).sort()).toEqual(["Kindy", "Pre-Kindy", "Toddlers"]);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "classroom.staff_update"));
    expect(entry!.after).toEqual([
      { classroom_id: room("Kindy").id, user_id: newTeacher!.id, role: "lead" },
      { classroom_id: room("Kindy").id, user_id: demoTeacher!.id, role: "assistant" },
    ]);
  });

  it("refuses people who are not active teachers of the room's centre, and a lead who is also an assistant", async () => {
    const url = `/api/admin/classrooms/${room("Creche").id}/staff`;
    const crecheStaff = async () =>
      ((await director.get("/api/admin/classrooms")).json() as Room[]).find((row) => row.name === "Creche")!.staff;
    const before = await crecheStaff();
    expect(before.map((row) => row.role)).toEqual(["lead", "assistant"]);
    const stranger = await director.put(url, { lead_id: andheriTeacher.id, assistant_ids: [] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ error: CLASSROOM_STAFF_MESSAGES.notTeacher, code: "VALIDATION_ERROR" });
    const [directorUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.center_director));
    expect((await director.put(url, { lead_id: directorUser!.id })).statusCode).toBe(400);
    const both = await director.put(url, { lead_id: newTeacher!.id, assistant_ids: [newTeacher!.id] });
    expect(both.json().error).toBe(CLASSROOM_STAFF_MESSAGES.leadAlsoAssistant);
    expect((await director.put(url, { lead_id: "not-a-uuid" })).statusCode).toBe(400);
    expect(await crecheStaff()).toEqual(before);
  });

  it("another centre's classroom is not found; a teacher cannot assign", async () => {
    const url = `/api/admin/classrooms/${andheriRooms[0]!.id}/staff`;
    expect((await director.put(url, { lead_id: null, assistant_ids: [] })).statusCode).toBe(404);
    expect((await otherDirector.put(url, { lead_id: andheriTeacher.id })).statusCode).toBe(200);
    expect((await teacher.put(`/api/admin/classrooms/${room("Creche").id}/staff`, { lead_id: null })).statusCode).toBe(
      403,
    );
    // Admins manage classrooms too.
    expect((await admin.put(`/api/admin/classrooms/${room("Creche").id}/staff`, { lead_id: null })).statusCode).toBe(
      200,
    );
  });

  it("assigns from the staff record: several rooms; a room's existing lead is not taken over", async () => {
    const ids = await staffIds();
    const meeraStaff = ids.get(newTeacher!.id);
    expect(meeraStaff).toBeDefined();
    const rooms0 = (await director.get(`/api/staff/${meeraStaff}/classrooms`)).json();
    expect(rooms0).toEqual([{ classroom_id: room("Kindy").id, classroom_name: "Kindy", role: "lead" }]);

    const taken = await director.put(`/api/staff/${meeraStaff}/classrooms`, {
      assignments: [{ classroom_id: room("Toddlers").id, role: "lead" }],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(CLASSROOM_STAFF_MESSAGES.leadTaken);
    // Nothing changed.
    expect((await director.get(`/api/staff/${meeraStaff}/classrooms`)).json()).toHaveLength(1);

    const saved = await director.put(`/api/staff/${meeraStaff}/classrooms`, {
      assignments: [
        { classroom_id: room("Toddlers").id, role: "assistant" },
        { classroom_id: room("Creche").id, role: "lead" },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().map((row: { classroom_name: string; role: string }) => [row.classroom_name, row.role])).toEqual(
      [
        ["Creche", "lead"],
        ["Toddlers", "assistant"],
      ],
    );
    expect((await meera.get("/api/admin/classrooms")).json().map((row: Room) => row.name)).toEqual([
      "Creche",
      "Toddlers",
    ]);
    const duplicate = await director.put(`/api/staff/${meeraStaff}/classrooms`, {
      assignments: [
        { classroom_id: room("Creche").id, role: "lead" },
        { classroom_id: room("Creche").id, role: "assistant" },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    const foreignRoom = await director.put(`/api/staff/${meeraStaff}/classrooms`, {
      assignments: [{ classroom_id: andheriRooms[1]!.id, role: "assistant" }],
    });
    expect(foreignRoom.statusCode).toBe(404);
    expect((await otherDirector.get(`/api/staff/${meeraStaff}/classrooms`)).statusCode).toBe(404);
  });

  it("two directors naming different leads at once leave exactly one lead", async () => {
    const url = `/api/admin/classrooms/${room("Playgroup").id}/staff`;
    const [first, second] = await Promise.all([
      director.put(url, { lead_id: newTeacher!.id, assistant_ids: [] }),
      admin.put(url, { lead_id: demoTeacher!.id, assistant_ids: [] }),
    ]);
    expect([first.statusCode, second.statusCode].every((code) => code === 200 || code === 409)).toBe(true);
    const list: Room[] = (await director.get("/api/admin/classrooms")).json();
    const leads = list.find((row) => row.name === "Playgroup")!.staff.filter((row) => row.role === "lead");
    expect(leads).toHaveLength(1);
  });
});
