/**
 * Roles, their features and the navigation they unlock. The server's route guards, the
 * side navigation and the permission-matrix test all read this one table.
 */
export const ROLES = [
  "super_admin",
  "owner",
  "financial_manager",
  "center_director",
  "admin",
  "academic_coordinator",
  "teacher",
  "parent",
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "Super Administrator",
  owner: "Center Owner",
  financial_manager: "Financial Manager",
  center_director: "Center Director",
  admin: "Administrator",
  academic_coordinator: "Academic Coordinator",
  teacher: "Teacher",
  parent: "Parent",
};

export const ROLE_PRIORITY: Record<Role, number> = {
  super_admin: 1,
  owner: 2,
  financial_manager: 2,
  center_director: 3,
  admin: 4,
  academic_coordinator: 4,
  teacher: 5,
  parent: 6,
};

export const FEATURES = [
  "analytics_dashboard",
  "basic_dashboard",
  "center_comparison",
  "financial_metrics",
  "operational_kpi",
  "children_management",
  "view_assigned_classes",
  "view_own_children",
  "classroom_management",
  "staff_management",
  "staff_scheduling",
  "staff_performance",
  "center_management",
  "user_management",
  "attendance_management",
  "enquiry_management",
  "billing",
  "invoice_generation",
  "payment_processing",
  "budget_approval",
  "budget_requests",
  "budget_limit",
  "financial_oversight",
  "expense_tracking",
  "parent_communication",
  "parent_feedback",
  "messaging_oversight",
  "incident_management",
  "emergency_response",
  "safety_compliance",
  "policy_management",
  "policy_implementation",
  "reports_view",
  "financial_reports",
  "attendance_reports",
  "performance_analytics",
  "system_settings",
  "program_settings",
  "fee_settings",
  "company_settings",
  "documents",
  "document_upload",
] as const;
export type Feature = (typeof FEATURES)[number];

export const ROLE_FEATURES: Record<Role, readonly Feature[]> = {
  super_admin: [
    "analytics_dashboard",
    "center_comparison",
    "financial_metrics",
    "children_management",
    "classroom_management",
    "staff_management",
    "center_management",
    "user_management",
    "attendance_management",
    "enquiry_management",
    "billing",
    "invoice_generation",
    "payment_processing",
    "reports_view",
    "financial_reports",
    "attendance_reports",
    "system_settings",
    "program_settings",
    "fee_settings",
    "company_settings",
    "documents",
    "document_upload",
  ],
  owner: [
    "analytics_dashboard",
    "financial_metrics",
    "operational_kpi",
    "children_management",
    "classroom_management",
    "staff_management",
    "staff_scheduling",
    "staff_performance",
    "attendance_management",
    "enquiry_management",
    "billing",
    "invoice_generation",
    "payment_processing",
    "budget_approval",
    "budget_requests",
    "budget_limit",
    "financial_oversight",
    "expense_tracking",
    "parent_communication",
    "parent_feedback",
    "messaging_oversight",
    "incident_management",
    "emergency_response",
    "safety_compliance",
    "policy_management",
    "policy_implementation",
    "reports_view",
    "financial_reports",
    "attendance_reports",
    "performance_analytics",
    "program_settings",
    "fee_settings",
    "documents",
    "document_upload",
  ],
  financial_manager: [
    "analytics_dashboard",
    "financial_metrics",
    "billing",
    "invoice_generation",
    "payment_processing",
    "budget_approval",
    "budget_limit",
    "financial_oversight",
    "expense_tracking",
    "reports_view",
    "financial_reports",
    "documents",
  ],
  center_director: [
    "analytics_dashboard",
    "operational_kpi",
    "children_management",
    "classroom_management",
    "staff_management",
    "staff_scheduling",
    "staff_performance",
    "attendance_management",
    "enquiry_management",
    "billing",
    "invoice_generation",
    "budget_approval",
    "budget_requests",
    "expense_tracking",
    "parent_communication",
    "parent_feedback",
    "messaging_oversight",
    "incident_management",
    "emergency_response",
    "safety_compliance",
    "policy_implementation",
    "reports_view",
    "attendance_reports",
    "performance_analytics",
    "program_settings",
    "documents",
    "document_upload",
  ],
  admin: [
    "basic_dashboard",
    "children_management",
    "classroom_management",
    "attendance_management",
    "enquiry_management",
    "billing",
    "invoice_generation",
    // Issue 12: admins (and coordinators) raise budget requests; limits are set for their roles.
    "budget_requests",
    "reports_view",
    "attendance_reports",
    "program_settings",
    "documents",
    "document_upload",
  ],
  academic_coordinator: [
    "basic_dashboard",
    "children_management",
    "classroom_management",
    "attendance_management",
    "enquiry_management",
    "budget_requests",
    "reports_view",
    "attendance_reports",
    "documents",
  ],
  teacher: ["basic_dashboard", "view_assigned_classes", "attendance_management", "documents"],
  parent: ["basic_dashboard", "view_own_children", "documents"],
};

export function hasFeature(role: Role, feature: Feature): boolean {
  return ROLE_FEATURES[role].includes(feature);
}

export function hasAnyFeature(role: Role, features: readonly Feature[]): boolean {
  return features.some((feature) => hasFeature(role, feature));
}

export interface NavigationEntry {
  label: string;
  path: string;
  /** The entry shows when the role has any of these. */
  features: readonly Feature[];
  /**
   * False while the area behind the entry has not been built: such entries stay hidden rather
   * than lead to a "coming soon" page.
   */
  ready: boolean;
  /** When given, only these roles see the entry (the spec names roles, not features, for some screens). */
  roles?: readonly Role[];
}

