import { DIRECTOR_MESSAGES, type DirectorDashboard, kpiStatus } from "@sprout/shared/schemas/center-director";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { demoCentres } from "../../../test/children-support.ts";
import { demoIds } from "../../../test/demo-ids.ts";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../../../test/harness.ts";
import { rowsOf } from "../../db/rows.ts";
import { kpiMeasurements } from "../../db/schema/center-director.ts";
import { guardians, studentGuardians, students } from "../../db/schema/children.ts";
import { staff } from "../../db/schema/staff.ts";
import { users } from "../../db/schema/users.ts";
import type { RealtimePublisher } from "../../realtime/publisher.ts";
import { runCentreKpis } from "./kpis.ts";

const { app, database, clock } = await createTestApp();
const db = database.db;
const [home, other] = await demoCentres(db);
await demoIds(db);

let director: SignedIn;
let owner: SignedIn;
let superAdmin: SignedIn;
let teacher: SignedIn;
let parent: SignedIn;

beforeAll(async () => {
  [director, owner, superAdmin, teacher, parent] = await Promise.all([
    signIn(app, DEMO_EMAILS.center_director),
    signIn(app, DEMO_EMAILS.owner),
    signIn(app, DEMO_EMAILS.super_admin),
    signIn(app, DEMO_EMAILS.teacher),
    signIn(app, DEMO_EMAILS.parent),
  ]);
});

