import type { Role } from "@sprout/shared/roles";
import type { AreaRows } from "../../../test/matrix.ts";

/** Reports & Analytics: the roles with reports_view; which report each may read is the policy's. */
const REPORTERS: readonly Role[] = [
  "super_admin",
  "owner",
  "financial_manager",
  "center_director",
  "admin",
  "academic_coordinator",
];

/** The report routes of the permission matrix (issue 17). */
const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/reports/:report",
    allowed: REPORTERS,
    url: "/api/reports/centers",
    foreign: `/api/reports/centers?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/reports/:report/export",
    allowed: REPORTERS,
    url: "/api/reports/centers/export",
    foreign: `/api/reports/centers/export?center_id=${ids.otherCentre}`,
  },
];
export default rows;
