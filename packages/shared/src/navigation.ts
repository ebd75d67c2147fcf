import { type Action, may } from "./access.ts";
import type { MessageId } from "./i18n/catalogues.ts";
import type { Role } from "./roles.ts";

/**
 * The side navigation: a page shows for a role when the role may take one of the page's actions
 * in the one access table, so the menu and the server cannot disagree.
 */
export interface NavigationEntry {
  /** The entry's words, from the message catalogues (English: `messages/en.json`). */
  label: MessageId;
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
  { label: "nav.dashboard", path: "/dashboard", actions: ["dashboard.read"], ready: true },
  { label: "nav.users", path: "/users", actions: ["users.manage"], ready: true },
  // Issue 17: owners and super admins open a centre's director dashboard (the director's is their home).
  {
    label: "nav.centreDashboard",
    path: "/center-director",
    actions: ["centreDashboard.read"],
    ready: true,
    roles: ["owner", "super_admin"],
  },
  { label: "nav.children", path: "/children", actions: ["children.manage"], ready: true },
  {
    label: "nav.classrooms",
    path: "/classrooms",
    actions: ["classrooms.read"],
    ready: true,
  },
  { label: "nav.staff", path: "/staff", actions: ["staff.manage"], ready: true },
  {
    label: "nav.budget",
    path: "/budget",
    actions: ["budgetRequests.read"],
    ready: true,
  },
  { label: "nav.attendance", path: "/attendance", actions: ["attendance.take"], ready: true },
  { label: "nav.enquiries", path: "/enquiries", actions: ["enquiries.manage"], ready: true },
  {
    label: "nav.billing",
    path: "/billing",
    // Parents reach their own children's invoices here until the parent portal has its Billing tile.
    actions: ["invoices.read"],
    ready: true,
  },
  { label: "paymentClaims.menu", path: "/billing/claims", actions: ["payments.reconcile"], ready: true },
  // Issue 35: the finance desk matches the bank statement's credits to claims and invoices.
  { label: "statements.nav", path: "/bank-reconciliation", actions: ["payments.reconcile"], ready: true },
  // A centre's UPI ID, GSTIN, tax invoice details and reminders, and the accountant's export (issue 35).
  {
    label: "collectionSettings.title",
    path: "/fee-collection/settings",
    actions: ["collection.readSettings"],
    ready: true,
  },
  {
    label: "nav.parentCommunication",
    path: "/parent-communication",
    actions: ["notices.send", "feedback.respond"],
    ready: true,
  },
  // Teachers and parents (issue 14); leadership reads conversations in Parent Communication.
  {
    label: "nav.announcements",
    path: "/classroom-announcements",
    actions: ["announcements.post", "announcements.read"],
    ready: true,
    roles: ["teacher", "parent"],
  },
  { label: "nav.messages", path: "/messaging", actions: ["messages.send"], ready: true },
  // Notices the communication desk sends to families (issue 14); the desk sends them in Parent Communication.
  { label: "nav.notices", path: "/notices", actions: ["notices.read"], ready: true },
  {
    label: "nav.incidents",
    path: "/incidents",
    // Teachers report incidents and parents read reports about their children here (issue 10).
    actions: ["incidents.report", "incidents.readOwn"],
    ready: true,
  },
  // The child's day (issue 13): teachers record; parents read observations here and the rest on their home.
  { label: "nav.dailyActivities", path: "/daily-activities", actions: ["childDay.record"], ready: true },
  {
    label: "nav.observations",
    path: "/observation-logs",
    actions: ["observations.read"],
    ready: true,
  },
  // Development over the year (issue 36): the centre's framework, its choice and level names.
  {
    label: "nav.developmentFramework",
    path: "/development/framework",
    actions: ["development.readFramework"],
    ready: true,
  },
  // Term assessments and progress cards (issue 36): coordinators open terms, teachers assess their rooms.
  { label: "development.assess.termsTitle", path: "/development/terms", actions: ["assessments.read"], ready: true },
  // Lesson plans (issue 16): parents read today's plan on their home's Play and Learn tile.
  {
    label: "nav.lessonPlans",
    path: "/lesson-plans",
    actions: ["lessonPlans.edit", "lessonPlans.checkOff", "classrooms.read"],
    ready: true,
  },
  {
    label: "nav.assignments",
    path: "/assignments",
    actions: ["assignments.read"],
    ready: true,
  },
  // Digital portfolio (issue 15): teachers add photos, parents read their child's, leaders see the centre.
  {
    label: "nav.portfolio",
    path: "/digital-portfolio",
    actions: ["portfolio.read"],
    ready: true,
  },
  {
    label: "nav.portfolioDashboard",
    path: "/admin/portfolios",
    actions: ["portfolio.readCentre"],
    ready: true,
  },
  // Owners and directors publish; everyone at a centre may be in a policy's audience (issue 16).
  {
    label: "nav.policies",
    path: "/policies",
    actions: ["policies.read"],
    ready: true,
  },
  {
    label: "nav.reports",
    path: "/reports",
    actions: ["reports.read"],
    ready: true,
  },
  { label: "nav.documents", path: "/documents", actions: ["documents.read"], ready: true },
  // Issue 19: families answer consents and see who viewed their child; leaders read the access log and the notice.
  {
    label: "nav.privacy",
    path: "/privacy",
    actions: ["privacy.consent", "privacy.readAccessLog"],
    ready: true,
  },
  // Children's data rights (issue 19): parents download and ask; the desk answers within 30 days.
  { label: "nav.myData", path: "/my-data", actions: ["dataRequests.make"], ready: true },
  {
    label: "nav.dataRequests",
    path: "/data-requests",
    actions: ["dataRequests.answer"],
    ready: true,
  },
  {
    label: "nav.settings",
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