async function dashboard(session: SignedIn, query = ""): Promise<DirectorDashboard["data"]> {
  const response = await as(app, session).get(`/api/center-director/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A publisher for the job run directly in a test, where nobody listens. */
const quiet: RealtimePublisher = {
  toCentreStaff: () => undefined,
  toCentreFamilies: () => undefined,
  toUsers: () => undefined,
  toChildReaders: () => undefined,
};

/** The first row of a raw query. */
const one = async <T>(query: PromiseLike<unknown>): Promise<T> => rowsOf<T>(await query)[0]!;

describe("KPI status (spec 2, section 4)", () => {
  it("follows the 1.1 / 0.9 / 0.8 thresholds of value over target", () => {
    expect(kpiStatus("occupancy", 110, 100)).toBe("excellent");
    expect(kpiStatus("occupancy", 109.9, 100)).toBe("good");
    expect(kpiStatus("occupancy", 90, 100)).toBe("good");
    expect(kpiStatus("occupancy", 89.9, 100)).toBe("warning");
    expect(kpiStatus("occupancy", 80, 100)).toBe("warning");
    expect(kpiStatus("occupancy", 79.9, 100)).toBe("critical");
  });
  it("inverts the ratio for incident metrics: (target − value) / target", () => {
    // Target 10: 0 incidents is a ratio of 1.0 (good); the ratio never reaches 1.1 for a positive count.
    expect(kpiStatus("incidents_this_month", 0, 10)).toBe("good");
    expect(kpiStatus("incidents_this_month", 1, 10)).toBe("good");
    expect(kpiStatus("incidents_this_month", 2, 10)).toBe("warning");
    expect(kpiStatus("incidents_this_month", 3, 10)).toBe("critical");
    expect(kpiStatus("incidents_this_month", -1, 10)).toBe("excellent");
  });
  it("judges nothing without a target (issue 30, point 6): 0% is not good", () => {
    expect(kpiStatus("attendance_rate", 0, null)).toBeNull();
    expect(kpiStatus("collection_rate", 0, null)).toBeNull();
    expect(kpiStatus("staff_attendance", 0, null)).toBeNull();
    expect(kpiStatus("incidents_this_month", 99, null)).toBeNull();
  });
  it("a target of 0 is met by any rate, and by a count of incidents only at 0", () => {
    expect(kpiStatus("occupancy", 0, 0)).toBe("good");
    expect(kpiStatus("incidents_this_month", 0, 0)).toBe("good");
    expect(kpiStatus("incidents_this_month", 3, 0)).toBe("critical");
  });
});

describe("the director's dashboard", () => {
  it("shows the figures the lists behind the cards show", async () => {
    const data = await dashboard(director);
    expect(data.center.id).toBe(home!.id);
    expect(data.centers).toEqual([]);

    // Enrolled = active or paused: the Children list's Enrolled and the owner's centre card.
    const enrolled = await one<{ n: number }>(
      db.execute(
        sql`select count(*)::int as n from students where center_id = ${home!.id} and status in ('active', 'paused')`,
      ),
    );
    expect(data.enrollment.current_enrollment).toBe(Number(enrolled.n));
    expect(data.enrollment.capacity).toBe(home!.capacity);
    expect(data.enrollment.percent).toBeCloseTo((Number(enrolled.n) / home!.capacity) * 100, 1);

    const onDuty = (await as(app, director).get("/api/attendance/staff")).json();
    expect(data.staff.present_count).toBe(onDuty.present_count);
    expect(data.staff.on_leave_count).toBe(onDuty.on_leave_count);
    expect(data.staff.total_staff).toBe(onDuty.total_staff);

    // The feedback list pages by cursor without a count; the communication area's figures count it.
    const figures = (await as(app, director).get("/api/parent-feedback/summary")).json();
    expect(data.feedback.pending_feedback).toBe(figures.pending_feedback);
    expect(data.feedback.total_feedback).toBe(figures.total_feedback);

    const spent = await one<{ paise: string | null }>(
      db.execute(
        sql`select sum(amount_paise)::text as paise from expenses where center_id = ${home!.id} and expense_date between '2026-04-01' and '2026-11-20'`,
      ),
    );
    expect(data.budget.spent).toBe(Number(spent.paise ?? 0) / 100);
    expect(data.budget.remaining).toBe(data.budget.limit - data.budget.spent);

    const openIncidents = await one<{ n: number }>(
      db.execute(sql`select count(*)::int as n from incidents where center_id = ${home!.id} and status <> 'resolved'`),
    );
    expect(data.incidents.pending).toBe(Number(openIncidents.n));
    expect(data.live_updates.length).toBeLessThanOrEqual(5);
  });

  it("measures today's KPIs on the first load of the day and keeps one row per metric and day", async () => {
    await dashboard(director);
    const rows = await db
      .select()
      .from(kpiMeasurements)
      .where(and(eq(kpiMeasurements.centerId, home!.id), eq(kpiMeasurements.measurementDate, "2026-11-20")));
    const names = rows.map((row) => row.metricName).sort();
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain("occupancy");
    expect(names).toContain("incidents_this_month");
    const data = await dashboard(director);
    const occupancy = data.kpis.find((kpi) => kpi.metric_name === "occupancy")!;
    expect(occupancy.metric_value).toBeCloseTo(data.enrollment.percent, 1);
    // No target is set in the demo data: the figure comes without a judgement.
    expect(occupancy.target_value).toBeNull();
    expect(occupancy.status).toBeNull();
    for (const kpi of data.kpis.filter((each) => each.target_value === null)) expect(kpi.status).toBeNull();
  });

  it("takes the status from the target the director sets", async () => {
    const data = await dashboard(director);
    const occupancy = data.kpis.find((kpi) => kpi.metric_name === "occupancy")!;
    const set = await as(app, director).put("/api/center-director/kpi-targets/occupancy", {
      target_value: occupancy.metric_value / 0.85,
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await dashboard(director)).kpis.find((kpi) => kpi.metric_name === "occupancy")!;
    expect(after.status).toBe("warning");
    const bad = await as(app, director).put("/api/center-director/kpi-targets/occupancy", { target_value: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(DIRECTOR_MESSAGES.targetInvalid);
    await as(app, director).put("/api/center-director/kpi-targets/occupancy", { target_value: null });
    const cleared = (await dashboard(director)).kpis.find((kpi) => kpi.metric_name === "occupancy")!;
    expect(cleared.target_value).toBeNull();
    expect(cleared.status).toBeNull();
  });

  it("is the director's own centre only; owners choose among theirs; a super admin sees any", async () => {
    const refused = await as(app, director).get(`/api/center-director/dashboard?centerId=${other!.id}`);
    expect(refused.statusCode).toBe(404);
    const ownerRefused = await as(app, owner).get(`/api/center-director/dashboard?centerId=${other!.id}`);
    expect(ownerRefused.statusCode).toBe(404);
    const mine = await dashboard(owner, `?centerId=${home!.id}`);
    expect(mine.center.name).toBe(home!.name);
    expect(mine.centers.map((centre) => centre.id)).not.toContain(other!.id);
    const any = await dashboard(superAdmin, `?centerId=${other!.id}`);
    expect(any.center.id).toBe(other!.id);
    expect(any.may_manage).toBe(false);
    expect((await as(app, teacher).get("/api/center-director/dashboard")).statusCode).toBe(403);
  });

  it("moves when a teacher checks a child in and a parent sends feedback", async () => {
    const before = await dashboard(director);
    const [child] = await db
      .select({ id: students.id, first: students.firstName })
      .from(students)
      .innerJoin(studentGuardians, eq(studentGuardians.studentId, students.id))
      .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
      .innerJoin(users, eq(users.id, guardians.userId))
      .where(and(eq(users.email, DEMO_EMAILS.parent), eq(students.centerId, home!.id)))
      .limit(1);
    // In since this morning (the demo's day): her father takes her to the doctor and brings her back.
    const out = await as(app, teacher).post("/api/attendance/check-out", {
      student_id: child!.id,
      override_name: "Vikram Malhotra",
      override_note: "Doctor's appointment at noon; back within the hour",
    });
    expect(out.statusCode, out.body).toBe(200);
    clock.advance(60_000);
    const checkIn = await as(app, teacher).post("/api/attendance/check-in", { student_id: child!.id });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    clock.advance(60_000);
    const sent = await as(app, parent).post("/api/parent-feedback", {
      child_id: child!.id,
      category: "food",
      rating: 4,
      comment: "Lunch was lovely",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const after = await dashboard(director);
    expect(after.feedback.total_feedback).toBe(before.feedback.total_feedback + 1);
    expect(after.feedback.pending_feedback).toBe(before.feedback.pending_feedback + 1);
    expect(after.live_updates[0]!.kind).toBe("feedback");
    expect(
      after.live_updates.some((update) => update.kind === "check_in" && update.title.startsWith(child!.first)),
    ).toBe(true);
    expect(after.live_updates[0]!.title).toBe("New parent feedback: Food, rated 4 of 5");
    const tasks = (await as(app, director).get("/api/center-director/tasks?limit=100")).json();
    const answer = tasks.tasks.find((task: { id: string }) => task.id === sent.json().id);
    expect(answer?.title).toBe("Answer parent feedback about food (rated 4 of 5)");
    expect(after.kpis.find((kpi) => kpi.metric_name === "occupancy")?.label).toBe("Occupancy");

    // A director who reads Hindi reads the same updates, tasks and KPI names in Hindi.
    expect((await as(app, director).put("/api/account/preferences", { language: "hi" })).statusCode).toBe(200);
    try {
      const inHindi = await dashboard(director);
      expect(inHindi.live_updates[0]!.title).toBe("अभिभावक की नई प्रतिक्रिया: खाना, 5 में से 4 रेटिंग");
      expect(
        inHindi.live_updates.some((update) => update.kind === "check_in" && update.title.endsWith("का चेक-इन हुआ")),
      ).toBe(true);
      expect(inHindi.kpis.find((kpi) => kpi.metric_name === "occupancy")?.label).toBe("भरी हुई सीटें");
      const hindiTasks = (await as(app, director).get("/api/center-director/tasks?limit=100")).json();
      expect(hindiTasks.tasks.find((task: { id: string }) => task.id === sent.json().id)?.title).toBe(
        "खाने के बारे में अभिभावक की प्रतिक्रिया का जवाब दें (5 में से 4 रेटिंग)",
      );
    } finally {
      await as(app, director).put("/api/account/preferences", { language: "en" });
    }
  });
});

describe("one enrolment figure for a centre", () => {
  it("counts a paused child on the director's card, the owner's centre card and the Children list alike", async () => {
    const before = await dashboard(director);
    const [child] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.centerId, home!.id), eq(students.status, "active")))
      .orderBy(students.id)
      .limit(1);
    const paused = await as(app, director).patch(`/api/students/${child!.id}/pause`, {
      pause_start_date: "2026-11-21",
      pause_end_date: "2026-11-28",
      reason: "Vacation/Travel",
      notes: "",
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await runCentreKpis(db, clock, quiet);
    const after = await dashboard(director);
    expect(after.enrollment.current_enrollment).toBe(before.enrollment.current_enrollment);

    const cards = (await as(app, owner).get("/api/analytics/center-comparison")).json();
    const card = cards.centers.find((centre: { id: string }) => centre.id === home!.id);
    expect(card.student_count).toBe(after.enrollment.current_enrollment);
    expect(card.occupancy).toBeCloseTo(after.enrollment.percent, 1);
    const occupancy = after.kpis.find((kpi) => kpi.metric_name === "occupancy")!;
    expect(occupancy.metric_value).toBeCloseTo(after.enrollment.percent, 1);

    const list = (await as(app, director).get("/api/admin/children?limit=1")).json();
    expect(list.counts.paused).toBeGreaterThan(0);
    expect(list.counts.active + list.counts.paused).toBe(after.enrollment.current_enrollment);

    const resumed = await as(app, director).patch(`/api/students/${child!.id}/resume`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
  });
});

describe("the KPI values", () => {
  it("equal the rows behind each of them, counted another way", async () => {
    await runCentreKpis(db, clock, quiet);
    const data = await dashboard(director);
    const value = (name: string) => data.kpis.find((kpi) => kpi.metric_name === name)?.metric_value;
    const ratio = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;
    const today = data.center.date;

    const children = await one<{ present: number; active: number }>(
      db.execute(sql`select
        (select count(distinct student_id)::int from attendance_stays where center_id = ${home!.id} and day = ${today}) as present,
        (select count(*)::int from students where center_id = ${home!.id} and status = 'active') as active`),
    );
    expect(Number(children.present)).toBeGreaterThan(0);
    expect(value("attendance_rate")).toBe(ratio(Number(children.present), Number(children.active)));

    const money = await one<{ paid: string; invoiced: string }>(
      db.execute(sql`select sum(paid_paise)::text as paid, sum(total_paise)::text as invoiced from invoices
        where center_id = ${home!.id} and status <> 'Cancelled' and issue_date between ${`${today.slice(0, 7)}-01`} and ${today}`),
    );
    if (money.invoiced === null) expect(value("collection_rate")).toBeUndefined();
    else expect(value("collection_rate")).toBe(ratio(Number(money.paid), Number(money.invoiced)));

    const funnel = await one<{ total: number; admitted: number }>(
      db.execute(sql`select count(*)::int as total, count(student_id)::int as admitted from enquiries
        where center_id = ${home!.id} and enquiry_date >= ${today}::date - 89`),
    );
    expect(Number(funnel.total)).toBeGreaterThan(0);
    expect(value("enquiry_conversion")).toBe(ratio(Number(funnel.admitted), Number(funnel.total)));

    const incidents = await one<{ n: number }>(
      db.execute(sql`select count(*)::int as n from incidents where center_id = ${home!.id}
        and occurred_at >= (date_trunc('month', ${today}::date)::timestamp at time zone ${home!.timeZone})`),
    );
    expect(value("incidents_this_month")).toBe(Number(incidents.n));
    expect(value("incidents_this_month")).toBe(data.incidents.this_month);

    // Staff attendance: present of those expected (not on leave), as the duty board counts them.
    const duty = (await as(app, director).get("/api/attendance/staff")).json();
    const expected = duty.total_staff - duty.on_leave_count;
    expect(value("staff_attendance")).toBe(ratio(Math.min(duty.present_count, expected), expected));

    const rating = await one<{ average: string | null }>(
      db.execute(sql`select avg(rating)::text as average from parent_feedback
        where center_id = ${home!.id} and created_at >= ${new Date(clock.now().getTime() - 90 * 86_400_000)}`),
    );
    expect(rating.average).not.toBeNull();
    expect(value("parent_rating")).toBe(Math.round(Number(rating.average) * 10) / 10);
  });
});

describe("staff reviews", () => {
  const review = (staffId: string, extra: Record<string, unknown> = {}) => ({
    staff_id: staffId,
    period_start: "2026-04-01",
    period_end: "2026-09-30",
    overall_rating: "exceeds_expectations",
    notes: "Calm with the toddlers",
    ...extra,
  });

  it("are recorded by the director and counted in the rating spread; the reviewed leave the due list", async () => {
    const [member] = await db
      .select({ id: staff.id })
      .from(staff)
      .innerJoin(users, eq(users.id, staff.userId))
      .where(eq(users.email, DEMO_EMAILS.teacher));
    const before = (await as(app, director).get("/api/center-director/staff-overview")).json();
    expect(before.reviews_due.map((row: { staff_id: string }) => row.staff_id)).toContain(member!.id);
    const created = await as(app, director).post("/api/center-director/staff-reviews", review(member!.id));
    expect(created.statusCode, created.body).toBe(201);
    const after = (await as(app, director).get("/api/center-director/staff-overview")).json();
    expect(after.reviews_due.map((row: { staff_id: string }) => row.staff_id)).not.toContain(member!.id);
    expect(after.reviews_due_total).toBe(before.reviews_due_total - 1);
    const spread = Object.fromEntries(
      after.rating_spread.map((row: { overall_rating: string; count: number }) => [row.overall_rating, row.count]),
    );
    expect(spread.exceeds_expectations).toBe(1);
    const listed = (await as(app, director).get("/api/center-director/staff-reviews")).json();
    expect(listed.pagination.total).toBe(1);
    expect(listed.reviews[0].staff_name).toMatch(/\S/);
    const data = await dashboard(director);
    expect(data.performance.find((row) => row.overall_rating === "exceeds_expectations")!.count).toBe(1);
  });

  it("refuse bad input with clear messages and another centre's staff with 404", async () => {
    const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.centerId, home!.id)).limit(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ overall_rating: "" }, DIRECTOR_MESSAGES.ratingRequired],
      [{ period_end: "2026-03-01" }, DIRECTOR_MESSAGES.periodOrder],
      [{ period_end: "2026-12-31" }, DIRECTOR_MESSAGES.periodFuture],
      [{ period_start: "" }, DIRECTOR_MESSAGES.periodStartRequired],
      [{ staff_id: "" }, DIRECTOR_MESSAGES.staffRequired],
    ];
    for (const [change, message] of cases) {
      const response = await as(app, director).post("/api/center-director/staff-reviews", review(member!.id, change));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const [stranger] = await db.select({ id: staff.id }).from(staff).where(eq(staff.centerId, other!.id)).limit(1);
    if (stranger) {
      const foreign = await as(app, director).post("/api/center-director/staff-reviews", review(stranger.id));
      expect(foreign.statusCode).toBe(404);
    }
    const total = (await as(app, director).get("/api/center-director/staff-reviews")).json().pagination.total;
    expect(total).toBe(1);
  });
});

describe("the centre calendar and upcoming tasks", () => {
  it("keeps the director's events and joins them with the work waiting, soonest first", async () => {
    const drill = await as(app, director).post("/api/center-director/calendar", {
      title: "Quarterly fire drill",
      event_date: "2026-11-27",
      kind: "safety_drill",
    });
    expect(drill.statusCode, drill.body).toBe(201);
    const tasks = (await as(app, director).get("/api/center-director/tasks?limit=100")).json();
    const mine = tasks.tasks.find((task: { id: string }) => task.id === drill.json().id);
    expect(mine).toMatchObject({ source: "calendar", due_date: "2026-11-27", priority: "High" });
    const dues = tasks.tasks.map((task: { due_date: string }) => task.due_date);
    expect(dues).toEqual([...dues].sort());
    const card = await dashboard(director);
    expect(card.upcoming_tasks.items.length).toBeLessThanOrEqual(4);
    expect(card.upcoming_tasks.total).toBe(tasks.pagination.total);

    const moved = await as(app, director).put(`/api/center-director/calendar/${drill.json().id}`, {
      title: "Fire drill",
      event_date: "2026-12-04",
      kind: "safety_drill",
    });
    expect(moved.json().event_date).toBe("2026-12-04");
    expect((await as(app, director).delete(`/api/center-director/calendar/${drill.json().id}`)).statusCode).toBe(204);
    const events = (await as(app, director).get("/api/center-director/calendar")).json();
    expect(events.pagination.total).toBe(0);
  });

  it("refuses an event without a title or in the past", async () => {
    const noTitle = await as(app, director).post("/api/center-director/calendar", {
      title: " ",
      event_date: "2026-12-01",
      kind: "meeting",
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error).toBe(DIRECTOR_MESSAGES.titleRequired);
    const past = await as(app, director).post("/api/center-director/calendar", {
      title: "Staff meeting",
      event_date: "2026-11-19",
      kind: "meeting",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(DIRECTOR_MESSAGES.eventInPast);
    const noKind = await as(app, director).post("/api/center-director/calendar", {
      title: "Staff meeting",
      event_date: "2026-12-01",
    });
    expect(noKind.json().error).toBe(DIRECTOR_MESSAGES.kindRequired);
    expect((await as(app, director).get("/api/center-director/calendar")).json().pagination.total).toBe(0);
  });
});

describe("the KPI job", () => {
  it("measures every active centre once per run, under its lock, and announces it after commit", async () => {
    const sent: string[] = [];
    // Watches the job's transaction: an event sent while it is open would reach dashboards that
    // then read the values from before it.
    let open = false;
    const watched = new Proxy(db, {
      get(target, key) {
        if (key !== "transaction") return Reflect.get(target, key);
        return async (...args: Parameters<typeof db.transaction>) => {
          open = true;
          try {
            return await target.transaction(...args);
          } finally {
            open = false;
          }
        };
      },
    });
    const sentWhileOpen: boolean[] = [];
    const payloads: unknown[] = [];
    const realtime: RealtimePublisher = {
      ...quiet,
      toCentreStaff: (centerId, _event, payload) => {
        sent.push(centerId);
        sentWhileOpen.push(open);
        payloads.push(payload);
      },
    };
    clock.advance(86_400_000);
    const outcome = await runCentreKpis(watched, clock, realtime);
    expect(sentWhileOpen.length).toBeGreaterThan(0);
    expect(sentWhileOpen).not.toContain(true);
    // The staff room includes teachers: the event names the metric, never its figure.
    for (const payload of payloads) expect(Object.keys(payload as object).sort()).toEqual(["metric_name", "type"]);
    expect(outcome.ran).toBe(true);
    const rows = await db
      .select({ centerId: kpiMeasurements.centerId })
      .from(kpiMeasurements)
      .where(eq(kpiMeasurements.measurementDate, "2026-11-21"));
    expect(new Set(rows.map((row) => row.centerId)).size).toBe(outcome.centres);
    expect(new Set(sent)).toContain(other!.id);
  });
});
