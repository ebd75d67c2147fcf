import { hasAnyFeature, ROLES, type Role } from "@sprout/shared/roles";
import { describe, expect, it } from "vitest";
import { as, createTestApp, DEMO_EMAILS, type SignedIn, signIn } from "../test/harness.ts";
import type { Access } from "./auth/guard.ts";

/**
 * Every API route, who may call it, and a request that exercises it. This table is the
 * reviewed record of access: adding a route without a row here fails the suite, and so does
 * changing a route's rule without changing its row.
 */
interface Row {
  route: string;
  allowed: "public" | readonly Role[];
  /** The URL to call when the route has parameters. */
  url?: string;
  payload?: unknown;
  /** The call ends the caller's session: sign in afresh for it. */
  fresh?: boolean;
}

const ALL: readonly Role[] = ROLES;
/** Roles with enquiry management, which also read the program and company lists (issue 5). */
const ENQUIRIES: readonly Role[] = ["super_admin", "owner", "center_director", "admin", "academic_coordinator"];
const UNKNOWN_ENQUIRY = "00000000-0000-4000-8000-0000000000e5";
/** Children and classroom management (issue 4). */
const CHILDREN: readonly Role[] = ["super_admin", "owner", "center_director", "admin", "academic_coordinator"];
const CLASSROOM_VIEW: readonly Role[] = [...CHILDREN.slice(0, 5), "teacher"];
const UPLOADERS: readonly Role[] = ["super_admin", "owner", "center_director", "admin"];
const NO_ID = "00000000-0000-4000-8000-000000000000";

