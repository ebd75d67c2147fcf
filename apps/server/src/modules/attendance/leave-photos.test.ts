import { mkdtempSync, readdirSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  ATTENDANCE_MESSAGES,
  PICKUP_PHOTO_MESSAGES,
  type PickupPerson,
  type StaffOnDuty,
} from "@sprout/shared/schemas/attendance";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { connect, listen, recorder } from "../../../test/realtime-support.ts";
import { pickupPeople } from "../../db/schema/attendance.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { createFileStore } from "../../files/store.ts";
import { ORPHAN_AGE_MS, sweepOrphanFiles } from "../../files/sweep.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const url = await listen(app);
const [home, other] = await demoCentres(db);
const [aanya] = await db
  .select()
  .from(students)
  .where(and(eq(students.firstName, "Aanya"), eq(students.lastName, "Malhotra")));
const otherChild = (await childrenOf(db, other!.id))[0]!;

let director: SignedIn;
let admin: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;
let otherDirector: SignedIn;
let otherParent: SignedIn;
let roomlessTeacher: SignedIn;

async function signInAll() {
  [director, admin, teacher, parent, otherDirector, otherParent, roomlessTeacher] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.admin),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
    signIn(app, "director.andheri@sprout.test"),
    signIn(app, "parent.andheri@sprout.test"),
    signIn(app, "teacher.noroom@sprout.test"),
  ]);
}

beforeAll(async () => {
  await createCentreUser(db, other!.id, "center_director", "director.andheri@sprout.test");
  await createCentreUser(db, home!.id, "teacher", "teacher.noroom@sprout.test");
  const user = await createCentreUser(db, other!.id, "parent", "parent.andheri@sprout.test");
  const [link] = await db
    .select({ guardianId: studentGuardians.guardianId })
    .from(studentGuardians)
    .where(eq(studentGuardians.studentId, otherChild.id));
  await db.update(guardians).set({ userId: user.id }).where(eq(guardians.id, link!.guardianId));
  await signInAll();
});

const board = async (who = director) => {
  const response = await as(app, who).get("/api/attendance/staff");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as StaffOnDuty;
};
const priyaOn = async () => (await board()).staff.find((person) => person.name === "Priya Sharma")!;

