import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";
import { students } from "../db/schema/children.ts";
import { centers } from "../db/schema/organisations.ts";
import { anyOf, idList, preparedQueries } from "./prepared.ts";

const { database } = await createTestApp();
const { db } = database;
const centreIds = (await db.select({ id: centers.id }).from(centers)).map((row) => row.id);

describe("prepared queries", () => {
  const prepared = preparedQueries();
  const byStatus = () =>
    prepared("by status", () =>
      db
        .select({ id: students.id })
        .from(students)
        .where(and(anyOf(students.centerId, "centres"), eq(students.status, sql.placeholder("status"))))
        .orderBy(asc(students.id))
        .limit(sql.placeholder("limit")),
    );

  it("answer what the same query built on each call answers, for every value given", async () => {
    for (const [centres, status] of [
      [centreIds, "active"],
      [centreIds.slice(0, 1), "paused"],
      [[], "active"],
    ] as const) {
      const expected = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            inArray(students.centerId, [...centres, "00000000-0000-0000-0000-000000000000"]),
            eq(students.status, status),
          ),
        )
        .orderBy(asc(students.id))
        .limit(5);
      const rows = await byStatus().execute({ centres: idList(centres), status, limit: 5 });
      expect(rows).toEqual(expected);
    }
  });

  it("are built once per shape", () => {
    expect(byStatus()).toBe(byStatus());
    const other = prepared("by centre", () =>
      db.select({ id: students.id }).from(students).where(anyOf(students.centerId, "centres")),
    );
    expect(other).not.toBe(byStatus());
  });
});