const MATRIX: Row[] = [
  { route: "GET /api/health", allowed: "public" },
  { route: "POST /api/auth/login", allowed: "public" },
  { route: "POST /api/auth/refresh-token", allowed: "public" },
  { route: "GET /api/auth/verify", allowed: ALL },
  { route: "POST /api/auth/logout", allowed: ALL, fresh: true },
  { route: "GET /api/analytics/overview", allowed: ALL },
  // Children, classrooms, centres, documents (issue 4). Unknown ids answer 404 to allowed roles.
  { route: "GET /api/admin/children", allowed: CHILDREN },
  {
    route: "GET /api/students",
    allowed: [
      "super_admin",
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
    ],
  },
  { route: "GET /api/students/paused", allowed: CHILDREN },
  {
    route: "PATCH /api/students/:id/pause",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/pause`,
    payload: { pause_start_date: "2030-01-01", pause_end_date: "2030-01-08", reason: "Other" },
  },
  { route: "PATCH /api/students/:id/resume", allowed: CHILDREN, url: `/api/students/${NO_ID}/resume`, payload: {} },
  {
    route: "POST /api/students/:id/exit",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/exit`,
    payload: { exit_date: "2026-11-01", exit_reason: "Moved" },
  },
  {
    route: "POST /api/admin-class/promotion/assign",
    allowed: CHILDREN,
    payload: { student_id: NO_ID, center_id: NO_ID, class_id: NO_ID },
  },
  {
    route: "POST /api/admin-class/promotion/promote",
    allowed: CHILDREN,
    payload: { student_id: NO_ID, center_id: NO_ID, from_class_id: NO_ID, to_class_id: NO_ID },
  },
  {
    route: "POST /api/admin-class/promotion/transfer",
    allowed: CHILDREN,
    payload: { student_id: NO_ID, from_center_id: NO_ID, to_center_id: NO_ID, to_class_id: NO_ID },
  },
  { route: "GET /api/students/:id/moves", allowed: CHILDREN, url: `/api/students/${NO_ID}/moves` },
  { route: "GET /api/classrooms", allowed: CLASSROOM_VIEW },
  { route: "GET /api/admin/classrooms", allowed: CLASSROOM_VIEW },
  { route: "POST /api/admin/classrooms", allowed: CHILDREN, payload: { name: "" } },
  {
    route: "PUT /api/admin/classrooms/:id",
    allowed: CHILDREN,
    url: `/api/admin/classrooms/${NO_ID}`,
    payload: { name: "Room" },
  },
  { route: "DELETE /api/admin/classrooms/:id", allowed: CHILDREN, url: `/api/admin/classrooms/${NO_ID}` },
  { route: "GET /api/centers", allowed: ALL.filter((role) => role !== "parent") },
  { route: "POST /api/centers", allowed: ["super_admin"], payload: { center_name: "" } },
  {
    route: "PUT /api/centers/:id",
    allowed: ["super_admin"],
    url: `/api/centers/${NO_ID}`,
    payload: { center_name: "X", address: "Y", city: "Z" },
  },
  { route: "GET /api/documents", allowed: ALL },
  { route: "POST /api/documents/upload", allowed: UPLOADERS },
  { route: "GET /api/documents/:id/file", allowed: ALL, url: `/api/documents/${NO_ID}/file` },
  { route: "DELETE /api/documents/:id", allowed: UPLOADERS, url: `/api/documents/${NO_ID}` },
  // Enquiries, admissions and application settings (issue 5).
  { route: "GET /api/enquiries", allowed: ENQUIRIES },
  { route: "GET /api/enquiries/check-company", allowed: ENQUIRIES, url: "/api/enquiries/check-company?name=Infosys" },
  { route: "POST /api/enquiries", allowed: ENQUIRIES, payload: { child_name: "" } },
  {
    route: "PUT /api/enquiries/:id",
    allowed: ENQUIRIES,
    url: `/api/enquiries/${UNKNOWN_ENQUIRY}`,
    payload: { child_name: "" },
  },
  {
    route: "POST /api/admissions/convert/:enquiryId",
    allowed: ENQUIRIES,
    url: `/api/admissions/convert/${UNKNOWN_ENQUIRY}`,
    payload: {},
  },
  { route: "GET /api/settings/programs", allowed: ENQUIRIES },
  {
    route: "POST /api/settings/programs",
    allowed: ["super_admin", "owner", "center_director", "admin"],
    payload: { majorProgram: "", specificProgram: "" },
  },
  { route: "GET /api/settings/companies", allowed: ENQUIRIES },
  { route: "POST /api/settings/companies", allowed: ["super_admin"], payload: { companyName: "" } },
  // Account security: password reset, two-factor, users and staff (issue 3).
  { route: "POST /api/auth/forgot-password", allowed: "public" },
  { route: "POST /api/auth/verify-reset-code", allowed: "public" },
  { route: "POST /api/auth/reset-password", allowed: "public" },
  { route: "GET /api/auth/reset-status/:id", allowed: "public" },
  { route: "GET /api/auth/test-email", allowed: "public" },
  { route: "POST /api/auth/2fa/verify", allowed: "public" },
  { route: "GET /api/auth/2fa/setup", allowed: ALL },
  { route: "POST /api/auth/2fa/verify-setup", allowed: ALL, payload: { token: "000000" } },
  { route: "GET /api/auth/2fa/status", allowed: ALL },
  { route: "POST /api/auth/2fa/disable", allowed: ALL, payload: { password: "not-the-password" } },
  { route: "POST /api/auth/2fa/regenerate-backup-codes", allowed: ALL, payload: { password: "not-the-password" } },
  { route: "GET /api/owners/roles", allowed: ["super_admin"] },
  { route: "GET /api/owners/centers", allowed: ["super_admin"] },
  { route: "GET /api/owners", allowed: ["super_admin"] },
  { route: "POST /api/owners", allowed: ["super_admin"], payload: { fullName: "" } },
  {
    route: "PUT /api/owners/:id",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}`,
    payload: { fullName: "Nobody Here", email: "nobody@sprout.test", role: "teacher" },
  },
  {
    route: "PUT /api/owners/:id/toggle-status",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}/toggle-status`,
    payload: {},
  },
  {
    route: "PUT /api/owners/:id/reset-password",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}/reset-password`,
    payload: {},
  },
  { route: "GET /api/staff", allowed: ["super_admin", "owner", "center_director"] },
  {
    route: "GET /api/staff/center/:centerId",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/center/${NO_ID}`,
  },
  { route: "POST /api/staff", allowed: ["super_admin", "owner", "center_director"], payload: { first_name: "" } },
  {
    route: "PUT /api/staff/:id",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/${NO_ID}`,
    payload: { first_name: "" },
  },
  // Billing, fee structures and exit records (issue 6). Unknown ids answer 404 to allowed roles.
  {
    route: "GET /api/invoices",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"],
  },
  {
    route: "GET /api/invoices/:id",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"],
    url: `/api/invoices/${NO_ID}`,
  },
  {
    route: "GET /api/invoices/generate-pdf/:id",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"],
    url: `/api/invoices/generate-pdf/${NO_ID}`,
  },
  {
    route: "POST /api/invoices/generate-monthly",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    payload: { center_id: NO_ID },
  },
  {
    route: "POST /api/invoices/:id/payments",
    allowed: ["super_admin", "owner", "financial_manager"],
    url: `/api/invoices/${NO_ID}/payments`,
    payload: { amount: 1, paid_on: "2026-11-20", mode: "cash" },
  },
  {
    route: "POST /api/invoices/:id/cancel",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/${NO_ID}/cancel`,
    payload: { reason: "x" },
  },
  {
    route: "GET /api/invoices/requests",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
  },
  {
    route: "POST /api/invoices/requests",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    payload: {},
  },
  {
    route: "POST /api/invoices/requests/:id/approve",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/requests/${NO_ID}/approve`,
  },
  {
    route: "POST /api/invoices/requests/:id/reject",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/requests/${NO_ID}/reject`,
    payload: { reason: "x" },
  },
  {
    route: "GET /api/fee-structures",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
  },
  { route: "POST /api/fee-structures", allowed: ["super_admin", "owner"], payload: {} },
  {
    route: "PUT /api/fee-structures/:id",
    allowed: ["super_admin", "owner"],
    url: `/api/fee-structures/${NO_ID}`,
    payload: {},
  },
  { route: "GET /api/exits", allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"] },
  // The parent portal: a parent's own children (issue 5, item 4).
  { route: "GET /api/parents/my-children", allowed: ["parent"] },
];