describe("staff leave", () => {
  let requestId: string;

  it("a teacher asks for leave; until approved it does not count, and bad dates are refused", async () => {
    const backwards = await as(app, teacher).post("/api/attendance/leave", {
      start_date: "2026-11-21",
      end_date: "2026-11-20",
      leave_type: "sick",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toBe(ATTENDANCE_MESSAGES.endBeforeStart);
    const noDay = await as(app, teacher).post("/api/attendance/leave", {
      start_date: "2026-02-30",
      end_date: "2026-03-01",
      leave_type: "sick",
    });
    expect(noDay.statusCode).toBe(400);
    const tooLong = await as(app, teacher).post("/api/attendance/leave", {
      start_date: "2026-11-20",
      end_date: "2027-02-20",
      leave_type: "casual",
    });
    expect(tooLong.json().error).toBe(ATTENDANCE_MESSAGES.leaveTooLong);

    const asked = await as(app, teacher).post("/api/attendance/leave", {
      start_date: "2026-11-20",
      end_date: "2026-11-21",
      leave_type: "sick",
      note: "Fever",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: "requested", name: "Priya Sharma", leave_type: "sick" });
    requestId = asked.json().id;
    expect((await board()).on_leave_count).toBe(0);
    expect((await priyaOn()).status).toBe("not_in");
  });

  it("only management approves, for its own centre; a teacher sees only their own leave", async () => {
    expect(
      (await as(app, teacher).post(`/api/attendance/leave/${requestId}/decision`, { status: "approved" })).statusCode,
    ).toBe(403);
    expect(
      (await as(app, otherDirector).post(`/api/attendance/leave/${requestId}/decision`, { status: "approved" }))
        .statusCode,
    ).toBe(404);
    const mine = (await as(app, roomlessTeacher).get("/api/attendance/leave")).json();
    expect(mine.items).toEqual([]);
    expect(mine.may_manage).toBe(false);
    const all = (await as(app, director).get("/api/attendance/leave")).json();
    expect(all.may_manage).toBe(true);
    expect(all.items.map((item: { id: string }) => item.id)).toContain(requestId);
  });

  it("approved leave today counts as on leave, live in staff-status-update, and is audited", async () => {
    const socket = recorder(await connect(url, director));
    const approved = await as(app, director).post(`/api/attendance/leave/${requestId}/decision`, {
      status: "approved",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe("approved");
    expect(await socket.next("staff-status-update")).toMatchObject({ onLeaveCount: 1 });
    expect((await board()).on_leave_count).toBe(1);
    expect((await priyaOn()).status).toBe("on_leave");
    const again = await as(app, director).post(`/api/attendance/leave/${requestId}/decision`, { status: "declined" });
    expect(again.statusCode).toBe(409);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, requestId));
    expect(audits.map((row) => row.action).sort()).toEqual(["staff_leave.approved", "staff_leave.requested"]);
  });

  it("the admin records leave for someone, approved at once; the owner of the leave withdraws it", async () => {
    const priya = await priyaOn();
    const recorded = await as(app, admin).post("/api/attendance/leave", {
      user_id: priya.user_id,
      start_date: "2026-11-24",
      end_date: "2026-11-25",
      leave_type: "casual",
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json().status).toBe("approved");
    const colleague = (await board()).staff.find((person) => person.user_id !== priya.user_id)!;
    expect(
      (
        await as(app, teacher).post("/api/attendance/leave", {
          user_id: colleague.user_id,
          start_date: "2026-11-24",
          end_date: "2026-11-24",
          leave_type: "casual",
        })
      ).statusCode,
    ).toBe(403);
    const withdrawn = await as(app, teacher).post(`/api/attendance/leave/${requestId}/cancel`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await board()).on_leave_count).toBe(0);
  });

  it("overtime is time clocked beyond the centre's shift length; the staff hours report shows it and leave days", async () => {
    const settings = (await as(app, director).get("/api/attendance/ratio-settings")).json();
    expect(settings.shift_hours).toBe(9);
    const saved = await as(app, director).put("/api/attendance/ratio-settings", {
      children_per_staff: settings.children_per_staff,
      classroom_bands: [],
      shift_hours: 4,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().shift_hours).toBe(4);
    const outOfRange = await as(app, director).put("/api/attendance/ratio-settings", {
      children_per_staff: settings.children_per_staff,
      classroom_bands: [],
      shift_hours: 20,
    });
    expect(outOfRange.json().error).toBe(ATTENDANCE_MESSAGES.shiftRange);

    // The centre's other teachers clocked in by eight this morning (the demo's day): by three in
    // the afternoon they are all past a four-hour shift.
    const colleagues = await board();
    expect(colleagues.present_count).toBeGreaterThan(0);
    expect((await as(app, teacher).post("/api/attendance/clock-in")).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 3 * 3_600_000));
    await signInAll();
    expect((await board()).overtime_count).toBe(colleagues.present_count);
    clock.set(new Date(clock.now().getTime() + 2 * 3_600_000));
    await signInAll();
    const later = await board();
    expect(later.overtime_count).toBe(colleagues.present_count + 1);
    expect(later.present_count).toBe(colleagues.present_count + 1);
    expect((await as(app, teacher).post("/api/attendance/clock-out")).statusCode).toBe(200);

    const report = (await as(app, director).get("/api/attendance/reports?kind=staff_hours&month=2026-11")).json();
    expect(report.columns).toEqual(["Staff member", "Days worked", "Hours", "Overtime hours", "Days on leave"]);
    expect(report.rows.find((row: unknown[]) => row[0] === "Priya Sharma")).toEqual(["Priya Sharma", 1, 5, 1, 2]);
  });
});

describe("pick-up person photo", () => {
  let personId: string;
  const base = () => `/api/attendance/children/${aanya!.id}/pickup-people`;
  const upload = async (who: SignedIn, content: Buffer, path = `${base()}/${personId}/photo`) => {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(content)]), "face.jpg");
    const request = new Request("http://x", { method: "PUT", body: form });
    return app.inject({
      method: "PUT",
      url: path,
      headers: { ...who.headers, "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };
  const photoOf = (people: PickupPerson[]) => people.find((person) => person.id === personId)!.photo_url;

  it("an admin sets a photo: re-encoded without EXIF, on the list and the roster", async () => {
    const added = await as(app, admin).post(base(), {
      name: "Meera Kapoor",
      relation: "Aunt",
      phone: "+91 98450 12345",
    });
    expect(added.statusCode, added.body).toBe(201);
    personId = added.json().people.find((person: PickupPerson) => person.name === "Meera Kapoor").id;
    const withExif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Somebody", ImageDescription: "GPS 12.93N 77.62E" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const set = await upload(admin, withExif);
    expect(set.statusCode, set.body).toBe(200);
    const photoUrl = photoOf(set.json().people)!;
    expect(photoUrl).toMatch(/\/photo\?v=/);
    const served = await app.inject({ method: "GET", url: photoUrl, headers: teacher.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const roster = (await as(app, teacher).get(`/api/attendance/roster?classroom_id=${aanya!.classroomId}`)).json();
    const child = roster.children.find((entry: { student_id: string }) => entry.student_id === aanya!.id);
    expect(photoOf(child.pickup_people)).toBe(photoUrl);
  });

  it("is served to the child's own parents and room staff only; others get 404", async () => {
    const path = `${base()}/${personId}/photo`;
    const accessLog = async () =>
      (await as(app, parent).get(`/api/privacy/access-log/children/${aanya!.id}?limit=100`)).json().entries as {
        staff_role: string;
        kind: string;
      }[];
    const before = (await accessLog()).filter((entry) => entry.kind === "pickups").length;
    expect((await as(app, parent).get(path)).statusCode).toBe(200);
    // A second apart, so the log's newest-first order is the order of the reads.
    clock.advance(1000);
    expect((await as(app, director).get(path)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await as(app, teacher).get(base())).statusCode).toBe(200);
    // Staff looking at the face and the list are in the parent's "who viewed" log; the parent is not.
    const reads = (await accessLog()).filter((entry) => entry.kind === "pickups");
    expect(reads.length - before).toBe(2);
    expect(reads.slice(0, 2).map((entry) => entry.staff_role)).toEqual(["Teacher", "Center Director"]);
    expect((await as(app, otherParent).get(path)).statusCode).toBe(404);
    expect((await as(app, otherDirector).get(path)).statusCode).toBe(404);
    expect((await as(app, roomlessTeacher).get(path)).statusCode).toBe(404);
    expect((await upload(otherParent, Buffer.from("x"), path)).statusCode).toBe(404);
  });

  it("refuses what is not an image; the parent replaces it and removes it", async () => {
    const pdf = await upload(parent, Buffer.from("%PDF-1.4 not a face"));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe(PICKUP_PHOTO_MESSAGES.type);
    const before = photoOf((await as(app, parent).get(base())).json().people);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const replaced = await upload(parent, png);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = photoOf(replaced.json().people)!;
    expect(after).not.toBe(before);
    expect((await as(app, parent).get(after)).headers["content-type"]).toBe("image/png");
    expect((await as(app, teacher).delete(`${base()}/${personId}/photo`)).statusCode).toBe(403);
    const removed = await as(app, parent).delete(`${base()}/${personId}/photo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(photoOf(removed.json().people)).toBeNull();
    expect((await as(app, parent).get(`${base()}/${personId}/photo`)).statusCode).toBe(404);
  });

  it("the orphan sweep keeps a file a pick-up person's photo names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sprout-pickup-"));
    const store = createFileStore(dir);
    const kept = await store.save(Buffer.from("face"), "jpg");
    const orphan = await store.save(Buffer.from("nobody"), "jpg");
    await db
      .update(pickupPeople)
      .set({ photoStoredName: kept, photoMimeType: "image/jpeg" })
      .where(eq(pickupPeople.id, personId));
    const old = new Date(clock.now().getTime() - ORPHAN_AGE_MS - 60_000);
    for (const name of [kept, orphan]) utimesSync(path.join(dir, name), old, old);
    expect(await sweepOrphanFiles({ db, files: store, clock })).toBe(1);
    expect(readdirSync(dir)).toEqual([kept]);
  });
});
