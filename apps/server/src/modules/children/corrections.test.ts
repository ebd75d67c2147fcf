import { BILLING_MESSAGES } from "@sprout/shared/schemas/billing";
import { CHILD_EDIT_MESSAGES } from "@sprout/shared/schemas/child-edit";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { childrenOf, createCentreUser, demoCentres } from "../../../test/children-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";
import { auditLog } from "../../db/schema/audit.ts";
import { students } from "../../db/schema/children.ts";

const { app, database } = await createTestApp();
const db = database.db;
const [koramangala, andheri] = await demoCentres(db);
await createCentreUser(db, andheri!.id, "center_director", "director.andheri@sprout.test");
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const otherDirector = as(app, await signIn(app, "director.andheri@sprout.test"));
const teacher = as(app, await signIn(app, DEMO_EMAILS.teacher));
const parent = as(app, await signIn(app, DEMO_EMAILS.parent));
const [child] = (await childrenOf(db, koramangala!.id)).filter((row) => row.lastName !== "Malhotra");

type Guardian = {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
  relation: string;
};
const editable = (details: {
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  gender: string | null;
  guardians: Guardian[];
}) => ({
  first_name: details.first_name,
  last_name: details.last_name,
  date_of_birth: details.date_of_birth,
  gender: details.gender,
  avatar_color: null,
  monthly_fee: null as number | null | string,
  notes: "",
  guardians: details.guardians.map(({ id, first_name, last_name, phone, email, relation }) => ({
    id,
    first_name,
    last_name,
    phone: phone ?? "",
    email: email ?? "",
    relation,
  })),
});

describe("correcting a child's record", () => {
  it("shows the child's details with their guardians", async () => {
    const details = await director.get(`/api/students/${child!.id}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ id: child!.id, first_name: child!.firstName, notes: null });
    expect(details.json().guardians).toHaveLength(2);
    expect(details.json().guardians[0]).toMatchObject({ relation: "Father", is_primary: true });
  });

  it("saves the corrected name, date of birth, fee, notes and a guardian's phone, and audits only what changed", async () => {
    const before = (await director.get(`/api/students/${child!.id}/details`)).json();
    const body = editable(before);
    body.first_name = "Anika";
    body.date_of_birth = "2022-03-14";
    body.monthly_fee = 11500.5;
    body.notes = "Allergic to peanuts";
    body.avatar_color = "#8E24AA" as never;
    body.guardians[1]!.phone = "+91 98450 11223";
    const saved = await director.put(`/api/students/${child!.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      first_name: "Anika",
      date_of_birth: "2022-03-14",
      monthly_fee: 11500.5,
      notes: "Allergic to peanuts",
      avatar_color: "#8E24AA",
    });
    expect(saved.json().guardians[1].phone).toBe("+91 98450 11223");
    const [row] = await db.select().from(students).where(eq(students.id, child!.id));
    expect(row!.monthlyFeePaise).toBe(1_150_050);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.update"), eq(auditLog.entityId, child!.id)));
    expect(audits).toHaveLength(1);
    const guardianKey = `guardians.${before.guardians[1].id}.phone`;
    expect(audits[0]!.before).toEqual({
      first_name: before.first_name,
      date_of_birth: before.date_of_birth,
      avatar_color: null,
      monthly_fee: before.monthly_fee,
      notes: null,
      [guardianKey]: before.guardians[1].phone,
    });
    expect(audits[0]!.after).toMatchObject({ first_name: "Anika", [guardianKey]: "+91 98450 11223" });

    const history = (await director.get(`/api/students/${child!.id}/history`)).json();
    expect(history.corrections).toHaveLength(1);
    expect(history.corrections[0]).toMatchObject({ by_name: "Sunita Iyer" });
    expect(history.corrections[0].changes).toContainEqual({
      field: "first_name",
      before: before.first_name,
      after: "Anika",
    });

    // Saving the same values again changes nothing and writes no audit row.
    expect((await director.put(`/api/students/${child!.id}`, { ...body })).statusCode).toBe(200);
    const again = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "student.update"), eq(auditLog.entityId, child!.id)));
    expect(again).toHaveLength(1);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const current = (await director.get(`/api/students/${child!.id}/details`)).json();
    const base = editable(current);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, first_name: "  " }, CHILD_EDIT_MESSAGES.firstNameRequired],
      [{ ...base, date_of_birth: "2023-02-30" }, CHILD_EDIT_MESSAGES.dateInvalid],
      [{ ...base, date_of_birth: "2099-01-01" }, CHILD_EDIT_MESSAGES.dateInFuture],
      [{ ...base, monthly_fee: 10.555 }, BILLING_MESSAGES.amountDecimals],
      [{ ...base, first_name: "A\u0000B" }, "Text must not contain the NUL character"],
      [{ ...base, guardians: [{ ...base.guardians[0]!, id: child!.id }] }, CHILD_EDIT_MESSAGES.unknownGuardian],
      [{ ...base, guardians: [{ ...base.guardians[0]!, relation: "" }] }, CHILD_EDIT_MESSAGES.relationRequired],
    ];
    for (const [body, message] of cases) {
      const response = await director.put(`/api/students/${child!.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
      expect(response.json().error).toBe(message);
    }
    expect((await director.get(`/api/students/${child!.id}/details`)).json()).toEqual(current);
  });

  it("another centre's director, a teacher and a parent cannot read or correct the child", async () => {
    const current = (await director.get(`/api/students/${child!.id}/details`)).json();
    expect((await otherDirector.get(`/api/students/${child!.id}/details`)).statusCode).toBe(404);
    expect((await otherDirector.put(`/api/students/${child!.id}`, editable(current))).statusCode).toBe(404);
    expect((await otherDirector.get(`/api/students/${child!.id}/history`)).statusCode).toBe(404);
    expect((await teacher.put(`/api/students/${child!.id}`, editable(current))).statusCode).toBe(403);
    expect((await parent.get(`/api/students/${child!.id}/history`)).statusCode).toBe(403);
  });

  it("lists the child's pauses in the history", async () => {
    const pause = await director.patch(`/api/students/${child!.id}/pause`, {
      pause_start_date: "2026-11-23",
      pause_end_date: "2026-11-30",
      reason: "Medical reasons",
      notes: "Recovering",
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const history = (await director.get(`/api/students/${child!.id}/history`)).json();
    expect(history.pauses[0]).toMatchObject({
      start_date: "2026-11-23",
      end_date: "2026-11-30",
      reason: "Medical reasons",
      paused_by_name: "Sunita Iyer",
      ended_how: null,
    });
  });
});
