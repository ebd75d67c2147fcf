import { CENTER_MESSAGES } from "@sprout/shared/schemas/centers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";

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

  it("links owners: a newly linked owner sees the centre at once, unlinked it is gone; only owners may be linked", async () => {
    const { users: people } = (await superAdmin.get("/api/owners?limit=100")).json() as {
      users: { id: string; email: string; role: string }[];
    };
    const demoOwner = people.find((person) => person.email === DEMO_EMAILS.owner)!;
    const demoDirector = people.find((person) => person.email === DEMO_EMAILS.center_director)!;
    expect(demoOwner.role).toBe("owner");
    const ownerSees = async () =>
      ((await owner.get("/api/centers")).json() as { center_name: string }[]).map((centre) => centre.center_name);

    const created = await superAdmin.post("/api/centers", {
      center_name: "Sprout HSR Layout",
      address: "27th Main",
      city: "Bengaluru",
      owner_ids: [demoOwner.id],
    });
    expect(created.statusCode).toBe(201);
    const centre = created.json();
    expect(centre).toMatchObject({ owner_ids: [demoOwner.id], owner_names: ["Kavita Reddy"] });
    expect(await ownerSees()).toContain("Sprout HSR Layout");
    const listed = (await superAdmin.get("/api/centers")).json().find((row: { id: string }) => row.id === centre.id);
    expect(listed.owner_ids).toEqual([demoOwner.id]);

    const fields = { center_name: "Sprout HSR Layout", address: "27th Main", city: "Bengaluru" };
    // A director is not an owner: refused, and neither the centre nor its links change.
    const refused = await superAdmin.put(`/api/centers/${centre.id}`, {
      ...fields,
      center_name: "Renamed",
      owner_ids: [demoDirector.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.owner_ids).toBe(CENTER_MESSAGES.notAnOwner);
    const unchanged = (await superAdmin.get("/api/centers")).json().find((row: { id: string }) => row.id === centre.id);
    expect(unchanged).toMatchObject({ center_name: "Sprout HSR Layout", owner_ids: [demoOwner.id] });
    const countBefore = (await superAdmin.get("/api/centers")).json().length;
    const refusedCreate = await superAdmin.post("/api/centers", {
      center_name: "Sprout Nowhere",
      address: "A",
      city: "B",
      owner_ids: [demoOwner.id, demoDirector.id],
    });
    expect(refusedCreate.statusCode).toBe(400);
    expect(refusedCreate.json().details.owner_ids).toBe(CENTER_MESSAGES.notAnOwner);
    expect((await superAdmin.get("/api/centers")).json()).toHaveLength(countBefore);
    const notAUuid = await superAdmin.put(`/api/centers/${centre.id}`, { ...fields, owner_ids: ["nope"] });
    expect(notAUuid.statusCode).toBe(400);

    // Leaving owner_ids out keeps the links; an empty list removes them.
    const kept = await superAdmin.put(`/api/centers/${centre.id}`, { ...fields, capacity: 60 });
    expect(kept.json()).toMatchObject({ capacity: 60, owner_ids: [demoOwner.id] });
    const unlinked = await superAdmin.put(`/api/centers/${centre.id}`, { ...fields, owner_ids: [] });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ owner_ids: [], owner_names: [] });
    expect(await ownerSees()).not.toContain("Sprout HSR Layout");

    const audits = await database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, centre.id), eq(auditLog.action, "center.update")));
    expect(audits.at(-1)).toMatchObject({ before: { owner_ids: [demoOwner.id] }, after: { owner_ids: [] } });
  });
});