const { app } = await createTestApp();

function rolesOf(access: Access): "public" | Role[] {
  if ("public" in access) return "public";
  if ("signedIn" in access) return [...ROLES];
  if ("roles" in access) return ROLES.filter((role) => access.roles.includes(role));
  return ROLES.filter((role) => hasAnyFeature(role, access.features));
}

describe("permission matrix", () => {
  it("lists every registered route, with the roles its rule allows", () => {
    const registered = Object.fromEntries(
      app.routeAccess.map((route) => [`${route.method} ${route.url}`, rolesOf(route.access)]),
    );
    const table = Object.fromEntries(
      MATRIX.map((row) => [row.route, row.allowed === "public" ? "public" : [...row.allowed]]),
    );
    expect(table).toEqual(registered);
  });

  const sessions = new Map<Role, SignedIn>();
  const sessionOf = async (role: Role, fresh?: boolean) => {
    if (fresh) return signIn(app, DEMO_EMAILS[role]);
    if (!sessions.has(role)) sessions.set(role, await signIn(app, DEMO_EMAILS[role]));
    return sessions.get(role)!;
  };

  for (const row of MATRIX.filter((entry) => entry.allowed !== "public")) {
    it(`${row.route}: allowed roles get through, the others get 403, strangers 401`, async () => {
      const [method, pattern] = row.route.split(" ") as [string, string];
      const url = row.url ?? pattern;
      const anonymous = await app.inject({ method: method as "GET", url });
      expect(anonymous.statusCode, "without a session").toBe(401);
      for (const role of ROLES) {
        const client = as(app, await sessionOf(role, row.fresh)) as unknown as Record<
          string,
          (url: string, payload?: unknown) => Promise<{ statusCode: number; body: string }>
        >;
        const response = await client[method.toLowerCase()]!(url, row.payload);
        if ((row.allowed as readonly Role[]).includes(role)) {
          expect([401, 403], `${role} should be allowed: ${response.body}`).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, `${role} should be refused`).toBe(403);
        }
      }
    });
  }
});
