import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";
import { students } from "../db/schema/children.ts";
import { cappedCount } from "./capped-count.ts";

const { database } = await createTestApp();
const db = database.db;
const active = () => db.select({ one: sql`1` }).from(students).where(eq(students.status, "active"));
const [{ n: everyActive } = { n: 0 }] = await db
  .select({ n: sql<number>`count(*)::int` })
  .from(students)
  .where(eq(students.status, "active"));

describe("a search's capped count", () => {
  it("counts exactly while the matches end within the cap past the page", async () => {
    expect(everyActive).toBeGreaterThan(20);
    expect(await cappedCount(db, active(), 0, everyActive)).toEqual({ total: everyActive, lowerBound: false });
    expect(await cappedCount(db, active(), 10, everyActive - 10)).toEqual({ total: everyActive, lowerBound: false });
  });

  it("stops at the cap past the page and says there are more", async () => {
    expect(await cappedCount(db, active(), 0, 5)).toEqual({ total: 5, lowerBound: true });
    expect(await cappedCount(db, active(), 10, 5)).toEqual({ total: 15, lowerBound: true });
    expect(await cappedCount(db, active(), 0, everyActive - 1)).toEqual({ total: everyActive - 1, lowerBound: true });
  });
});
