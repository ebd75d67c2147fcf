import { PROMOTION_MESSAGES } from "@sprout/shared/schemas/children";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { childrenOf, classroomsOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { students } from "../../db/schema/children.ts";
import { studentMoves } from "../../db/schema/enrollment.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala, andheri] = await demoCentres(db);
await createCentreUser(db, andheri!.id, "admin", "admin.andheri@sprout.test");
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));
const otherAdmin = as(app, await signIn(app, "admin.andheri@sprout.test"));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));

const rooms = await classroomsOf(db, koramangala!.id);
const room = (name: string) => rooms.find((candidate) => candidate.name === name)!;
const andheriRooms = await classroomsOf(db, andheri!.id);
const kids = await childrenOf(db, koramangala!.id);
const inRoom = (name: string, index = 0) => kids.filter((kid) => kid.classroomId === room(name).id)[index]!;

describe("assign", () => {
  it("moves a child to another class of their centre and records the move", async () => {
    const child = inRoom("Toddlers");
    const response = await admin.post("/api/admin-class/promotion/assign", {
      student_id: child.id,
      center_id: koramangala!.id,
      class_id: room("Kindy").id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PROMOTION_MESSAGES.assigned,
      student: { class_id: room("Kindy").id, classroom_name: "Kindy" },
    });
    const moves = (await admin.get(`/api/students/${child.id}/moves`)).json();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      kind: "assign",
      from_class_id: room("Toddlers").id,
      to_class_id: room("Kindy").id,
      to_center_id: koramangala!.id,
    });
  });

  it("refuses another centre in assign, a class of another centre, and a missing class", async () => {
    const child = inRoom("Toddlers", 1);
    const other = await admin.post("/api/admin-class/promotion/assign", {
      student_id: child.id,
      center_id: andheri!.id,
      class_id: andheriRooms[0]!.id,
    });
    expect(other.statusCode).toBe(404);
    const foreignRoom = await admin.post("/api/admin-class/promotion/assign", {
      student_id: child.id,
      center_id: koramangala!.id,
      class_id: andheriRooms[0]!.id,
    });
    expect(foreignRoom.statusCode).toBe(404);
    const missing = await admin.post("/api/admin-class/promotion/assign", {
      student_id: child.id,
      center_id: koramangala!.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Please choose a class");
    const [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row!.classroomId).toBe(room("Toddlers").id);
  });
});

describe("promote", () => {
  it("needs the child's current class, and moves them to the new one", async () => {
    const child = inRoom("Playgroup");
    const wrong = await admin.post("/api/admin-class/promotion/promote", {
      student_id: child.id,
      center_id: koramangala!.id,
      from_class_id: room("Creche").id,
      to_class_id: room("Toddlers").id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(PROMOTION_MESSAGES.notInClass);
    const same = await admin.post("/api/admin-class/promotion/promote", {
      student_id: child.id,
      center_id: koramangala!.id,
      from_class_id: room("Playgroup").id,
      to_class_id: room("Playgroup").id,
    });
    expect(same.json().error).toBe(PROMOTION_MESSAGES.sameClass);
    const ok = await admin.post("/api/admin-class/promotion/promote", {
      student_id: child.id,
      center_id: koramangala!.id,
      from_class_id: room("Playgroup").id,
      to_class_id: room("Toddlers").id,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: PROMOTION_MESSAGES.promoted, student: { classroom_name: "Toddlers" } });
  });

  it("moves only active children", async () => {
    const [paused] = await childrenOf(db, koramangala!.id, "paused");
    const response = await admin.post("/api/admin-class/promotion/promote", {
      student_id: paused!.id,
      center_id: koramangala!.id,
      from_class_id: paused!.classroomId,
      to_class_id: room("Kindy").id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(PROMOTION_MESSAGES.onlyActive);
  });

  it("answers 404 to another centre's admin", async () => {
    const child = inRoom("Kindy", 2);
    const response = await otherAdmin.post("/api/admin-class/promotion/promote", {
      student_id: child.id,
      center_id: koramangala!.id,
      from_class_id: room("Kindy").id,
      to_class_id: room("Creche").id,
    });
    expect(response.statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/students/${child.id}/moves`)).statusCode).toBe(404);
  });
});

describe("transfer", () => {
  it("is refused to a single-centre admin: the other centre is not theirs", async () => {
    const child = inRoom("Creche");
    const response = await admin.post("/api/admin-class/promotion/transfer", {
      student_id: child.id,
      from_center_id: koramangala!.id,
      to_center_id: andheri!.id,
      to_class_id: andheriRooms[0]!.id,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await db.select().from(students).where(eq(students.id, child.id));
    expect(row!.centerId).toBe(koramangala!.id);
  });

  it("moves a child to a class of another centre of the owner's, and to no class of the wrong centre", async () => {
    const child = inRoom("Creche");
    const same = await owner.post("/api/admin-class/promotion/transfer", {
      student_id: child.id,
      from_center_id: koramangala!.id,
      to_center_id: koramangala!.id,
      to_class_id: room("Kindy").id,
    });
    expect(same.json().error).toBe(PROMOTION_MESSAGES.sameCentre);
    const mismatch = await owner.post("/api/admin-class/promotion/transfer", {
      student_id: child.id,
      from_center_id: koramangala!.id,
      to_center_id: andheri!.id,
      to_class_id: room("Kindy").id,
    });
    expect(mismatch.json().error).toBe(PROMOTION_MESSAGES.otherCentre);
    const response = await owner.post("/api/admin-class/promotion/transfer", {
      student_id: child.id,
      from_center_id: koramangala!.id,
      to_center_id: andheri!.id,
      to_class_id: andheriRooms[1]!.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: PROMOTION_MESSAGES.transferred,
      student: { center_id: andheri!.id, class_id: andheriRooms[1]!.id, center_name: "Sprout Andheri West" },
    });
    const moves = await db.select().from(studentMoves).where(eq(studentMoves.studentId, child.id));
    expect(moves).toEqual([
      expect.objectContaining({ kind: "transfer", fromCenterId: koramangala!.id, toCenterId: andheri!.id }),
    ]);
    // The child now belongs to Andheri: Koramangala's admin no longer sees them, Andheri's does.
    expect((await admin.get(`/api/students/${child.id}/moves`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/students/${child.id}/moves`)).statusCode).toBe(200);
  });
});
