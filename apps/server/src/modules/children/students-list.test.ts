import { STUDENTS_MAX_PAGE } from "@sprout/shared/schemas/children";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

/** Issue 20, point 8: GET /api/students is a bounded page, searched on the server, per role. */
const { app } = await createTestApp();
const session = async (role: keyof typeof DEMO_EMAILS) => as(app, await signIn(app, DEMO_EMAILS[role]));
type Item = Record<string, unknown> & { id: string; name: string; status: string; student_id: string };
const list = async (client: Awaited<ReturnType<typeof session>>, query = "") => {
  const response = await client.get(`/api/students${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Item[];
};

describe("GET /api/students", () => {
  it("answers one page at a time, never more than the maximum page size", async () => {
    const owner = await session("owner");
    const firstPage = await list(owner);
    expect(firstPage).toHaveLength(50);
    expect(await list(owner, `?limit=${STUDENTS_MAX_PAGE}`)).toHaveLength(STUDENTS_MAX_PAGE);
    const tooMany = await owner.get(`/api/students?limit=${STUDENTS_MAX_PAGE + 1}`);
    expect(tooMany.statusCode).toBe(400);
    const secondPage = await list(owner, "?page=2");
    expect(secondPage).toHaveLength(50);
    const firstIds = new Set(firstPage.map((child) => child.id));
    expect(secondPage.some((child) => firstIds.has(child.id))).toBe(false);
  });

  it("searches by name or student ID on the server, and 'enrolled' leaves out children who left", async () => {
    const owner = await session("owner");
    const [someone] = await list(owner, "?limit=1");
    const byName = await list(owner, `?search=${encodeURIComponent(someone!.name)}`);
    expect(byName.map((child) => child.id)).toContain(someone!.id);
    expect(byName.every((child) => child.name.toLowerCase().includes(someone!.name.toLowerCase()))).toBe(true);
    expect((await list(owner, `?search=${someone!.student_id}`)).map((child) => child.id)).toEqual([someone!.id]);
    const enrolled = await list(owner, "?status=enrolled&limit=100&page=1");
    expect(enrolled.every((child) => child.status !== "left")).toBe(true);
    const left = await list(owner, "?status=left");
    expect(left.length).toBeGreaterThan(0);
  });

  it("a teacher gets no fees and no pause reasons; billing gets fees only; enrolment managers get both", async () => {
    const teacher = await list(await session("teacher"), "?status=paused");
    const finance = await list(await session("financial_manager"), "?status=paused");
    const director = await list(await session("center_director"), "?status=paused");
    for (const answer of [teacher, finance, director]) expect(answer.length).toBeGreaterThan(0);
    const hidden = ["pause_reason", "pause_notes", "paused_by_name", "exit_reason"];
    for (const child of teacher) {
      expect(Object.keys(child)).not.toContain("monthly_fee");
      for (const field of hidden) expect(Object.keys(child)).not.toContain(field);
    }
    for (const child of finance) {
      expect(Object.keys(child)).toContain("monthly_fee");
      for (const field of hidden) expect(Object.keys(child)).not.toContain(field);
    }
    expect(director[0]).toMatchObject({ pause_reason: expect.any(String), monthly_fee: expect.any(Number) });
  });
});
