import { FEE_MESSAGES } from "@sprout/shared/schemas/fees";
import { describe, expect, it } from "vitest";
import { query } from "../../../test/billing-support.ts";
import { as, createTestApp, DEMO_EMAILS, signIn } from "../../../test/harness.ts";

const { app, database } = await createTestApp();
const db = database.db;
const owner = as(app, await signIn(app, DEMO_EMAILS.owner));
const finance = as(app, await signIn(app, DEMO_EMAILS.financial_manager));
const director = as(app, await signIn(app, DEMO_EMAILS.center_director));
const admin = as(app, await signIn(app, DEMO_EMAILS.admin));

describe("fee structures", () => {
  it("lists the demo structures with components and the number of students on each program", async () => {
    const response = await finance.get("/api/fee-structures");
    expect(response.statusCode).toBe(200);
    const list = response.json().structures;
    expect(list.length).toBeGreaterThanOrEqual(5);
    const creche = list.find((entry: { program_name: string }) => entry.program_name === "Daycare - CRECHE");
    expect(creche).toMatchObject({
      academic_year: "2026-27",
      monthly_fee: 14000,
      registration_fee: 10000,
      security_deposit: 10000,
    });
    expect(creche.components.map((component: { name: string }) => component.name)).toContain("Meals");
    const enrolled = await query<{ count: number }>(
      db,
      "select count(*)::int as count from students where program_name = 'Daycare - CRECHE' and status <> 'left'",
    );
    expect(creche.students_count).toBe(enrolled[0]!.count);
  });

  it("creates with the spec's defaults (registration fee and security deposit 10000) and components", async () => {
    const response = await owner.post("/api/fee-structures", {
      program_name: "After-school Care - Joey Juniors",
      program_type: "after_school",
      age_group: "5-8 years",
      academic_year: "2026-27",
      service_hours: 3.5,
      monthly_fee: "8500.50",
      quarterly_discount_percent: 5,
      components: [
        { name: "Snacks", amount: 900, component_type: "recurring", is_refundable: false, is_optional: true },
        { name: "Caution money", amount: 5000, component_type: "one_time", is_refundable: true, is_optional: false },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      monthly_fee: 8500.5,
      registration_fee: 10000,
      security_deposit: 10000,
      material_fee: 0,
      service_hours: 3.5,
      quarterly_discount_percent: 5,
      annual_discount_percent: 0,
      components: [
        { name: "Snacks", amount: 900, component_type: "recurring", is_refundable: false, is_optional: true },
        { name: "Caution money", amount: 5000, component_type: "one_time", is_refundable: true, is_optional: false },
      ],
    });
    const duplicate = await owner.post("/api/fee-structures", {
      program_name: "After-school Care - Joey Juniors",
      program_type: "after_school",
      academic_year: "2026-27",
      monthly_fee: 1,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(FEE_MESSAGES.duplicate);
  });

  it("validates with clear messages", async () => {
    const empty = await owner.post("/api/fee-structures", {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toMatchObject({
      program_name: FEE_MESSAGES.programRequired,
      academic_year: FEE_MESSAGES.academicYearRequired,
      monthly_fee: FEE_MESSAGES.monthlyFeeRequired,
    });
    const bad = await owner.post("/api/fee-structures", {
      program_name: "X",
      program_type: "daycare",
      academic_year: "2026-28",
      monthly_fee: 10.123,
      annual_discount_percent: 120,
      service_hours: 20,
      components: [{ name: "", amount: 1, component_type: "weekly" }],
    });
    expect(bad.json().details).toMatchObject({
      academic_year: FEE_MESSAGES.academicYearFormat,
      monthly_fee: FEE_MESSAGES.amountInvalid,
      annual_discount_percent: FEE_MESSAGES.percentRange,
      service_hours: FEE_MESSAGES.serviceHoursRange,
      "components.0.name": FEE_MESSAGES.componentNameRequired,
    });
  });

  it("edits every field and replaces the components; audited; unknown id is 404", async () => {
    const [structure] = (await owner.get("/api/fee-structures"))
      .json()
      .structures.filter((entry: { program_name: string }) => entry.program_name === "Pre-school - KINDY");
    const response = await owner.put(`/api/fee-structures/${structure.id}`, {
      ...structure,
      monthly_fee: 14250,
      registration_fee: 12000,
      components: [
        { name: "Field trips", amount: 1200, component_type: "annual", is_refundable: false, is_optional: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      monthly_fee: 14250,
      registration_fee: 12000,
      components: [{ name: "Field trips", amount: 1200, component_type: "annual" }],
    });
    const audit = await query<{ before: { monthly_fee: number }; after: { monthly_fee: number } }>(
      db,
      `select before, after from audit_log where entity_id = '${structure.id}' and action = 'fee_structure.update'`,
    );
    expect(audit[0]).toMatchObject({ before: { monthly_fee: 13500 }, after: { monthly_fee: 14250 } });
    expect(
      (await owner.put("/api/fee-structures/00000000-0000-4000-8000-000000000000", { ...structure })).statusCode,
    ).toBe(404);
  });

  it("pages: each page holds different structures, the total counts them all, a bad page size is refused", async () => {
    const first = (await finance.get("/api/fee-structures?page=1&limit=2")).json();
    const second = (await finance.get("/api/fee-structures?page=2&limit=2")).json();
    const all = (await finance.get("/api/fee-structures?limit=100")).json();
    expect(first.structures).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, limit: 2, total: all.structures.length });
    expect(first.pagination.totalPages).toBe(Math.ceil(all.structures.length / 2));
    const ids = (page: { structures: { id: string }[] }) => page.structures.map((entry) => entry.id);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
    expect((await finance.get("/api/fee-structures?limit=101")).statusCode).toBe(400);
  });

  it("only fee settings roles change them; billing staff read them", async () => {
    expect((await director.get("/api/fee-structures")).statusCode).toBe(200);
    expect((await admin.post("/api/fee-structures", {})).statusCode).toBe(403);
    expect((await finance.post("/api/fee-structures", {})).statusCode).toBe(403);
  });
});

describe("exit records", () => {
  it("a child recorded as left appears, filtered by type and date; another centre's exits stay hidden", async () => {
    const [child] = await query<{ id: string; first_name: string }>(
      db,
      "select id, first_name from students where center_id = (select center_id from users where email = 'admin@sprout.test') and status = 'active' order by student_id desc limit 1",
    );
    const exited = await director.post(`/api/students/${child!.id}/exit`, {
      exit_date: "2026-11-15",
      exit_reason: "Moved to Pune",
    });
    expect(exited.statusCode).toBe(200);
    const all = (await director.get("/api/exits?limit=100")).json();
    const record = all.records.find((entry: { person_name: string }) =>
      entry.person_name.startsWith(child!.first_name),
    );
    expect(record).toMatchObject({
      person_type: "student",
      exit_date: "2026-11-15",
      exit_reason: "Moved to Pune",
      recorded_by_name: "Sunita Iyer",
    });
    expect(
      (await director.get("/api/exits?type=student&startDate=2026-11-01&endDate=2026-11-30"))
        .json()
        .records.map((entry: { id: string }) => entry.id),
    ).toContain(record.id);
    // The demo data's teacher who left this centre.
    expect(
      (await director.get("/api/exits?type=teacher_staff"))
        .json()
        .records.map((entry: { person_name: string }) => entry.person_name),
    ).toEqual(["Meera Joshi"]);
    expect(
      (await director.get("/api/exits?startDate=2026-11-16")).json().records.map((entry: { id: string }) => entry.id),
    ).not.toContain(record.id);
    expect(
      (await director.get("/api/exits?endDate=2026-11-14")).json().records.map((entry: { id: string }) => entry.id),
    ).not.toContain(record.id);
    const wrongOrder = await director.get("/api/exits?startDate=2026-11-30&endDate=2026-11-01");
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().error).toBe(FEE_MESSAGES.dateOrder);

    // A staff exit in another centre and one without a centre (organisation level).
    const [org] = await query<{ id: string }>(db, "select id from organisations limit 1");
    const [elsewhere] = await query<{ id: string }>(
      db,
      "select id from centers where id <> (select center_id from users where email = 'admin@sprout.test') limit 1",
    );
    await db.execute(
      `insert into exit_records (organisation_id, center_id, person_name, person_type, job_title, exit_date, exit_reason) values ('${org!.id}', '${elsewhere!.id}', 'Anil Kapoor', 'teacher_staff', 'Teacher', '2026-10-31', 'Resigned'), ('${org!.id}', null, 'Ravi Kumar', 'other_staff', 'Accountant', '2026-09-30', 'Contract ended')` as never,
    );
    const names = (await director.get("/api/exits"))
      .json()
      .records.map((entry: { person_name: string }) => entry.person_name);
    expect(names).not.toContain("Anil Kapoor");
    expect(names).not.toContain("Ravi Kumar");
    const orgWide = (await finance.get("/api/exits?type=teacher_staff")).json().records;
    expect(orgWide.map((entry: { person_name: string }) => entry.person_name).sort()).toEqual([
      "Anil Kapoor",
      "Meera Joshi",
    ]);
    expect(orgWide.find((entry: { person_name: string }) => entry.person_name === "Anil Kapoor")).toMatchObject({
      job_title: "Teacher",
      center_name: expect.any(String),
    });
    expect((await owner.get("/api/exits?type=other_staff")).json().records[0]).toMatchObject({
      person_name: "Ravi Kumar",
      center_name: null,
    });
  });

  it("pages the exit records newest first: a bounded page, the total, no row on two pages", async () => {
    const first = (await finance.get("/api/exits?limit=1&page=1")).json();
    const second = (await finance.get("/api/exits?limit=1&page=2")).json();
    expect(first.records).toHaveLength(1);
    expect(first.pagination).toMatchObject({ page: 1, limit: 1, total: expect.any(Number) });
    expect(first.pagination.total).toBeGreaterThan(1);
    expect(first.pagination.totalPages).toBe(first.pagination.total);
    expect(second.records[0].id).not.toBe(first.records[0].id);
    expect(second.records[0].exit_date <= first.records[0].exit_date).toBe(true);
    expect((await finance.get("/api/exits?limit=101")).statusCode).toBe(400);
  });
});
