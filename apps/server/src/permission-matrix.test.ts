/// <reference types="vite/client" />
import { ACTION_NAMES, rolesFor } from "@sprout/shared/access";
import { ROLES, type Role } from "@sprout/shared/roles";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { accessTable } from "../test/access-table.ts";
import { askedActions } from "../test/asked-actions.ts";
import { demoIds } from "../test/demo-ids.ts";
import { createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../test/harness.ts";
import { type AreaRows, multipartBody, NO_ID, PDF, type Row, UNKNOWN_ENQUIRY } from "../test/matrix.ts";
import { otherOrganisation } from "../test/other-organisation.ts";
import { classrooms } from "./db/schema/children.ts";

const { app, database } = await createTestApp();
const ids = await demoIds(database.db);
// A child of the home centre that every staff role, the teacher included, may act on.
const homeStudent = ids.teacherRoomStudent;
const stranger = await otherOrganisation(database.db);
const [{ id: homeClassroom }] = (await database.db
  .select({ id: classrooms.id })
  .from(classrooms)
  .where(eq(classrooms.centerId, ids.homeCentre))
  .limit(1)) as [{ id: string }];

/** Bodies that allowed roles must be able to create with (each role its own record where names are unique). */
const ENQUIRY = {
  child_name: "Matrix Child",
  center_id: ids.homeCentre,
  child_dob: "2023-04-02",
  parent_name: "Matrix Parent",
  mobile_number: "+91 98765 43210",
  email: "matrix.parent@example.in",
  source: "Walk-in",
  major_program: "Pre-school",
  specific_program: "TODDLERS",
  service_hours: 4,
  status: "Open",
};
const staffMember = (name: string) => ({
  email: `matrix.${name}@sprout.test`,
  first_name: "Matrix",
  last_name: name,
  role: "teacher",
  joining_date: "2026-06-01",
});
const feeStructure = (name: string) => ({
  program_name: `${name} - After-school`,
  program_type: "after_school",
  age_group: "5-8 years",
  academic_year: "2026-27",
  service_hours: 3,
  monthly_fee: "8500",
  components: [],
});

/** A closed enquiry per role allowed to admit, so that each role's admission succeeds. */
const closedEnquiries = new Map<Role, string>();
{
  const director = await signIn(app, DEMO_EMAILS.center_director);
  for (const role of rolesFor("admissions.convert")) {
    const created = await app.inject({
      method: "POST",
      url: "/api/enquiries",
      headers: director.headers,
      payload: { ...ENQUIRY, child_name: `Matrix Admission ${role.replaceAll("_", " ")}`, status: "Closed" },
    });
    if (created.statusCode !== 201) throw new Error(`closed enquiry for ${role}: ${created.body}`);
    closedEnquiries.set(role, created.json().id);
  }
}
const admission = (name: string) => ({
  child: { firstName: "Matrix", lastName: "Admission", dateOfBirth: "2023-04-02", gender: "Female" },
  parents: [
    {
      firstName: "Meera",
      lastName: "Matrix",
      relation: "Mother",
      phone: "98765 43210",
      email: `${name.replaceAll("_", "")}@example.in`,
    },
  ],
  classroomId: homeClassroom,
});

const AREA_ROWS = import.meta.glob<{ default: AreaRows }>("../test/permission-rows/*.ts", { eager: true });

const MATRIX: Row[] = [
  { route: "GET /api/health" },
  {
    route: "POST /api/auth/login",
    payload: { email: "teacher@sprout.test", password: DEMO_PASSWORD },
  },
  { route: "POST /api/auth/refresh-token", payload: { refreshToken: "not-a-token" }, status: 401 },
  { route: "GET /api/auth/verify" },
  { route: "POST /api/auth/logout", fresh: true },
  { route: "GET /api/analytics/overview" },
  // Children, classrooms, centres, documents (issue 4). Unknown ids answer 404 to allowed roles.
  { route: "GET /api/admin/children" },
  {
    route: "GET /api/students",
  },
  { route: "GET /api/students/paused" },
  {
    route: "PATCH /api/students/:id/pause",
    url: `/api/students/${NO_ID}/pause`,
    payload: { pause_start_date: "2030-01-01", pause_end_date: "2030-01-08", reason: "Other" },
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/pause`,
  },
  {
    route: "PATCH /api/students/:id/resume",
    url: `/api/students/${NO_ID}/resume`,
    payload: {},
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/resume`,
  },
  {
    route: "POST /api/students/:id/exit",
    url: `/api/students/${NO_ID}/exit`,
    payload: { exit_date: "2026-11-01", exit_reason: "Moved" },
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/exit`,
  },
  {
    route: "POST /api/admin-class/promotion/assign",
    payload: { student_id: NO_ID, center_id: NO_ID, class_id: NO_ID },
    status: 404,
    foreign: "/api/admin-class/promotion/assign",
    foreignPayload: { student_id: ids.otherStudent, center_id: ids.otherCentre, class_id: ids.otherClassroom },
  },
  {
    route: "POST /api/admin-class/promotion/promote",
    payload: { student_id: NO_ID, center_id: NO_ID, from_class_id: NO_ID, to_class_id: NO_ID },
    status: 404,
    foreign: "/api/admin-class/promotion/promote",
    foreignPayload: {
      student_id: ids.otherStudent,
      center_id: ids.otherCentre,
      from_class_id: ids.otherClassroom,
      to_class_id: ids.otherClassroom,
    },
  },
  {
    route: "POST /api/admin-class/promotion/transfer",
    payload: { student_id: NO_ID, from_center_id: NO_ID, to_center_id: NO_ID, to_class_id: NO_ID },
    status: 404,
    foreign: "/api/admin-class/promotion/transfer",
    foreignPayload: {
      student_id: ids.otherStudent,
      from_center_id: ids.otherCentre,
      to_center_id: ids.homeCentre,
      to_class_id: ids.otherClassroom,
    },
  },
  {
    route: "GET /api/students/:id/moves",
    url: `/api/students/${NO_ID}/moves`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/moves`,
  },
  { route: "GET /api/classrooms" },
  { route: "GET /api/admin/classrooms" },
  {
    route: "POST /api/admin/classrooms",
    payload: { name: "Matrix Room", center_id: ids.homeCentre },
    payloadFor: (role) => ({ name: `Matrix Room ${role}`, center_id: ids.homeCentre }),
  },
  {
    route: "PUT /api/admin/classrooms/:id",
    url: `/api/admin/classrooms/${NO_ID}`,
    payload: { name: "Room" },
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}`,
  },
  {
    route: "DELETE /api/admin/classrooms/:id",
    url: `/api/admin/classrooms/${NO_ID}`,
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}`,
  },
  // Classroom staff, the classroom roll and child corrections (issue 9).
  {
    route: "GET /api/classrooms/:id/children",
    url: `/api/classrooms/${NO_ID}/children`,
    status: 404,
    foreign: `/api/classrooms/${ids.otherClassroom}/children`,
  },
  {
    route: "GET /api/admin/classrooms/:id/assignable-staff",
    url: `/api/admin/classrooms/${NO_ID}/assignable-staff`,
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}/assignable-staff`,
  },
  {
    route: "PUT /api/admin/classrooms/:id/staff",
    url: `/api/admin/classrooms/${NO_ID}/staff`,
    payload: { lead_id: null, assistant_ids: [] },
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}/staff`,
  },
  {
    route: "GET /api/students/:id/details",
    url: `/api/students/${NO_ID}/details`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/details`,
  },
  {
    route: "PUT /api/students/:id",
    url: `/api/students/${NO_ID}`,
    payload: { first_name: "Asha" },
    status: 404,
    foreign: `/api/students/${ids.otherStudent}`,
  },
  {
    route: "GET /api/students/:id/history",
    url: `/api/students/${NO_ID}/history`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/history`,
  },
  { route: "GET /api/centers" },
  {
    route: "POST /api/centers",
    payload: { center_name: "Sprout Matrix", address: "1 Test Road", city: "Pune" },
  },
  {
    route: "PUT /api/centers/:id",
    url: `/api/centers/${NO_ID}`,
    foreign: `/api/centers/${ids.otherCentre}`,
    payload: { center_name: "X", address: "Y", city: "Z" },
    status: 404,
  },
  { route: "GET /api/documents" },
  {
    route: "POST /api/documents/upload",
    multipart: true,
    form: (role) => ({
      fields: { type: "policy", description: `Matrix ${role}`, center_id: ids.homeCentre },
      files: [{ field: "file", name: `matrix-${role}.pdf`, content: PDF }],
    }),
  },
  {
    route: "GET /api/documents/:id/file",
    url: `/api/documents/${NO_ID}/file`,
    status: 404,
    foreign: `/api/documents/${ids.otherDocument}/file`,
  },
  {
    route: "DELETE /api/documents/:id",
    url: `/api/documents/${NO_ID}`,
    status: 404,
    foreign: `/api/documents/${ids.otherDocument}`,
  },
  // Enquiries, admissions and application settings (issue 5).
  { route: "GET /api/enquiries" },
  { route: "GET /api/enquiries/check-company", url: "/api/enquiries/check-company?name=Infosys" },
  { route: "POST /api/enquiries", payload: ENQUIRY },
  {
    route: "PUT /api/enquiries/:id",
    url: `/api/enquiries/${UNKNOWN_ENQUIRY}`,
    payload: ENQUIRY,
    status: 404,
    foreign: `/api/enquiries/${ids.otherEnquiry}`,
  },
  {
    route: "POST /api/admissions/convert/:enquiryId",
    url: `/api/admissions/convert/${UNKNOWN_ENQUIRY}`,
    urlFor: (role) => `/api/admissions/convert/${closedEnquiries.get(role)}`,
    payload: admission("matrix"),
    payloadFor: (role) => admission(`matrix.${role}`),
    foreign: `/api/admissions/convert/${ids.otherEnquiry}`,
  },
  { route: "GET /api/settings/programs" },
  {
    route: "POST /api/settings/programs",
    payload: { majorProgram: "Matrix", specificProgram: "Matrix Program" },
    payloadFor: (role) => ({ majorProgram: "Matrix", specificProgram: `Matrix Program ${role}` }),
  },
  { route: "GET /api/settings/companies" },
  { route: "POST /api/settings/companies", payload: { companyName: "Matrix Systems" } },
  // Account security: password reset, two-factor, users and staff (issue 3).
  { route: "POST /api/auth/forgot-password", payload: { email: "nobody@sprout.test" } },
  { route: "POST /api/auth/verify-reset-code", status: 400 },
  { route: "POST /api/auth/reset-password", status: 400 },
  { route: "GET /api/auth/reset-status/:id", url: `/api/auth/reset-status/${NO_ID}`, status: 404 },
  { route: "GET /api/auth/test-email", status: 400 },
  { route: "POST /api/auth/2fa/verify", status: 400 },
  { route: "GET /api/auth/2fa/setup" },
  {
    route: "POST /api/auth/2fa/verify-setup",
    payload: { token: "000000", password: "not the password" },
    status: 400,
  },
  { route: "GET /api/auth/2fa/status" },
  { route: "POST /api/auth/2fa/disable", payload: { password: "not-the-password" }, status: 400 },
  {
    route: "POST /api/auth/2fa/regenerate-backup-codes",
    payload: { password: "not-the-password" },
    status: 400,
  },
  { route: "GET /api/owners/roles" },
  { route: "GET /api/owners/centers" },
  { route: "GET /api/owners" },
  {
    route: "POST /api/owners",
    payload: {
      fullName: "Matrix User",
      email: "matrix.user@sprout.test",
      role: "teacher",
      centerId: ids.homeCentre,
      password: "Matrix-Pass-2026",
    },
  },
  {
    route: "PUT /api/owners/:id",
    url: `/api/owners/${NO_ID}`,
    payload: { fullName: "Nobody Here", email: "nobody@sprout.test", role: "teacher" },
    status: 404,
    stranger: `/api/owners/${stranger.owner}`,
  },
  {
    route: "PUT /api/owners/:id/toggle-status",
    url: `/api/owners/${NO_ID}/toggle-status`,
    payload: {},
    status: 404,
    stranger: `/api/owners/${stranger.owner}/toggle-status`,
  },
  {
    route: "PUT /api/owners/:id/reset-password",
    url: `/api/owners/${NO_ID}/reset-password`,
    payload: {},
    status: 404,
    stranger: `/api/owners/${stranger.owner}/reset-password`,
  },
  { route: "GET /api/staff" },
  {
    route: "GET /api/staff/center/:centerId",
    url: `/api/staff/center/${NO_ID}`,
    status: 404,
    foreign: `/api/staff/center/${ids.otherCentre}`,
  },
  {
    route: "POST /api/staff",
    payload: { ...staffMember("matrix"), center_id: ids.homeCentre, password: "Matrix-Pass-2026" },
    payloadFor: (role) => ({ ...staffMember(role), center_id: ids.homeCentre, password: "Matrix-Pass-2026" }),
  },
  {
    route: "PUT /api/staff/:id",
    url: `/api/staff/${NO_ID}`,
    foreign: `/api/staff/${ids.otherStaff}`,
    payload: staffMember("nobody"),
    status: 404,
  },
  {
    route: "POST /api/staff/:id/exit",
    url: `/api/staff/${NO_ID}/exit`,
    foreign: `/api/staff/${ids.otherStaff}/exit`,
    payload: { exit_date: "2026-01-01", exit_reason: "Moved" },
    status: 404,
  },
  {
    route: "GET /api/staff/:id/classrooms",
    url: `/api/staff/${NO_ID}/classrooms`,
    foreign: `/api/staff/${ids.otherStaff}/classrooms`,
    status: 404,
  },
  {
    route: "PUT /api/staff/:id/classrooms",
    url: `/api/staff/${NO_ID}/classrooms`,
    foreign: `/api/staff/${ids.otherStaff}/classrooms`,
    payload: { assignments: [] },
    status: 404,
  },
  // Billing, fee structures and exit records (issue 6). Unknown ids answer 404 to allowed roles.
  {
    route: "GET /api/invoices",
  },
  {
    route: "GET /api/invoices/:id",
    url: `/api/invoices/${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}`,
    family: `/api/invoices/${ids.otherFamilyInvoice}`,
  },
  {
    route: "GET /api/invoices/generate-pdf/:id",
    url: `/api/invoices/generate-pdf/${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/generate-pdf/${ids.otherInvoice}`,
    family: `/api/invoices/generate-pdf/${ids.otherFamilyInvoice}`,
  },
  {
    route: "POST /api/invoices/generate-monthly",
    payload: { center_id: NO_ID },
    status: 404,
    foreign: "/api/invoices/generate-monthly",
    foreignPayload: { center_id: ids.otherCentre },
  },
  {
    route: "POST /api/invoices/:id/payments",
    url: `/api/invoices/${NO_ID}/payments`,
    foreign: `/api/invoices/${ids.otherInvoice}/payments`,
    payload: { amount: 1, paid_on: "2026-11-20", mode: "cash" },
    status: 404,
  },
  {
    route: "POST /api/invoices/:id/cancel",
    url: `/api/invoices/${NO_ID}/cancel`,
    payload: { reason: "x" },
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/cancel`,
  },
  {
    route: "GET /api/invoices/requests",
  },
  {
    route: "POST /api/invoices/requests",
    payload: { child_id: homeStudent, amount: 150, dueDate: "2026-12-15" },
    foreign: "/api/invoices/requests",
    foreignPayload: { child_id: ids.otherStudent, amount: 150, dueDate: "2026-12-15" },
  },
  {
    route: "POST /api/invoices/requests/:id/approve",
    url: `/api/invoices/requests/${NO_ID}/approve`,
    status: 404,
    foreign: `/api/invoices/requests/${ids.otherRequest}/approve`,
  },
  {
    route: "POST /api/invoices/requests/:id/reject",
    url: `/api/invoices/requests/${NO_ID}/reject`,
    payload: { reason: "x" },
    status: 404,
    foreign: `/api/invoices/requests/${ids.otherRequest}/reject`,
  },
  {
    route: "GET /api/fee-structures",
  },
  {
    route: "POST /api/fee-structures",
    payload: feeStructure("Matrix"),
    payloadFor: (role) => feeStructure(`Matrix ${role}`),
  },
  {
    route: "PUT /api/fee-structures/:id",
    url: `/api/fee-structures/${NO_ID}`,
    payload: feeStructure("Nobody"),
    status: 404,
    stranger: `/api/fee-structures/${stranger.feeStructure}`,
  },
  { route: "GET /api/exits" },
  // The parent portal: a parent's own children (issue 5, item 4).
  { route: "GET /api/parents/my-children" },
  // Link requests: an admission named an existing parent's e-mail (issue 20, point 6).
  { route: "GET /api/parents/link-requests" },
  {
    route: "POST /api/parents/link-requests/:id/accept",
    url: `/api/parents/link-requests/${NO_ID}/accept`,
    foreign: `/api/parents/link-requests/${ids.otherFamilyLinkRequest}/accept`,
    status: 404,
  },
  {
    route: "POST /api/parents/link-requests/:id/decline",
    url: `/api/parents/link-requests/${NO_ID}/decline`,
    foreign: `/api/parents/link-requests/${ids.otherFamilyLinkRequest}/decline`,
    status: 404,
  },
  // Emergency alerts and incident management (issue 10). Unknown ids answer 404 to allowed roles.
  {
    route: "POST /api/center-director/emergency/alert",
    payload: { alert_type: "fire", message: "Matrix drill", center_id: ids.homeCentre },
    foreign: "/api/center-director/emergency/alert",
    foreignPayload: { alert_type: "fire", message: "Matrix drill", center_id: ids.otherCentre },
  },
  { route: "GET /api/parents/incidents" },
  {
    route: "POST /api/parents/incidents/:id/acknowledge",
    url: `/api/parents/incidents/${NO_ID}/acknowledge`,
    foreign: `/api/parents/incidents/${ids.otherIncident}/acknowledge`,
    family: `/api/parents/incidents/${ids.otherFamilyIncident}/acknowledge`,
    status: 404,
  },
  { route: "GET /api/parents/attendance/today" },
  {
    route: "POST /api/parents/absence-notices",
    payload: { student_id: NO_ID, start_date: "2030-01-01", end_date: "2030-01-02", reason: "sick" },
    status: 404,
    foreign: "/api/parents/absence-notices",
    foreignPayload: { student_id: ids.otherStudent, start_date: "2030-01-01", end_date: "2030-01-02", reason: "sick" },
  },
  {
    route: "DELETE /api/parents/absence-notices/:id",
    url: `/api/parents/absence-notices/${NO_ID}`,
    foreign: `/api/parents/absence-notices/${ids.otherAbsenceNotice}`,
    family: `/api/parents/absence-notices/${ids.otherFamilyAbsenceNotice}`,
    status: 404,
  },
  ...(
    [
      ["POST /api/daily-activities/food", { date: "2026-01-05", meal_type: "lunch", food_consumed: 100 }],
      ["POST /api/daily-activities/sleep", { date: "2026-01-05", start_time: "13:00" }],
      ["POST /api/daily-activities/potty", { date: "2026-01-05", type: "bathroom", diaper_status: "dry" }],
      [
        "POST /api/daily-activities/health",
        { date: "2026-01-05", kind: "note", details: "Cough", temperature_c: null },
      ],
      ["POST /api/stars", { reason: "Shared the blocks" }],
    ] as const
  ).map(
    ([route, fields]): Row => ({
      route,
      payload: { child_id: NO_ID, ...fields },
      status: 404,
      foreign: route.slice(5),
      foreignPayload: { child_id: ids.otherStudent, ...fields },
    }),
  ),
  {
    route: "GET /api/parents/child-day/:childId",
    url: `/api/parents/child-day/${NO_ID}`,
    status: 404,
    foreign: `/api/parents/child-day/${ids.otherStudent}`,
  },
  ...Object.values(AREA_ROWS).flatMap((area) => area.default({ ids, homeStudent })),
];

const RULES = new Map(app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]));

/** The roles a row's route lets in, read from the one access table through the route's action. */
function allowedOf(row: Row): "public" | readonly Role[] {
  const access = RULES.get(row.route);
  if (!access) throw new Error(`${row.route} is not a registered route`);
  if ("public" in access) return "public";
  if ("signedIn" in access) return ROLES;
  return rolesFor(access.action);
}

describe("permission matrix", () => {
  it("has one row for every registered route", () => {
    const rows = MATRIX.map((row) => row.route);
    expect(new Set(rows).size, "a route has two rows").toBe(rows.length);
    expect(rows.sort()).toEqual([...RULES.keys()].sort());
  });

  it("every action of the access table is taken by a route or asked by a service, and docs/access/actions.md shows who may take it", async () => {
    const taken = new Set([
      ...app.routeAccess.flatMap((route) => ("action" in route.access ? [route.access.action] : [])),
      ...askedActions().keys(),
    ]);
    expect(ACTION_NAMES.filter((action) => !taken.has(action))).toEqual([]);
    await expect(accessTable(app.routeAccess)).toMatchFileSnapshot("../../../docs/access/actions.md");
  });

  const sessions = new Map<Role, SignedIn>();
  const sessionOf = async (role: Role, fresh?: boolean) => {
    if (fresh) return signIn(app, DEMO_EMAILS[role]);
    if (!sessions.has(role)) sessions.set(role, await signIn(app, DEMO_EMAILS[role]));
    return sessions.get(role)!;
  };

  /** Calls a row's route as a role (or anonymously), with a JSON body or a raw multipart one. */
  async function call(
    row: Row,
    role: Role | null,
    options: { url?: string; payload?: unknown; raw?: string | Buffer } = {},
  ) {
    const [method, pattern] = row.route.split(" ") as [InjectOptions["method"], string];
    const headers: Record<string, string> = role ? { ...(await sessionOf(role, row.fresh)).headers } : {};
    const raw =
      options.raw ?? (role && row.form && options.payload === undefined ? multipartBody(row.form(role)) : undefined);
    if (raw !== undefined) headers["content-type"] = "multipart/form-data; boundary=sprout";
    const payload =
      raw ?? ("payload" in options ? options.payload : role && row.payloadFor ? row.payloadFor(role) : row.payload);
    return app.inject({
      method,
      url: options.url ?? (role && row.urlFor ? row.urlFor(role) : row.url) ?? pattern,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    });
  }

  const expectStatus = (row: Row, statusCode: number, body: string, who: string) => {
    if (row.status === undefined) {
      expect(statusCode >= 200 && statusCode < 300, `${who} should succeed, got ${statusCode}: ${body}`).toBe(true);
    } else {
      expect(statusCode, `${who}: ${body}`).toBe(row.status);
    }
  };

  /**
   * Roles whose scope is not the whole organisation: a centre, a family, or (the owner, see
   * demoIds) the centres they own. Another centre's record is not theirs.
   */
  const SCOPED: readonly Role[] = ["owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"];

  /** Roles whose scope is a whole organisation (the demo's finance manager has no centre). */
  const ORGANISATION_WIDE: readonly Role[] = ["super_admin", "owner", "financial_manager"];

  /**
   * A row's foreign call with the other organisation's records in place of the other centre's;
   * null when the call names none of them.
   */
  function inOtherOrganisation(row: Row): { url: string; payload: unknown } | null {
    const swaps: [string, string][] = [
      [ids.otherCentre, stranger.centre],
      [ids.otherClassroom, stranger.classroom],
      [ids.otherStudent, stranger.student],
      [ids.otherInvoice, stranger.invoice],
      [ids.otherRequest, stranger.invoiceRequest],
      [ids.otherDocument, stranger.document],
      [ids.otherBudgetLimit, stranger.budgetLimit],
      [ids.otherBudgetRequest, stranger.budgetRequest],
      [ids.otherBudgetQuote, stranger.budgetQuote],
      [ids.otherReceipt, stranger.receipt],
      [ids.otherAssignment, stranger.assignment],
      [ids.otherLessonPlan, stranger.lessonPlan],
      [ids.otherPolicy, stranger.policy],
      [ids.otherEnquiry, stranger.enquiry],
      [ids.otherPortfolioItem, stranger.portfolioItem],
    ];
    const before = JSON.stringify({ url: row.foreign, payload: row.foreignPayload ?? row.payload });
    const after = swaps.reduce((text, [from, to]) => text.replaceAll(from, to), before);
    return after === before ? null : JSON.parse(after);
  }

  /**
   * A row's foreign call with a room of the demo teacher's own centre that she is not assigned to
   * in place of the other centre (its child, classroom and their records); null when the call
   * names no child, classroom or record of one. Teachers read their classrooms only (ADR 0046).
   */
  function inOtherRoom(row: Row): { url: string; payload: unknown; raw?: Buffer } | null {
    if (row.otherRoom)
      return {
        url: row.otherRoom,
        payload: row.otherRoomPayload ?? row.payload,
        ...(row.otherRoomForm ? { raw: multipartBody(row.otherRoomForm) } : {}),
      };
    const records = (from: Record<string, string>, to: Record<string, string>) =>
      Object.keys(from).map((key): [string, string] => [from[key]!, to[key]!]);
    const swaps: [string, string][] = [
      [ids.otherStudent, ids.otherRoomStudent],
      [ids.otherClassroom, ids.otherRoomClassroom],
      [ids.otherIncident, ids.otherRoomIncident],
      [ids.otherStay, ids.otherRoomStay],
      [ids.otherPortfolioItem, ids.otherRoomPortfolioItem],
      [ids.otherAssignment, ids.otherRoomAssignment],
      ...records(ids.childDay.other, ids.childDay.otherRoom),
    ];
    const before = JSON.stringify({ url: row.foreign, payload: row.foreignPayload ?? row.payload });
    const swapped = swaps.reduce((text, [from, to]) => text.replaceAll(from, to), before);
    if (swapped === before) return null;
    // The room is in the teacher's own centre: a centre named beside it is hers.
    return JSON.parse(swapped.replaceAll(ids.otherCentre, ids.homeCentre));
  }

  /** Routes that name a child or a classroom in their path, their query or their body. */
  const CHILD_OR_ROOM = /:(childId|studentId|classroomId)\b/;
  const CHILD_OR_ROOM_FIELD = /"(child_id|child_ids|student_id|classroom_id|class_id)"|[?&](child_id|classroom_id)=/;
  const namesChildOrRoom = (row: Row) =>
    CHILD_OR_ROOM.test(row.route) ||
    CHILD_OR_ROOM_FIELD.test(JSON.stringify([row.url, row.payload, row.form?.("teacher").fields]));

  it("every route a teacher may call that names a child or a classroom has a same-centre other-room call", () => {
    const missing = MATRIX.filter(
      (row) =>
        allowedOf(row) !== "public" && allowedOf(row).includes("teacher") && namesChildOrRoom(row) && !inOtherRoom(row),
    ).map((row) => row.route);
    expect(missing).toEqual([]);
  });

  for (const row of MATRIX) {
    const rule = allowedOf(row);
    const allowed = rule === "public" ? null : rule;
    it(`${row.route}: ${allowed ? "allowed roles succeed, the others get 403, strangers 401" : "answers anyone"}`, async () => {
      if (!allowed) {
        const response = await call(row, null);
        expectStatus(row, response.statusCode, response.body, "an anonymous caller");
        return;
      }
      const anonymous = await call(row, null);
      expect(anonymous.statusCode, "without a session").toBe(401);
      for (const role of ROLES) {
        const response = await call(row, role);
        if (allowed.includes(role)) expectStatus(row, response.statusCode, response.body, role);
        else expect(response.statusCode, `${role} should be refused: ${response.body}`).toBe(403);
      }
    });

    const scoped = allowed?.filter((role) => SCOPED.includes(role)) ?? [];
    if (row.foreign && scoped.length > 0) {
      it(`${row.route}: another centre's (or family's) record is not found`, async () => {
        for (const role of scoped) {
          const payload = row.foreignPayload ?? row.payload;
          const response = await call(row, role, { url: row.foreign, payload });
          expect(response.statusCode, `${role}: ${response.body}`).toBe(404);
          if (role === "parent" && row.family) {
            const family = await call(row, role, { url: row.family, payload });
            expect(family.statusCode, `another family's: ${family.body}`).toBe(404);
          }
        }
      });
    }

    const otherRoom = allowed?.includes("teacher") ? inOtherRoom(row) : null;
    if (otherRoom) {
      it(`${row.route}: another classroom of a teacher's own centre is ${row.wholeCentre ? "hers too" : "not found"}`, async () => {
        const response = await call(row, "teacher", otherRoom);
        if (row.wholeCentre) expectStatus({ ...row, status: undefined }, response.statusCode, response.body, "teacher");
        else expect(response.statusCode, `teacher: ${response.body}`).toBe(404);
      });
    }

    const strangers = row.foreign
      ? inOtherOrganisation(row)
      : row.stranger
        ? { url: row.stranger, payload: row.payload }
        : null;
    const wide = row.stranger ? (allowed ?? []) : (allowed?.filter((role) => ORGANISATION_WIDE.includes(role)) ?? []);
    if (strangers && wide.length > 0) {
      it(`${row.route}: another organisation's record is not found, even by organisation-wide roles`, async () => {
        for (const role of wide) {
          const response = await call(row, role, strangers);
          expect(response.statusCode, `${role}: ${response.body}`).toBe(404);
        }
      });
    }

    it(`${row.route}: NUL characters, impossible dates and malformed bodies answer 400`, async () => {
      const role = allowed ? allowed[0]! : null;
      const url = row.url ?? row.route.split(" ")[1]!;
      const bad = [
        await call(row, role, { url: `${url}${url.includes("?") ? "&" : "?"}q=%00` }),
        row.multipart
          ? await call(row, role, { raw: '--sprout\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF' })
          : await call(row, role, { payload: withNul(row.payload) }),
      ];
      if (row.route.startsWith("GET ")) bad.pop();
      for (const field of dateFields(row.payload)) {
        const response = await call(row, role, { payload: { ...(row.payload as object), [field]: "2026-02-30" } });
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(response.json().details, response.body).toHaveProperty(field);
      }
      for (const response of bad) {
        expect(response.statusCode, response.body).toBe(400);
        expect(Object.keys(response.json()), response.body).toEqual(expect.arrayContaining(["error", "code"]));
      }
    });
  }
});

/** The payload with a NUL inside every string (and one more field holding one). */
function withNul(payload: unknown): unknown {
  if (typeof payload === "string") return `${payload}\u0000`;
  if (Array.isArray(payload)) return payload.map(withNul);
  if (payload && typeof payload === "object")
    return {
      ...Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, withNul(value)])),
      note: "\u0000",
    };
  return { note: "a\u0000b" };
}

/** The payload's top-level fields that hold a calendar date. */
function dateFields(payload: unknown): string[] {
  if (!payload || typeof payload !== "object") return [];
  return Object.entries(payload)
    .filter(([, value]) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))
    .map(([key]) => key);
}
