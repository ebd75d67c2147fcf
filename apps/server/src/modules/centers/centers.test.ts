import { CENTER_MESSAGES } from "@sprout/shared/schemas/centers";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { demoCentres } from "../children/test-support.ts";

const { app, database } = await createTestApp();
const [koramangala, andheri] = await demoCentres(database.db);
const superAdmin = as(app, await signIn(app, DEMO_EMAILS.super_admin));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));

describe("centres", () => {
  it("lists the caller's centres with real counts of children on the roll and classrooms", async () => {
    const all = (await superAdmin.get("/api/centers")).json();
    expect(all).toHaveLength(3);
    const byName = Object.fromEntries(all.map((centre: { center_name: string }) => [centre.center_name, centre]));
    expect(byName["Sprout Koramangala"]).toMatchObject({
      total_students: 50,
      total_classrooms: 5,
      time_zone: "Asia/Kolkata",
      is_active: true,
    });
    // One Andheri child has left.
    expect(byName["Sprout Andheri West"].total_students).toBe(49);
    const mine = (await director.get("/api/centers")).json();
    expect(mine.map((centre: { id: string }) => centre.id)).toEqual([koramangala!.id]);
    expect((await owner.get("/api/centers")).json()).toHaveLength(3);
  });

  it("creates a centre: name, address and city required", async () => {
    const missing = await superAdmin.post("/api/centers", {
      center_name: "Sprout Whitefield",
      address: "",
      city: "Bengaluru",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(CENTER_MESSAGES.required);
    const created = await superAdmin.post("/api/centers", {
      center_name: "Sprout Whitefield",
      address: "ITPL Main Road",
      city: "Bengaluru",
      state: "Karnataka",
      postal_code: "560066",
      phone: "+91 80 4000 1234",
      email: "whitefield@sprout.test",
      capacity: 80,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      center_name: "Sprout Whitefield",
      capacity: 80,
      total_students: 0,
      total_classrooms: 0,
      is_active: true,
    });
    expect((await superAdmin.get("/api/centers")).json()).toHaveLength(4);
    // The owner does not own the new centre.
    expect((await owner.get("/api/centers")).json()).toHaveLength(3);
  });

  it("updates a centre, and refuses a bad email or capacity", async () => {
    const updated = await superAdmin.put(`/api/centers/${andheri!.id}`, {
      center_name: "Sprout Andheri",
      address: "22, Lokhandwala Complex",
      city: "Mumbai",
      capacity: 120,
      is_active: false,
      state: "",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      center_name: "Sprout Andheri",
      capacity: 120,
      is_active: false,
      state: null,
      total_students: 49,
    });
    const badEmail = await superAdmin.put(`/api/centers/${andheri!.id}`, {
      center_name: "A",
      address: "B",
      city: "C",
      email: "nope",
    });
    expect(badEmail.statusCode).toBe(400);
    const badCapacity = await superAdmin.put(`/api/centers/${andheri!.id}`, {
      center_name: "A",
      address: "B",
      city: "C",
      capacity: 0,
    });
    expect(badCapacity.statusCode).toBe(400);
    expect(
      (
        await superAdmin.put("/api/centers/00000000-0000-4000-8000-000000000000", {
          center_name: "A",
          address: "B",
          city: "C",
        })
      ).statusCode,
    ).toBe(404);
  });
});
