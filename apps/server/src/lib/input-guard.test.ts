import { DATE_MESSAGE, NUL_MESSAGE } from "@sprout/shared/schemas/primitives";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";

/**
 * Issue 20, point 7, on the routes the fuzzing found (the permission matrix sends the same cases
 * to every route): NUL and impossible dates are 400 with the usual body, and nothing changes.
 */
const { app } = await createTestApp();
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const staffId = ((await director.get("/api/staff")).json() as { staff: { id: string }[] }).staff[0]!.id;
const member = {
  email: "new.teacher@sprout.test",
  first_name: "Nila",
  last_name: "Raman",
  role: "teacher",
  joining_date: "2026-02-28",
};

describe("bad input", () => {
  it("an impossible date is refused on PUT /api/staff, naming the field", async () => {
    const response = await director.put(`/api/staff/${staffId}`, { ...member, joining_date: "2026-02-30" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR", details: { joining_date: expect.any(String) } });
    const enquiry = await director.post("/api/enquiries", { child_name: "Leap Day", child_dob: "2025-02-29" });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().details.child_dob).toBeDefined();
    const pause = await director.patch(`/api/students/${staffId}/pause`, {
      pause_start_date: "2030-04-31",
      pause_end_date: "2030-05-02",
      reason: "Other",
    });
    expect(pause.json().details.pause_start_date).toBe(DATE_MESSAGE);
  });

  it("NUL in a body field, a query string or a path is refused before any query runs", async () => {
    const before = (await director.get("/api/staff")).json();
    const body = await director.put(`/api/staff/${staffId}`, { ...member, first_name: "Ni\u0000la" });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    for (const url of [
      "/api/students?search=a%00b",
      "/api/invoices?child_name=%00",
      `/api/students/${staffId}%00/moves`,
    ]) {
      const response = await director.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ error: NUL_MESSAGE, code: "VALIDATION_ERROR" });
    }
    expect((await director.get("/api/staff")).json()).toEqual(before);
  });
});
