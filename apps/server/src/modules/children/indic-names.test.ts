import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { students } from "../../db/schema/children.ts";

const { app, database } = await createTestApp();
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));

const firstPage = async (search: string) =>
  (await director.get(`/api/admin/children?limit=10&search=${encodeURIComponent(search)}`)).json() as {
    children: { id: string; first_name: string; last_name: string }[];
  };

describe("children named in Indian scripts", () => {
  it("are found by any part of the name as it is written", async () => {
    const [child] = (await firstPage("")).children;
    await database.db.update(students).set({ firstName: "आरव", lastName: "पटेल" }).where(eq(students.id, child!.id));
    const tamil = (await firstPage("")).children[1]!;
    await database.db.update(students).set({ firstName: "கவின்", lastName: "குமார்" }).where(eq(students.id, tamil.id));

    for (const part of ["आरव", "पटेल", "आरव पटेल"]) {
      expect((await firstPage(part)).children.map((found) => found.id)).toEqual([child!.id]);
    }
    expect((await firstPage("கவின்")).children.map((found) => found.id)).toEqual([tamil.id]);
    expect((await firstPage("आरवी")).children).toEqual([]);
  });
});
