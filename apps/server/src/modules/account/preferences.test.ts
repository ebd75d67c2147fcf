import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app } = await createTestApp();
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));

describe("PUT /api/account/preferences", () => {
  it("keeps each person's language: not chosen at first, then theirs only", async () => {
    expect((await parent.get("/api/account/preferences")).json()).toEqual({ language: null });
    const chosen = await parent.put("/api/account/preferences", { language: "hi" });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ language: "hi" });
    expect((await parent.get("/api/account/preferences")).json()).toEqual({ language: "hi" });
    expect((await teacher.get("/api/account/preferences")).json()).toEqual({ language: null });
  });

  it("refuses a language Sprout does not speak, and changes nothing", async () => {
    const refused = await parent.put("/api/account/preferences", { language: "fr" });
    expect(refused.statusCode).toBe(400);
    // She reads Hindi now: the refusal is in her language.
    expect(refused.json().error).toBe("Sprout की भाषाओं में से एक चुनें");
    expect((await parent.get("/api/account/preferences")).json()).toEqual({ language: "hi" });
  });

  it("is asked of a signed-in person only", async () => {
    expect((await app.inject({ method: "GET", url: "/api/account/preferences" })).statusCode).toBe(401);
  });
});
