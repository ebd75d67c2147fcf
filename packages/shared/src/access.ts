import { ROLES, type Role } from "./roles.ts";

/**
 * How an action's records are limited, beyond the role (the access layer's record checks, ADR 0053):
 * the server filters every read and write by the caller's scope (`apps/server/src/auth/caller.ts`).
 */
export const SCOPE_RULES = {
  organisation: "records of the caller's organisation",
  centre: "records of the caller's centres",
  classroom: "classrooms of the caller's centres; a teacher's own classrooms",
  child: "children of the caller's centres; a teacher's own classrooms' children; a parent's own children",
  ownChild: "a parent's own children",
  self: "the caller's own records",
} as const;
export type ScopeRule = keyof typeof SCOPE_RULES;

export interface ActionRule {
  /** The roles that may take the action at all. */
  roles: readonly Role[];
  scope: ScopeRule;
  /** What the action is, in the words of the spec. */
  what: string;
}

/**
 * Every thing a signed-in caller can do, named once. Routes declare one of these
 * (`config.access.action`), the server's guard and record checks ask `may`, and the web's menu
 * opens a page when the role may take its action; the permission matrix derives its expectations
 * from this table and `docs/access/actions.md` shows every change to it in review.
 */
export const ACTIONS = {
  "accounts.export": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "centre",
    what: "The accountant's export of invoices, credit notes, payments and receipts",
  },
  "admissions.convert": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Admit a child from a closed enquiry",
  },
  "analytics.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director"],
    scope: "centre",
    what: "Financial overview, centre comparison and insights",
  },
  "announcements.post": { roles: ["teacher"], scope: "classroom", what: "Post a classroom announcement" },
  "announcements.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "classroom",
    what: "A classroom's announcements",
  },
  "announcements.readCentre": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Every classroom's announcements of the caller's centres, read-only",
  },
  "assessments.openTerm": {
    roles: ["super_admin", "owner", "center_director", "academic_coordinator"],
    scope: "centre",
    what: "Open a term of assessments for some classrooms",
  },
  "assessments.publish": {
    roles: ["center_director", "academic_coordinator"],
    scope: "centre",
    what: "Review, publish and reissue term assessments",
  },
  "assessments.read": {
    roles: ["super_admin", "owner", "center_director", "academic_coordinator", "teacher"],
    scope: "child",
    what: "Term assessments, the class view and a child's progress across terms",
  },
  "assessments.record": {
    roles: ["academic_coordinator", "teacher"],
    scope: "child",
    what: "Record levels, comments, narratives, photos and the child's page",
  },
  "assignments.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "classroom",
    what: "Assignments and their files",
  },
  "assignments.readSubmissions": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "classroom",
    what: "The submissions of an assignment",
  },
  "assignments.set": {
    roles: ["teacher"],
    scope: "classroom",
    what: "Set, edit, delete assignments and comment on submissions",
  },
  "assignments.submit": { roles: ["parent"], scope: "ownChild", what: "A parent submits a child's work" },
  "attendance.headcount": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "The emergency headcount",
  },
  "attendance.noticeAbsence": {
    roles: ["parent"],
    scope: "ownChild",
    what: "A parent's view of today and notices of absence",
  },
  "attendance.readReports": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Attendance reports",
  },
  "attendance.setRatios": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "The centre's child-to-staff ratios",
  },
  "attendance.take": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "child",
    what: "Check children in and out, mark absent, the rooms and the roster",
  },
  "budget.oversee": {
    roles: ["owner", "financial_manager"],
    scope: "organisation",
    what: "The finance dashboard and approving budget requests",
  },
  "budgetLimits.manage": {
    roles: ["owner", "financial_manager"],
    scope: "organisation",
    what: "Budget limits per role",
  },
  "budgetRequests.raise": {
    roles: ["owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Raise a budget request or add a quote",
  },
  "budgetRequests.read": {
    roles: ["owner", "financial_manager", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Budget requests, quotes and the centres they may name",
  },
  "budgetRequests.readCentre": {
    roles: ["owner", "financial_manager", "center_director"],
    scope: "centre",
    what: "The centre's budget requests, not only the caller's own",
  },
  "centreDashboard.chooseCentre": {
    roles: ["super_admin", "owner"],
    scope: "centre",
    what: "Choose which of their centres the director's dashboard shows",
  },
  "centreDashboard.plan": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "KPI targets and the centre calendar",
  },
  "centreDashboard.read": {
    roles: ["super_admin", "owner", "center_director"],
    scope: "centre",
    what: "The centre director's dashboard, staff overview, tasks and calendar",
  },
  "centres.list": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "organisation",
    what: "The centres the caller may name",
  },
  "centres.manage": { roles: ["super_admin"], scope: "organisation", what: "Create and edit centres" },
  "childDay.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "child",
    what: "A child's day: activities, stars, timeline",
  },
  "childDay.readClassroom": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "classroom",
    what: "A classroom's day",
  },
  "childDay.readOwn": { roles: ["parent"], scope: "ownChild", what: "A parent's view of their child's day" },
  "childDay.record": {
    roles: ["teacher"],
    scope: "child",
    what: "Record meals, sleep, potty, health checks and stars",
  },
  "childHealth.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "child",
    what: "A child's health record",
  },
  "childHealth.recordStanding": {
    roles: ["teacher", "parent"],
    scope: "child",
    what: "Standing instructions (allergies, conditions)",
  },
  "children.list": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "child",
    what: "The children list (a teacher's: her classrooms')",
  },
  "children.manage": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "child",
    what: "Children: lists, pause, resume, exit, details and corrections",
  },
  "children.promote": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "child",
    what: "Assign, promote or transfer a child; a child's moves",
  },
  "children.readOwn": { roles: ["parent"], scope: "ownChild", what: "A parent's own children" },
  "children.readFees": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator"],
    scope: "child",
    what: "A child's monthly fee",
  },
  "children.readRecords": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "child",
    what: "Staff read the records of the children of their scope and who recorded each entry",
  },
  "classrooms.manage": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Create, edit and delete classrooms; assign their staff",
  },
  "classrooms.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "classroom",
    what: "Classrooms and a classroom's children",
  },
  "collection.editSettings": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "centre",
    what: "Change a centre's UPI ID, GSTIN, tax invoice details and fee reminders",
  },
  "collection.readSettings": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "centre",
    what: "A centre's UPI ID, GSTIN, tax invoice details and fee reminders",
  },
  "dashboard.read": {
    roles: [
      "super_admin",
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ],
    scope: "centre",
    what: "The home dashboard, its figures cut to what the role sees",
  },
  "dashboard.readCoordinatorHome": {
    roles: ["admin", "academic_coordinator"],
    scope: "centre",
    what: "The admin's and coordinator's home",
  },
  "dashboard.readTeacherHome": {
    roles: ["teacher"],
    scope: "classroom",
    what: "A teacher's home: her classrooms today",
  },
  "dataRequests.answer": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Answer data requests; erase a child's data",
  },
  "dataRequests.make": { roles: ["parent"], scope: "ownChild", what: "A family's data exports and data requests" },
  "dataRetention.manage": {
    roles: ["super_admin", "owner", "center_director"],
    scope: "organisation",
    what: "Data retention periods and their dry run",
  },
  "development.addFramework": {
    roles: ["super_admin", "owner"],
    scope: "organisation",
    what: "Add a centre group's own development framework from a file",
  },
  "development.chooseFramework": {
    roles: ["super_admin", "owner", "center_director", "academic_coordinator"],
    scope: "centre",
    what: "Choose the centre's framework and name its levels",
  },
  "development.readFramework": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "A development framework: domains, goals, competencies and levels",
  },
  "digest.choose": { roles: ["parent"], scope: "self", what: "A parent's own daily digest choice" },
  "digest.configure": {
    roles: ["super_admin", "owner", "center_director", "admin"],
    scope: "centre",
    what: "The centre's daily digest setting",
  },
  "documents.manageOrganisation": {
    roles: ["super_admin"],
    scope: "organisation",
    what: "Upload and delete documents of the whole organisation, outside any centre",
  },
  "documents.read": {
    roles: [
      "super_admin",
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ],
    scope: "centre",
    what: "Documents and their files",
  },
  "documents.readEveryType": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "Every type of document (families read the policies and forms)",
  },
  "documents.upload": {
    roles: ["super_admin", "owner", "center_director", "admin"],
    scope: "centre",
    what: "Upload and delete documents",
  },
  "emergency.acknowledge": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "Acknowledge an emergency alert",
  },
  "emergency.manage": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Raise, list and resolve emergency alerts",
  },
  "enquiries.manage": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Enquiries: list, record, edit",
  },
  "exits.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "centre",
    what: "Exit records",
  },
  "exits.readUnplaced": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "organisation",
    what: "Exit records kept for the whole organisation, outside any centre",
  },
  "expenses.track": {
    roles: ["owner", "financial_manager", "center_director"],
    scope: "centre",
    what: "Log expenses with receipts; the export",
  },
  "feedback.give": { roles: ["parent"], scope: "self", what: "A parent gives feedback" },
  "feedback.read": {
    roles: ["owner", "center_director", "parent"],
    scope: "centre",
    what: "Feedback (a parent's own)",
  },
  "feedback.respond": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "The feedback summary and answering feedback",
  },
  "finances.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "centre",
    what: "Money figures: invoice amounts and counts, revenue and dues",
  },
  "fees.edit": { roles: ["super_admin", "owner"], scope: "organisation", what: "Create and edit fee structures" },
  "fees.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "organisation",
    what: "Fee structures",
  },
  "immunisations.record": {
    roles: ["super_admin", "owner", "center_director", "admin", "parent"],
    scope: "child",
    what: "Record or delete an immunisation",
  },
  "incidents.editReviewSetting": {
    roles: ["super_admin", "owner", "center_director"],
    scope: "centre",
    what: "Change whether incident reports wait for review",
  },
  "incidents.manage": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Review, resolve and tell parents about incidents",
  },
  "incidents.readOwn": {
    roles: ["parent"],
    scope: "ownChild",
    what: "A parent reads and acknowledges incident reports about their children",
  },
  "incidents.readPhoto": {
    roles: ["owner", "center_director", "teacher", "parent"],
    scope: "child",
    what: "An incident's photo",
  },
  "incidents.readReviewSetting": {
    roles: ["super_admin", "owner", "center_director", "teacher"],
    scope: "centre",
    what: "Whether incident reports wait for review",
  },
  "incidents.report": {
    roles: ["owner", "center_director", "teacher"],
    scope: "child",
    what: "Report incidents and read reports (a teacher's: her classrooms')",
  },
  "invoices.creditNote": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "centre",
    what: "Issue a credit note against an issued invoice",
  },
  "invoices.generate": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "centre",
    what: "Generate, cancel invoices; approve and reject invoice requests",
  },
  "invoices.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"],
    scope: "child",
    what: "Invoices and their PDF (a parent's: own children's)",
  },
  "invoices.recordPayment": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "centre",
    what: "Record a payment",
  },
  "invoices.request": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    scope: "centre",
    what: "Raise and list invoice requests",
  },
  "kiosk.operate": { roles: ["super_admin", "owner", "center_director"], scope: "centre", what: "The sign-in kiosk" },
  "leave.cancel": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "self",
    what: "Cancel a leave request",
  },
  "leave.decide": {
    roles: ["super_admin", "owner", "center_director", "admin"],
    scope: "centre",
    what: "Approve or refuse leave",
  },
  "leave.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "Leave requests (a staff member's own, a manager's centre)",
  },
  "leave.request": {
    roles: ["center_director", "admin", "academic_coordinator", "teacher"],
    scope: "self",
    what: "Ask for leave",
  },
  "lessonPlans.checkOff": { roles: ["teacher"], scope: "classroom", what: "Tick off a lesson plan's activities" },
  "lessonPlans.edit": {
    roles: ["admin", "academic_coordinator"],
    scope: "centre",
    what: "Write, edit and delete lesson plans",
  },
  "lessonPlans.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "centre",
    what: "Lesson plans and today's plan",
  },
  "lessonPlans.readStaffParts": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "A lesson plan's notes, objectives, resources and check-offs",
  },
  "medications.recordDose": { roles: ["teacher"], scope: "child", what: "Record a medication dose" },
  "medications.request": {
    roles: ["parent"],
    scope: "ownChild",
    what: "A parent asks for a medication to be given, or withdraws it",
  },
  "messages.listContacts": { roles: ["parent"], scope: "ownChild", what: "The teachers a parent may message" },
  "messages.listFamilies": { roles: ["teacher"], scope: "classroom", what: "The families a teacher may message" },
  "messages.oversee": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Read every thread of the caller's centres and write in none",
  },
  "messages.read": {
    roles: ["owner", "center_director", "teacher", "parent"],
    scope: "self",
    what: "Message threads the caller is party to (leaders: their centre's)",
  },
  "messages.send": { roles: ["teacher", "parent"], scope: "self", what: "Start a thread, send and mark messages read" },
  "milestones.manage": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "organisation",
    what: "Add and remove milestones",
  },
  "milestones.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "organisation",
    what: "The milestone framework",
  },
  "notices.read": { roles: ["parent"], scope: "self", what: "A parent's notices" },
  "notices.send": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Send notices to families and see who has not read them",
  },
  "observations.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "child",
    what: "Observation logs and their attachments",
  },
  "observations.record": {
    roles: ["academic_coordinator", "teacher"],
    scope: "child",
    what: "Write, edit and delete observation logs",
  },
  "parentLinks.answer": {
    roles: ["parent"],
    scope: "self",
    what: "A parent accepts or declines being linked to a child",
  },
  "payments.claim": {
    roles: ["parent"],
    scope: "ownChild",
    what: "A parent says they paid an invoice by UPI (a payment claim)",
  },
  "payments.reconcile": {
    roles: ["super_admin", "owner", "financial_manager"],
    scope: "centre",
    what: "Confirm or reject payment claims; import bank statements and record their matches",
  },
  "pickupPeople.manage": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "parent"],
    scope: "child",
    what: "Add and remove pick-up people and their photos",
  },
  "pickupPeople.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator", "teacher", "parent"],
    scope: "child",
    what: "The people who may pick a child up, and their photos",
  },
  "policies.familyAudience": {
    roles: ["parent"],
    scope: "ownChild",
    what: "Among the families a policy for parents is meant for, at their children's centres",
  },
  "policies.manage": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "Publish and edit policies, read and chase acknowledgements",
  },
  "policies.oversee": {
    roles: ["super_admin", "financial_manager"],
    scope: "centre",
    what: "Read the policies in force in every centre of the scope, without being in their audience",
  },
  "policies.read": {
    roles: [
      "super_admin",
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ],
    scope: "centre",
    what: "Policies, their files, acknowledging one",
  },
  "policies.staffAudience": {
    roles: ["financial_manager", "center_director", "admin", "academic_coordinator", "teacher"],
    scope: "centre",
    what: "Among the centre staff a policy for staff is meant for, at their own centre",
  },
  "portfolio.add": { roles: ["teacher"], scope: "child", what: "Add photos to a portfolio and mark favourites" },
  "portfolio.consent": { roles: ["parent"], scope: "ownChild", what: "A parent's photo consent" },
  "portfolio.delete": {
    roles: ["super_admin", "owner", "center_director", "admin", "teacher"],
    scope: "child",
    what: "Delete a portfolio item",
  },
  "portfolio.deleteAny": {
    roles: ["super_admin", "owner", "center_director", "admin"],
    scope: "centre",
    what: "Delete any portfolio item (a teacher only her own uploads)",
  },
  "portfolio.read": {
    roles: ["super_admin", "owner", "admin", "teacher", "parent"],
    scope: "child",
    what: "A child's portfolio, its files and consent",
  },
  "portfolio.readCentre": {
    roles: ["super_admin", "owner", "admin"],
    scope: "centre",
    what: "The centre's portfolio dashboard",
  },
  "privacy.consent": {
    roles: ["parent"],
    scope: "ownChild",
    what: "A family's consents and who viewed their child's records",
  },
  "privacy.editNotice": { roles: ["super_admin", "owner"], scope: "organisation", what: "Publish a privacy notice" },
  "privacy.readAccessLog": {
    roles: ["super_admin", "owner", "center_director"],
    scope: "centre",
    what: "The access log of staff reads",
  },
  "privacy.readNotice": {
    roles: [
      "super_admin",
      "owner",
      "financial_manager",
      "center_director",
      "admin",
      "academic_coordinator",
      "teacher",
      "parent",
    ],
    scope: "organisation",
    what: "The privacy notice",
  },
  "privacy.readRefusals": { roles: ["owner", "center_director"], scope: "centre", what: "Consents families refused" },
  "progressCards.read": {
    roles: ["super_admin", "owner", "center_director", "academic_coordinator", "teacher", "parent"],
    scope: "child",
    what: "A published progress card and its PDF",
  },
  "progressCards.respond": {
    roles: ["parent"],
    scope: "ownChild",
    what: "Write the parent's page of a progress card and acknowledge it",
  },
  "reminders.configure": {
    roles: ["owner", "center_director"],
    scope: "centre",
    what: "The centre's message reminder setting",
  },
  "reports.read": {
    roles: ["super_admin", "owner", "financial_manager", "center_director", "admin", "academic_coordinator"],
    scope: "centre",
    what: "Reports and their export; each report names the roles that see it",
  },
  "settings.addCompany": { roles: ["super_admin"], scope: "organisation", what: "Add a company" },
  "settings.addProgram": {
    roles: ["super_admin", "owner", "center_director", "admin"],
    scope: "organisation",
    what: "Add a program",
  },
  "settings.read": {
    roles: ["super_admin", "owner", "center_director", "admin", "academic_coordinator"],
    scope: "organisation",
    what: "The program and company lists",
  },
  "staff.appointDirector": {
    roles: ["super_admin", "owner"],
    scope: "centre",
    what: "Make a staff member a centre director, or change a director's record (no one appoints their equal)",
  },
  "staff.manage": {
    roles: ["super_admin", "owner", "center_director"],
    scope: "centre",
    what: "Staff of the caller's centres: add, edit, exit, assign to classrooms",
  },
  "staffAttendance.clock": {
    roles: ["center_director", "admin", "academic_coordinator", "teacher"],
    scope: "self",
    what: "A staff member clocks in and out",
  },
  "staffReviews.write": { roles: ["owner", "center_director"], scope: "centre", what: "Write a staff review" },
  "users.manage": {
    roles: ["super_admin"],
    scope: "organisation",
    what: "Accounts of the organisation: create, edit, deactivate, reset a password",
  },
} as const satisfies Record<string, ActionRule>;
export type Action = keyof typeof ACTIONS;

export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

/** The role may take the action (its scope still limits which records). */
export function may(role: Role, action: Action): boolean {
  return (ACTIONS[action].roles as readonly Role[]).includes(role);
}

/** The roles that may take the action, in the order of ROLES. */
export const rolesFor = (action: Action): Role[] => ROLES.filter((role) => may(role, action));