export const NAVIGATION: readonly NavigationEntry[] = [
  { label: "Dashboard", path: "/dashboard", features: ["analytics_dashboard", "basic_dashboard"], ready: true },
  { label: "User Management", path: "/users", features: ["user_management"], ready: true },
  // Issue 17: owners and super admins open a centre's director dashboard (the director's is their home).
  {
    label: "Center Dashboard",
    path: "/center-director",
    features: ["operational_kpi", "center_comparison"],
    ready: true,
    roles: ["owner", "super_admin"],
  },
  { label: "Children", path: "/children", features: ["children_management"], ready: true },
  {
    label: "Classrooms",
    path: "/classrooms",
    features: ["classroom_management", "view_assigned_classes"],
    ready: true,
  },
  { label: "Staff Management", path: "/staff", features: ["staff_management"], ready: true },
  {
    label: "Budget & Finance",
    path: "/budget",
    features: ["budget_approval", "budget_requests", "budget_limit", "expense_tracking", "financial_oversight"],
    ready: true,
  },
  { label: "Attendance", path: "/attendance", features: ["attendance_management"], ready: true },
  { label: "Enquiries", path: "/enquiries", features: ["enquiry_management"], ready: true },
  {
    label: "Billing",
    path: "/billing",
    // Parents reach their own children's invoices here until the parent portal has its Billing tile.
    features: ["billing", "invoice_generation", "payment_processing", "view_own_children"],
    ready: true,
  },
  {
    label: "Parent Communication",
    path: "/parent-communication",
    features: ["parent_communication", "parent_feedback", "messaging_oversight"],
    ready: true,
  },
  // Teachers and parents (issue 14); leadership reads conversations in Parent Communication.
  {
    label: "Announcements",
    path: "/classroom-announcements",
    features: ["view_assigned_classes", "view_own_children"],
    ready: true,
  },
  { label: "Messages", path: "/messaging", features: ["view_assigned_classes", "view_own_children"], ready: true },
  // Notices the communication desk sends to families (issue 14); the desk sends them in Parent Communication.
  { label: "Notices", path: "/notices", features: ["view_own_children"], ready: true },
  {
    label: "Incident Management",
    path: "/incidents",
    // Teachers report incidents and parents read reports about their children here (issue 10).
    features: [
      "incident_management",
      "emergency_response",
      "safety_compliance",
      "view_assigned_classes",
      "view_own_children",
    ],
    ready: true,
  },
  // The child's day (issue 13): teachers record; parents read observations here and the rest on their home.
  { label: "Daily Activities", path: "/daily-activities", features: ["view_assigned_classes"], ready: true },
  {
    label: "Observation Logs",
    path: "/observation-logs",
    features: ["view_assigned_classes", "view_own_children", "children_management"],
    ready: true,
  },
  // Lesson plans (issue 16): parents read today's plan on their home's Play and Learn tile.
  {
    label: "Lesson Plans",
    path: "/lesson-plans",
    features: ["classroom_management", "view_assigned_classes"],
    ready: true,
  },
  {
    label: "Assignments",
    path: "/assignments",
    features: ["classroom_management", "view_assigned_classes", "view_own_children"],
    ready: true,
  },
  // Digital portfolio (issue 15): teachers add photos, parents read their child's, leaders see the centre.
  {
    label: "Digital Portfolio",
    path: "/digital-portfolio",
    features: ["view_assigned_classes", "view_own_children", "children_management"],
    roles: ["super_admin", "owner", "admin", "teacher", "parent"],
    ready: true,
  },
  {
    label: "Portfolio Dashboard",
    path: "/admin/portfolios",
    features: ["children_management"],
    roles: ["super_admin", "owner", "admin"],
    ready: true,
  },
  // Owners and directors publish; everyone at a centre may be in a policy's audience (issue 16).
  {
    label: "Policies",
    path: "/policies",
    features: ["policy_management", "policy_implementation", "basic_dashboard", "analytics_dashboard"],
    ready: true,
  },
  {
    label: "Reports & Analytics",
    path: "/reports",
    features: ["reports_view", "financial_reports", "attendance_reports", "performance_analytics"],
    ready: true,
  },
  { label: "Documents", path: "/documents", features: ["documents", "document_upload"], ready: true },
  // Issue 19: families answer consents and see who viewed their child; leaders read the access log and the notice.
  {
    label: "Privacy",
    path: "/privacy",
    features: ["view_own_children", "analytics_dashboard"],
    roles: ["super_admin", "owner", "center_director", "parent"],
    ready: true,
  },
  // Children's data rights (issue 19): parents download and ask; the desk answers within 30 days.
  { label: "My Data", path: "/my-data", features: ["view_own_children"], roles: ["parent"], ready: true },
  {
    label: "Data Requests",
    path: "/data-requests",
    features: ["children_management"],
    roles: ["owner", "center_director"],
    ready: true,
  },
  {
    label: "Settings",
    path: "/settings",
    features: ["system_settings", "program_settings", "fee_settings", "company_settings", "center_management"],
    ready: true,
  },
];

export function navigationFor(role: Role): NavigationEntry[] {
  return NAVIGATION.filter(
    (entry) => entry.ready && hasAnyFeature(role, entry.features) && (!entry.roles || entry.roles.includes(role)),
  );
}

/** A page exists for this role: links elsewhere (dashboard shortcuts) go only where it does. */
export function canOpen(role: Role, path: string): boolean {
  // A link may carry a filter ("/billing?status=Pending"); the page is what must be open to the role.
  const page = path.split("?")[0];
  return navigationFor(role).some((entry) => entry.path === page);
}
