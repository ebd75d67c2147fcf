import type { Role } from "@sprout/shared/roles";
import type { AreaRows } from "../../../test/matrix.ts";

/** Leadership analytics: the analytics_dashboard roles, each within its own centres. */
const LEADERSHIP: readonly Role[] = ["super_admin", "owner", "financial_manager", "center_director"];

/** The analytics calls and role homes of the permission matrix (issue 17). */
const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/analytics/financial-overview",
    allowed: LEADERSHIP,
    foreign: `/api/analytics/financial-overview?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/analytics/center-comparison",
    allowed: LEADERSHIP,
    foreign: `/api/analytics/center-comparison?center_id=${ids.otherCentre}`,
  },
  { route: "GET /api/analytics/insights", allowed: LEADERSHIP },
  { route: "GET /api/analytics/teacher-home", allowed: ["teacher"] },
  { route: "GET /api/analytics/coordinator-home", allowed: ["admin", "academic_coordinator"] },
];
export default rows;
