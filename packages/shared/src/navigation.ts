import { type Action, may } from "./access.ts";
import type { Role } from "./roles.ts";

/**
 * The side navigation: a page shows for a role when the role may take one of the page's actions
 * in the one access table, so the menu and the server cannot disagree.
 */
export interface NavigationEntry {
  label: string;
  path: string;
  /** The entry shows when the role may take any of these: the page's own calls, so the menu never opens a page the server refuses. */
  actions: readonly Action[];
  /**
   * False while the area behind the entry has not been built: such entries stay hidden rather
   * than lead to a "coming soon" page.
   */
  ready: boolean;
  /**
   * When given, only these roles see the entry, though others may take its actions: the page is
   * not theirs in the menu (a director's centre dashboard is her home; leaders read announcements
   * in Parent Communication).
   */
  roles?: readonly Role[];
}

export const NAVIGATION: readonly NavigationEntry[] = [
  { label: "Dashboard", path: "/dashboard", actions: ["dashboard.read"], ready: true },
  { label: "User Management", path: "/users", actions: ["users.manage"], ready: true },
  // Issue 17: owners and super admins open a centre's director dashboard (the director's is their home).
  {
    label: "Center Dashboard",
    path: "/center-director",
    actions: ["centreDashboard.read"],
    ready: true,
    roles: ["owner", "super_admin"],
  },
  { label: "Children", path: "/children", actions: ["children.manage"], ready: true },
  {
    label: "Classrooms",
    path: "/classrooms",
    actions: ["classrooms.read"],
    ready: true,
  },
  { label: "Staff Management", path: "/staff", actions: ["staff.manage"], ready: true },
  {
    label: "Budget & Finance",
    path: "/budget",
    actions: ["budgetRequests.read"],
    ready: true,
  },
  { label: "Attendance", path: "/attendance", actions: ["attendance.take"], ready: true },
  { label: "Enquiries", path: "/enquiries", actions: ["enquiries.manage"], ready: true },
  {
    label: "Billing",
    path: "/billing",
    // Parents reach their own children's invoices here until the parent portal has its Billing tile.
    actions: ["invoices.read"],
    ready: true,
  },
  {
    label: "Parent Communication",
    path: "/parent-communication",
    actions: ["notices.send", "feedback.respond"],
    ready: true,
  },
  // Teachers and parents (issue 14); leadership reads conversations in Parent Communication.
  {
    label: "Announcements",
    path: "/classroom-announcements",
    actions: ["announcements.post", "announcements.read"],
    ready: true,
    roles: ["teacher", "parent"],
  },
  { label: "Messages", path: "/messaging", actions: ["messages.send"], ready: true },
  // Notices the communication desk sends to families (issue 14); the desk sends them in Parent Communication.
  { label: "Notices", path: "/notices", actions: ["notices.read"], ready: true },
  {
    label: "Incident Management",
    path: "/incidents",
    // Teachers report incidents and parents read reports about their children here (issue 10).
    actions: ["incidents.report", "incidents.readOwn"],
    ready: true,
  },
  // The child's day (issue 13): teachers record; parents read observations here and the rest on their home.
  { label: "Daily Activities", path: "/daily-activities", actions: ["childDay.record"], ready: true },
  {
    label: "Observation Logs",
    path: "/observation-logs",
    actions: ["observations.read"],
    ready: true,
  },
  // Lesson plans (issue 16): parents read today's plan on their home's Play and Learn tile.
  {
    label: "Lesson Plans",
    path: "/lesson-plans",
    actions: ["lessonPlans.edit", "lessonPlans.checkOff", "classrooms.read"],
    ready: true,
  },
  {
    label: "Assignments",
    path: "/assignments",
    actions: ["assignments.read"],
    ready: true,
  },
  // Digital portfolio (issue 15): teachers add photos, parents read their child's, leaders see the centre.
  {
    label: "Digital Portfolio",
    path: "/digital-portfolio",
    actions: ["portfolio.read"],
    ready: true,
  },
  {
    label: "Portfolio Dashboard",
    path: "/admin/portfolios",
    actions: ["portfolio.readCentre"],
    ready: true,
  },
  // Owners and directors publish; everyone at a centre may be in a policy's audience (issue 16).
  {
    label: "Policies",
    path: "/policies",
    actions: ["policies.read"],
    ready: true,
  },
  {
    label: "Reports & Analytics",
    path: "/reports",
    actions: ["reports.read"],
    ready: true,
  },
  { label: "Documents", path: "/documents", actions: ["documents.read"], ready: true },
  // Issue 19: families answer consents and see who viewed their child; leaders read the access log and the notice.
  {
    label: "Privacy",
    path: "/privacy",
    actions: ["privacy.consent", "privacy.readAccessLog"],
    ready: true,
  },
  // Children's data rights (issue 19): parents download and ask; the desk answers within 30 days.
  { label: "My Data", path: "/my-data", actions: ["dataRequests.make"], ready: true },
  {
    label: "Data Requests",
    path: "/data-requests",
    actions: ["dataRequests.answer"],
    ready: true,
  },
  {
    label: "Settings",
    path: "/settings",
    actions: ["settings.addProgram", "settings.addCompany", "fees.edit", "centres.manage"],
    ready: true,
  },
];

export function navigationFor(role: Role): NavigationEntry[] {
  return NAVIGATION.filter(
    (entry) =>
      entry.ready && entry.actions.some((action) => may(role, action)) && (!entry.roles || entry.roles.includes(role)),
  );
}

/** A page exists for this role: links elsewhere (dashboard shortcuts) go only where it does. */
export function canOpen(role: Role, path: string): boolean {
  // A link may carry a filter ("/billing?status=Pending"); the page is what must be open to the role.
  const page = path.split("?")[0];
  return navigationFor(role).some((entry) => entry.path === page);
}
