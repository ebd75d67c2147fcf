import { CLASSROOM_MESSAGES } from "@sprout/shared/schemas/classrooms";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { classrooms, students } from "../../db/schema/children.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala, andheri] = await demoCentres(db);
await createCentreUser(db, andheri!.id, "center_director", "director.andheri@sprout.test");
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const otherDirector = as(app, await signIn(app, "director.andheri@sprout.test"));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));

describe("classrooms", () => {
  it("lists the caller's centre's classrooms with real counts", async () => {
    const list = (await director.get("/api/admin/classrooms")).json();
    expect(list.map((room: { name: string }) => room.name).sort()).toEqual([
      "Creche",
      "Kindy",
      "Playgroup",
      "Pre-Kindy",
      "Toddlers",
    ]);
    expect(list.reduce((sum: number, room: { student_count: number }) => sum + room.student_count, 0)).toBe(50);
    expect(list.every((room: { center_id: string }) => room.center_id === koramangala!.id)).toBe(true);
  });

  it("shows a teacher only the classrooms assigned to them on the management screen", async () => {
    const assigned = (await teacher.get("/api/admin/classrooms")).json();
    expect(assigned.map((room: { name: string }) => room.name).sort()).toEqual(["Pre-Kindy", "Toddlers"]);
    expect((await teacher.get("/api/classrooms")).json()).toHaveLength(5);
  });

  it("lists another centre's classrooms only to those who have that centre", async () => {
    expect((await director.get(`/api/classrooms?center_id=${andheri!.id}`)).statusCode).toBe(404);
    const andheriRooms = (await owner.get(`/api/classrooms?center_id=${andheri!.id}`)).json();
    expect(andheriRooms).toHaveLength(5);
    expect(andheriRooms[0].center_name).toBe("Sprout Andheri West");
  });

  it("creates a classroom: name required, unique in its centre (case-insensitive)", async () => {
    const blank = await director.post("/api/admin/classrooms", { name: "  ", description: "x" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(CLASSROOM_MESSAGES.nameRequired);
    const created = await director.post("/api/admin/classrooms", {
      name: "Sunflower Room",
      description: "After-school care",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Sunflower Room",
      description: "After-school care",
      center_id: koramangala!.id,
      student_count: 0,
    });
    const duplicate = await director.post("/api/admin/classrooms", { name: "sunflower room" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(CLASSROOM_MESSAGES.duplicate);
    // The same name in another centre is fine.
    expect((await otherDirector.post("/api/admin/classrooms", { name: "Sunflower Room" })).statusCode).toBe(201);
  });

  it("makes a multi-centre user choose a centre of theirs", async () => {
    const none = await owner.post("/api/admin/classrooms", { name: "Lotus" });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(CLASSROOM_MESSAGES.chooseCentre);
    expect((await owner.post("/api/admin/classrooms", { name: "Lotus", center_id: andheri!.id })).statusCode).toBe(201);
    expect((await director.post("/api/admin/classrooms", { name: "Lotus", center_id: andheri!.id })).statusCode).toBe(
      404,
    );
  });

  it("renames a classroom of the caller's centre; another centre's is not found", async () => {
    const [room] = (await director.get("/api/admin/classrooms"))
      .json()
      .filter((r: { name: string }) => r.name === "Sunflower Room");
    const renamed = await director.put(`/api/admin/classrooms/${room.id}`, { name: "Sunflower", description: "" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "Sunflower", description: null });
    expect((await director.put(`/api/admin/classrooms/${room.id}`, { name: "Kindy" })).statusCode).toBe(409);
    expect((await otherDirector.put(`/api/admin/classrooms/${room.id}`, { name: "Mine now" })).statusCode).toBe(404);
    expect((await otherDirector.delete(`/api/admin/classrooms/${room.id}`)).statusCode).toBe(404);
  });

  it("removes only an empty classroom", async () => {
    const rooms = await classroomsOf(db, koramangala!.id);
    const kindy = rooms.find((room) => room.name === "Kindy")!;
    const busy = await director.delete(`/api/admin/classrooms/${kindy.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe(CLASSROOM_MESSAGES.notEmpty);

    const sunflower = rooms.find((room) => room.name === "Sunflower")!;
    // A child who has left may still point at the classroom; that does not keep it alive.
    const [leaver] = await db.select().from(students).where(eq(students.centerId, koramangala!.id)).limit(1);
    await db.update(students).set({ status: "left", classroomId: sunflower.id }).where(eq(students.id, leaver!.id));
    const removed = await director.delete(`/api/admin/classrooms/${sunflower.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await db.select().from(classrooms).where(eq(classrooms.id, sunflower.id))).toHaveLength(0);
    const [after] = await db.select().from(students).where(eq(students.id, leaver!.id));
    expect(after!.classroomId).toBeNull();
  });
});
