import { hasAnyFeature, ROLES, type Role } from "@sprout/shared/roles";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { demoIds } from "../test/demo-ids.ts";
import { createTestApp, DEMO_EMAILS, DEMO_PASSWORD, type SignedIn, signIn } from "../test/harness.ts";
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
  /**
   * What an allowed caller (or, for a public route, anyone) gets with this url and payload: any
   * 2xx when not given; rows naming an unknown id state 404, rows sending a refused body 400.
   */
  status?: number;
  /**
   * The same route naming a real record of another centre (for parents, of another family):
   * every allowed role scoped to one centre or one family must get 404.
   */
  foreign?: string;
  /** The body of the foreign call, when the other centre is named in the body. */
  foreignPayload?: unknown;
  /** For parents: the same route naming another family's record of their own centre. */
  family?: string;
  /** The body is multipart (uploads): the bad-input cases send a malformed form. */
  multipart?: boolean;
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
/** Roles that take attendance (issue 11). */
const ATTENDANCE: readonly Role[] = [...CHILDREN, "teacher"];

const { app, database } = await createTestApp();
const ids = await demoIds(database.db);

const MATRIX: Row[] = [
  { route: "GET /api/health", allowed: "public" },
  {
    route: "POST /api/auth/login",
    allowed: "public",
    payload: { email: "teacher@sprout.test", password: DEMO_PASSWORD },
  },
  { route: "POST /api/auth/refresh-token", allowed: "public", payload: { refreshToken: "not-a-token" }, status: 401 },
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
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/pause`,
  },
  {
    route: "PATCH /api/students/:id/resume",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/resume`,
    payload: {},
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/resume`,
  },
  {
    route: "POST /api/students/:id/exit",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/exit`,
    payload: { exit_date: "2026-11-01", exit_reason: "Moved" },
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/exit`,
  },
  {
    route: "POST /api/admin-class/promotion/assign",
    allowed: CHILDREN,
    payload: { student_id: NO_ID, center_id: NO_ID, class_id: NO_ID },
    status: 404,
    foreign: "/api/admin-class/promotion/assign",
    foreignPayload: { student_id: ids.otherStudent, center_id: ids.otherCentre, class_id: ids.otherClassroom },
  },
  {
    route: "POST /api/admin-class/promotion/promote",
    allowed: CHILDREN,
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
    allowed: CHILDREN,
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
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/moves`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/moves`,
  },
  { route: "GET /api/classrooms", allowed: CLASSROOM_VIEW },
  { route: "GET /api/admin/classrooms", allowed: CLASSROOM_VIEW },
  { route: "POST /api/admin/classrooms", allowed: CHILDREN, payload: { name: "" }, status: 400 },
  {
    route: "PUT /api/admin/classrooms/:id",
    allowed: CHILDREN,
    url: `/api/admin/classrooms/${NO_ID}`,
    payload: { name: "Room" },
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}`,
  },
  {
    route: "DELETE /api/admin/classrooms/:id",
    allowed: CHILDREN,
    url: `/api/admin/classrooms/${NO_ID}`,
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}`,
  },
  // Classroom staff, the classroom roll and child corrections (issue 9).
  {
    route: "GET /api/classrooms/:id/children",
    allowed: CLASSROOM_VIEW,
    url: `/api/classrooms/${NO_ID}/children`,
    status: 404,
    foreign: `/api/classrooms/${ids.otherClassroom}/children`,
  },
  {
    route: "GET /api/admin/classrooms/:id/assignable-staff",
    allowed: CHILDREN,
    url: `/api/admin/classrooms/${NO_ID}/assignable-staff`,
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}/assignable-staff`,
  },
  {
    route: "PUT /api/admin/classrooms/:id/staff",
    allowed: CHILDREN,
    url: `/api/admin/classrooms/${NO_ID}/staff`,
    payload: { lead_id: null, assistant_ids: [] },
    status: 404,
    foreign: `/api/admin/classrooms/${ids.otherClassroom}/staff`,
  },
  {
    route: "GET /api/students/:id/details",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/details`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/details`,
  },
  {
    route: "PUT /api/students/:id",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}`,
    payload: { first_name: "Asha" },
    status: 404,
    foreign: `/api/students/${ids.otherStudent}`,
  },
  {
    route: "GET /api/students/:id/history",
    allowed: CHILDREN,
    url: `/api/students/${NO_ID}/history`,
    status: 404,
    foreign: `/api/students/${ids.otherStudent}/history`,
  },
  { route: "GET /api/centers", allowed: ALL.filter((role) => role !== "parent") },
  { route: "POST /api/centers", allowed: ["super_admin"], payload: { center_name: "" }, status: 400 },
  {
    route: "PUT /api/centers/:id",
    allowed: ["super_admin"],
    url: `/api/centers/${NO_ID}`,
    payload: { center_name: "X", address: "Y", city: "Z" },
    status: 404,
  },
  { route: "GET /api/documents", allowed: ALL },
  { route: "POST /api/documents/upload", allowed: UPLOADERS, status: 400, multipart: true },
  {
    route: "GET /api/documents/:id/file",
    allowed: ALL,
    url: `/api/documents/${NO_ID}/file`,
    status: 404,
    foreign: `/api/documents/${ids.otherDocument}/file`,
  },
  {
    route: "DELETE /api/documents/:id",
    allowed: UPLOADERS,
    url: `/api/documents/${NO_ID}`,
    status: 404,
    foreign: `/api/documents/${ids.otherDocument}`,
  },
  // Enquiries, admissions and application settings (issue 5).
  { route: "GET /api/enquiries", allowed: ENQUIRIES },
  { route: "GET /api/enquiries/check-company", allowed: ENQUIRIES, url: "/api/enquiries/check-company?name=Infosys" },
  { route: "POST /api/enquiries", allowed: ENQUIRIES, payload: { child_name: "" }, status: 400 },
  {
    route: "PUT /api/enquiries/:id",
    allowed: ENQUIRIES,
    url: `/api/enquiries/${UNKNOWN_ENQUIRY}`,
    payload: { child_name: "" },
    status: 400,
  },
  {
    route: "POST /api/admissions/convert/:enquiryId",
    allowed: ENQUIRIES,
    url: `/api/admissions/convert/${UNKNOWN_ENQUIRY}`,
    payload: {},
    status: 400,
  },
  { route: "GET /api/settings/programs", allowed: ENQUIRIES },
  {
    route: "POST /api/settings/programs",
    allowed: ["super_admin", "owner", "center_director", "admin"],
    payload: { majorProgram: "", specificProgram: "" },
    status: 400,
  },
  { route: "GET /api/settings/companies", allowed: ENQUIRIES },
  { route: "POST /api/settings/companies", allowed: ["super_admin"], payload: { companyName: "" }, status: 400 },
  // Account security: password reset, two-factor, users and staff (issue 3).
  { route: "POST /api/auth/forgot-password", allowed: "public", payload: { email: "nobody@sprout.test" } },
  { route: "POST /api/auth/verify-reset-code", allowed: "public", status: 400 },
  { route: "POST /api/auth/reset-password", allowed: "public", status: 400 },
  { route: "GET /api/auth/reset-status/:id", allowed: "public", url: `/api/auth/reset-status/${NO_ID}`, status: 404 },
  { route: "GET /api/auth/test-email", allowed: "public", status: 400 },
  { route: "POST /api/auth/2fa/verify", allowed: "public", status: 400 },
  { route: "GET /api/auth/2fa/setup", allowed: ALL },
  { route: "POST /api/auth/2fa/verify-setup", allowed: ALL, payload: { token: "000000" }, status: 400 },
  { route: "GET /api/auth/2fa/status", allowed: ALL },
  { route: "POST /api/auth/2fa/disable", allowed: ALL, payload: { password: "not-the-password" }, status: 400 },
  {
    route: "POST /api/auth/2fa/regenerate-backup-codes",
    allowed: ALL,
    payload: { password: "not-the-password" },
    status: 400,
  },
  { route: "GET /api/owners/roles", allowed: ["super_admin"] },
  { route: "GET /api/owners/centers", allowed: ["super_admin"] },
  { route: "GET /api/owners", allowed: ["super_admin"] },
  { route: "POST /api/owners", allowed: ["super_admin"], payload: { fullName: "" }, status: 400 },
  {
    route: "PUT /api/owners/:id",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}`,
    payload: { fullName: "Nobody Here", email: "nobody@sprout.test", role: "teacher" },
    status: 404,
  },
  {
    route: "PUT /api/owners/:id/toggle-status",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}/toggle-status`,
    payload: {},
    status: 404,
  },
  {
    route: "PUT /api/owners/:id/reset-password",
    allowed: ["super_admin"],
    url: `/api/owners/${NO_ID}/reset-password`,
    payload: {},
    status: 404,
  },
  { route: "GET /api/staff", allowed: ["super_admin", "owner", "center_director"] },
  {
    route: "GET /api/staff/center/:centerId",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/center/${NO_ID}`,
    status: 404,
    foreign: `/api/staff/center/${ids.otherCentre}`,
  },
  {
    route: "POST /api/staff",
    allowed: ["super_admin", "owner", "center_director"],
    payload: { first_name: "" },
    status: 400,
  },
  {
    route: "PUT /api/staff/:id",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/${NO_ID}`,
    payload: { first_name: "" },
    status: 400,
  },
  {
    route: "POST /api/staff/:id/exit",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/${NO_ID}/exit`,
    payload: { exit_date: "2026-01-01", exit_reason: "Moved" },
    status: 404,
  },
  {
    route: "GET /api/staff/:id/classrooms",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/${NO_ID}/classrooms`,
    status: 404,
  },
  {
    route: "PUT /api/staff/:id/classrooms",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/staff/${NO_ID}/classrooms`,
    payload: { assignments: [] },
    status: 404,
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
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}`,
    family: `/api/invoices/${ids.otherFamilyInvoice}`,
  },
  {
    route: "GET /api/invoices/generate-pdf/:id",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"],
    url: `/api/invoices/generate-pdf/${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/generate-pdf/${ids.otherInvoice}`,
    family: `/api/invoices/generate-pdf/${ids.otherFamilyInvoice}`,
  },
  {
    route: "POST /api/invoices/generate-monthly",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    payload: { center_id: NO_ID },
    status: 404,
    foreign: "/api/invoices/generate-monthly",
    foreignPayload: { center_id: ids.otherCentre },
  },
  {
    route: "POST /api/invoices/:id/payments",
    allowed: ["super_admin", "owner", "financial_manager"],
    url: `/api/invoices/${NO_ID}/payments`,
    payload: { amount: 1, paid_on: "2026-11-20", mode: "cash" },
    status: 404,
  },
  {
    route: "POST /api/invoices/:id/cancel",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/${NO_ID}/cancel`,
    payload: { reason: "x" },
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/cancel`,
  },
  {
    route: "GET /api/invoices/requests",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
  },
  {
    route: "POST /api/invoices/requests",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    payload: {},
    status: 400,
  },
  {
    route: "POST /api/invoices/requests/:id/approve",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/requests/${NO_ID}/approve`,
    status: 404,
    foreign: `/api/invoices/requests/${ids.otherRequest}/approve`,
  },
  {
    route: "POST /api/invoices/requests/:id/reject",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/requests/${NO_ID}/reject`,
    payload: { reason: "x" },
    status: 404,
    foreign: `/api/invoices/requests/${ids.otherRequest}/reject`,
  },
  {
    route: "GET /api/fee-structures",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
  },
  { route: "POST /api/fee-structures", allowed: ["super_admin", "owner"], payload: {}, status: 400 },
  {
    route: "PUT /api/fee-structures/:id",
    allowed: ["super_admin", "owner"],
    url: `/api/fee-structures/${NO_ID}`,
    payload: {},
    status: 400,
  },
  { route: "GET /api/exits", allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"] },
  // The parent portal: a parent's own children (issue 5, item 4).
  { route: "GET /api/parents/my-children", allowed: ["parent"] },
  // Link requests: an admission named an existing parent's e-mail (issue 20, point 6).
  { route: "GET /api/parents/link-requests", allowed: ["parent"] },
  {
    route: "POST /api/parents/link-requests/:id/accept",
    allowed: ["parent"],
    url: `/api/parents/link-requests/${NO_ID}/accept`,
    status: 404,
  },
  {
    route: "POST /api/parents/link-requests/:id/decline",
    allowed: ["parent"],
    url: `/api/parents/link-requests/${NO_ID}/decline`,
    status: 404,
  },
  // Emergency alerts and incident management (issue 10). Unknown ids answer 404 to allowed roles.
  {
    route: "POST /api/center-director/emergency/alert",
    allowed: ["owner", "center_director"],
    payload: { alert_type: "fire", message: "" },
    status: 400,
  },
  { route: "GET /api/emergency/active", allowed: ALL },
  { route: "GET /api/emergency/alerts", allowed: ["owner", "center_director"] },
  {
    route: "GET /api/emergency/areas",
    allowed: ["owner", "center_director"],
    url: `/api/emergency/areas?center_id=${ids.homeCentre}`,
    foreign: `/api/emergency/areas?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/emergency/alerts/:id/acknowledge",
    allowed: ALL.filter((role) => role !== "parent"),
    url: `/api/emergency/alerts/${NO_ID}/acknowledge`,
    status: 404,
  },
  {
    route: "POST /api/emergency/alerts/:id/resolve",
    allowed: ["owner", "center_director"],
    url: `/api/emergency/alerts/${NO_ID}/resolve`,
    payload: { resolution_notes: "x" },
    status: 404,
  },
  {
    route: "GET /api/incidents",
    allowed: ["owner", "center_director", "teacher"],
    foreign: `/api/incidents?center_id=${ids.otherCentre}`,
  },
  { route: "GET /api/incidents/counts", allowed: ["owner", "center_director"] },
  { route: "GET /api/incidents/children", allowed: ["owner", "center_director", "teacher"] },
  {
    route: "POST /api/incidents",
    allowed: ["owner", "center_director", "teacher"],
    payload: { child_ids: [] },
    status: 400,
  },
  {
    route: "GET /api/incidents/:id",
    allowed: ["owner", "center_director", "teacher"],
    url: `/api/incidents/${NO_ID}`,
    status: 404,
  },
  {
    route: "PUT /api/incidents/:id",
    allowed: ["owner", "center_director"],
    url: `/api/incidents/${NO_ID}`,
    payload: { child_ids: [] },
    status: 400,
  },
  {
    route: "POST /api/incidents/:id/resolve",
    allowed: ["owner", "center_director"],
    url: `/api/incidents/${NO_ID}/resolve`,
    payload: { resolution_notes: "x" },
    status: 404,
  },
  {
    route: "POST /api/incidents/:id/notify-parents",
    allowed: ["owner", "center_director"],
    url: `/api/incidents/${NO_ID}/notify-parents`,
    status: 404,
  },
  {
    route: "POST /api/incidents/:id/photos",
    allowed: ["owner", "center_director", "teacher"],
    url: `/api/incidents/${NO_ID}/photos`,
    status: 400,
    multipart: true,
  },
  {
    route: "GET /api/incidents/:id/photos/:photoId",
    allowed: ["owner", "center_director", "teacher", "parent"],
    url: `/api/incidents/${NO_ID}/photos/${NO_ID}`,
    status: 404,
  },
  { route: "GET /api/parents/incidents", allowed: ["parent"] },
  {
    route: "POST /api/parents/incidents/:id/acknowledge",
    allowed: ["parent"],
    url: `/api/parents/incidents/${NO_ID}/acknowledge`,
    status: 404,
  },
  // Attendance (issue 11). Centre-wide views name the home centre; unknown ids answer 404.
  {
    route: "GET /api/attendance/rooms",
    allowed: ATTENDANCE,
    url: `/api/attendance/rooms?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/rooms?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/attendance/roster",
    allowed: ATTENDANCE,
    url: `/api/attendance/roster?classroom_id=${NO_ID}`,
    status: 404,
    foreign: `/api/attendance/roster?classroom_id=${ids.otherClassroom}`,
  },
  {
    route: "POST /api/attendance/check-in",
    allowed: ATTENDANCE,
    payload: { student_id: NO_ID },
    status: 404,
    foreign: "/api/attendance/check-in",
    foreignPayload: { student_id: ids.otherStudent },
  },
  {
    route: "POST /api/attendance/check-out",
    allowed: ATTENDANCE,
    payload: { student_id: NO_ID, pickup_person_id: NO_ID },
    status: 404,
    foreign: "/api/attendance/check-out",
    foreignPayload: { student_id: ids.otherStudent, pickup_person_id: NO_ID },
  },
  {
    route: "POST /api/attendance/absent",
    allowed: ATTENDANCE,
    payload: { student_id: NO_ID, reason: "sick" },
    status: 404,
    foreign: "/api/attendance/absent",
    foreignPayload: { student_id: ids.otherStudent, reason: "sick" },
  },
  {
    route: "POST /api/attendance/undo",
    allowed: ATTENDANCE,
    payload: { student_id: NO_ID, action: "check_in" },
    status: 404,
    foreign: "/api/attendance/undo",
    foreignPayload: { student_id: ids.otherStudent, action: "check_in" },
  },
  {
    route: "PUT /api/attendance/stays/:id",
    allowed: ATTENDANCE,
    url: `/api/attendance/stays/${NO_ID}`,
    payload: { check_in_at: "2026-11-20T04:00:00.000Z", check_out_at: null, reason: "Tapped late" },
    status: 404,
  },
  {
    route: "GET /api/attendance/children/:studentId/pickup-people",
    allowed: [...ATTENDANCE, "parent"],
    url: `/api/attendance/children/${NO_ID}/pickup-people`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people`,
  },
  {
    route: "POST /api/attendance/children/:studentId/pickup-people",
    allowed: [...CHILDREN, "parent"],
    url: `/api/attendance/children/${NO_ID}/pickup-people`,
    payload: { name: "Meera Kapoor", relation: "Aunt", phone: "+91 98450 12345" },
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people`,
  },
  {
    route: "DELETE /api/attendance/children/:studentId/pickup-people/:id",
    allowed: [...CHILDREN, "parent"],
    url: `/api/attendance/children/${NO_ID}/pickup-people/${NO_ID}`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people/${NO_ID}`,
  },
  {
    route: "GET /api/attendance/ratio-settings",
    allowed: ATTENDANCE,
    url: `/api/attendance/ratio-settings?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/ratio-settings?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/attendance/ratio-settings",
    allowed: CHILDREN,
    payload: { center_id: ids.homeCentre, children_per_staff: { under_3: 10, three_to_six: 20 }, classroom_bands: [] },
    foreign: "/api/attendance/ratio-settings",
    foreignPayload: {
      center_id: ids.otherCentre,
      children_per_staff: { under_3: 10, three_to_six: 20 },
      classroom_bands: [],
    },
  },
  {
    route: "GET /api/attendance/staff",
    allowed: ATTENDANCE,
    url: `/api/attendance/staff?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/staff?center_id=${ids.otherCentre}`,
  },
  { route: "POST /api/attendance/clock-in", allowed: ["center_director", "admin", "academic_coordinator", "teacher"] },
  { route: "POST /api/attendance/clock-out", allowed: ["center_director", "admin", "academic_coordinator", "teacher"] },
  {
    route: "GET /api/attendance/headcount",
    allowed: ATTENDANCE,
    url: `/api/attendance/headcount?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/headcount?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/attendance/headcount/mark",
    allowed: ATTENDANCE,
    payload: { student_id: NO_ID, accounted: true },
    status: 404,
    foreign: "/api/attendance/headcount/mark",
    foreignPayload: { student_id: ids.otherStudent, accounted: true },
  },
  { route: "GET /api/parents/attendance/today", allowed: ["parent"] },
  {
    route: "POST /api/parents/absence-notices",
    allowed: ["parent"],
    payload: { student_id: NO_ID, start_date: "2030-01-01", end_date: "2030-01-02", reason: "sick" },
    status: 404,
    foreign: "/api/parents/absence-notices",
    foreignPayload: { student_id: ids.otherStudent, start_date: "2030-01-01", end_date: "2030-01-02", reason: "sick" },
  },
  {
    route: "DELETE /api/parents/absence-notices/:id",
    allowed: ["parent"],
    url: `/api/parents/absence-notices/${NO_ID}`,
    status: 404,
  },
  { route: "PUT /api/attendance/pin", allowed: ALL, payload: { pin: "2468" } },
  {
    route: "GET /api/attendance/kiosk/search",
    allowed: ["super_admin", "owner", "center_director"],
    url: `/api/attendance/kiosk/search?q=Aa&center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/kiosk/search?q=Aa&center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/attendance/kiosk/child",
    allowed: ["super_admin", "owner", "center_director"],
    payload: { student_id: NO_ID, pin: "2468", action: "check_in" },
    status: 404,
    foreign: "/api/attendance/kiosk/child",
    foreignPayload: { student_id: ids.otherStudent, pin: "2468", action: "check_in" },
  },
  {
    route: "POST /api/attendance/kiosk/staff",
    allowed: ["super_admin", "owner", "center_director"],
    payload: { user_id: NO_ID, pin: "2468" },
    status: 404,
  },
  {
    route: "POST /api/attendance/kiosk/unlock",
    allowed: ["super_admin", "owner", "center_director"],
    payload: { password: "not-the-password" },
    status: 400,
  },
  {
    route: "GET /api/attendance/reports",
    allowed: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    url: `/api/attendance/reports?kind=daily&center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/reports?kind=daily&center_id=${ids.otherCentre}`,
  },
  // The child's day (issue 13): teachers record for their classrooms, staff read, parents read their own.
  {
    route: "GET /api/daily-activities/:childId",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/daily-activities/${NO_ID}`,
    status: 404,
    foreign: `/api/daily-activities/${ids.otherStudent}`,
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
      allowed: ["teacher"],
      payload: { child_id: NO_ID, ...fields },
      status: 404,
      foreign: route.slice(5),
      foreignPayload: { child_id: ids.otherStudent, ...fields },
    }),
  ),
  {
    route: "POST /api/daily-activities/food/batch",
    allowed: ["teacher"],
    payload: { date: "2026-01-05", meal_type: "lunch", entries: [{ child_id: NO_ID, food_consumed: 100 }] },
    status: 404,
    foreign: "/api/daily-activities/food/batch",
    foreignPayload: {
      date: "2026-01-05",
      meal_type: "lunch",
      entries: [{ child_id: ids.otherStudent, food_consumed: 100 }],
    },
  },
  {
    route: "POST /api/daily-activities/sleep/:id/wake",
    allowed: ["teacher"],
    url: `/api/daily-activities/sleep/${NO_ID}/wake`,
    payload: { end_time: "14:00" },
    status: 404,
  },
  {
    route: "DELETE /api/daily-activities/:kind/:id",
    allowed: ["teacher"],
    url: `/api/daily-activities/food/${NO_ID}`,
    status: 404,
  },
  {
    route: "GET /api/daily-activities/classroom/:classroomId",
    allowed: CLASSROOM_VIEW,
    url: `/api/daily-activities/classroom/${NO_ID}`,
    status: 404,
    foreign: `/api/daily-activities/classroom/${ids.otherClassroom}`,
  },
  { route: "GET /api/daily-activities/my-classrooms", allowed: ["teacher"] },
  {
    route: "GET /api/parents/child-day/:childId",
    allowed: ["parent"],
    url: `/api/parents/child-day/${NO_ID}`,
    status: 404,
    foreign: `/api/parents/child-day/${ids.otherStudent}`,
  },
  {
    route: "GET /api/stars/:childId",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/stars/${NO_ID}`,
    status: 404,
    foreign: `/api/stars/${ids.otherStudent}`,
  },
  { route: "GET /api/observation-logs", allowed: [...CLASSROOM_VIEW, "parent"] },
  {
    route: "POST /api/observation-logs",
    allowed: ["academic_coordinator", "teacher"],
    status: 400,
    multipart: true,
  },
  {
    route: "PUT /api/observation-logs/:id",
    allowed: ["academic_coordinator", "teacher"],
    url: `/api/observation-logs/${NO_ID}`,
    status: 400,
    multipart: true,
  },
  {
    route: "DELETE /api/observation-logs/:id",
    allowed: ["academic_coordinator", "teacher"],
    url: `/api/observation-logs/${NO_ID}`,
    status: 404,
  },
  {
    route: "GET /api/observation-logs/:id/attachments/:attachmentId",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/observation-logs/${NO_ID}/attachments/${NO_ID}`,
    status: 404,
  },
  // Communication (issue 14): announcements, messages, parent feedback. Unknown ids answer 404.
  {
    route: "GET /api/classroom-announcements/:classroomId",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/classroom-announcements/${NO_ID}`,
    status: 404,
    foreign: `/api/classroom-announcements/${ids.otherClassroom}`,
  },
  {
    route: "POST /api/classroom-announcements",
    allowed: ["teacher"],
    payload: { classroom_id: NO_ID, title: "Trip", message: "Bring a hat" },
    status: 404,
    foreign: "/api/classroom-announcements",
    foreignPayload: { classroom_id: ids.otherClassroom, title: "Trip", message: "Bring a hat" },
  },
  {
    route: "POST /api/classroom-announcements/:id/read",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/classroom-announcements/${NO_ID}/read`,
    status: 404,
  },
  { route: "GET /api/communication/unread", allowed: ALL },
  { route: "GET /api/notifications", allowed: ALL },
  { route: "POST /api/notifications/read", allowed: ALL },
  {
    route: "GET /api/communication/reminder-setting",
    allowed: ["owner", "center_director"],
    url: `/api/communication/reminder-setting?center_id=${ids.homeCentre}`,
    foreign: `/api/communication/reminder-setting?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/communication/reminder-setting",
    allowed: ["owner", "center_director"],
    payload: { center_id: ids.homeCentre, unread_reminder_hours: 24 },
    foreign: "/api/communication/reminder-setting",
    foreignPayload: { center_id: ids.otherCentre, unread_reminder_hours: 24 },
  },
  { route: "GET /api/messaging/threads", allowed: ["owner", "center_director", "teacher", "parent"] },
  {
    route: "POST /api/messaging/threads",
    allowed: ["parent"],
    payload: { child_id: NO_ID, teacher_id: NO_ID },
    status: 404,
    foreign: "/api/messaging/threads",
    foreignPayload: { child_id: ids.otherStudent, teacher_id: NO_ID },
  },
  { route: "GET /api/messaging/contacts", allowed: ["parent"] },
  {
    route: "GET /api/messaging/threads/:id/messages",
    allowed: ["owner", "center_director", "teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/messages`,
    status: 404,
  },
  {
    route: "POST /api/messaging/threads/:id/messages",
    allowed: ["teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/messages`,
    payload: { recipient_id: NO_ID, content: "Hello" },
    status: 404,
  },
  {
    route: "POST /api/messaging/threads/:id/read",
    allowed: ["teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/read`,
    status: 404,
  },
  {
    route: "POST /api/parent-feedback",
    allowed: ["parent"],
    payload: { child_id: NO_ID, category: "food", rating: 4, comment: "Lovely meals" },
    status: 404,
    foreign: "/api/parent-feedback",
    foreignPayload: { child_id: ids.otherStudent, category: "food", rating: 4, comment: "Lovely meals" },
  },
  {
    route: "GET /api/parent-feedback",
    allowed: ["owner", "center_director", "parent"],
    url: `/api/parent-feedback?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/parent-feedback/summary",
    allowed: ["owner", "center_director"],
    url: `/api/parent-feedback/summary?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback/summary?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/parent-feedback/:id/respond",
    allowed: ["owner", "center_director"],
    url: `/api/parent-feedback/${NO_ID}/respond`,
    payload: { response: "Thank you" },
    status: 404,
  },
];

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

  /** Calls a row's route as a role (or anonymously), with a JSON body or a raw multipart one. */
  async function call(row: Row, role: Role | null, options: { url?: string; payload?: unknown; raw?: string } = {}) {
    const [method, pattern] = row.route.split(" ") as [InjectOptions["method"], string];
    const headers: Record<string, string> = role ? { ...(await sessionOf(role, row.fresh)).headers } : {};
    if (options.raw !== undefined) headers["content-type"] = "multipart/form-data; boundary=sprout";
    const payload = options.raw ?? ("payload" in options ? options.payload : row.payload);
    return app.inject({
      method,
      url: options.url ?? row.url ?? pattern,
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

  for (const row of MATRIX) {
    const allowed = row.allowed === "public" ? null : row.allowed;
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
