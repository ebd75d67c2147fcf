import type { AreaRows } from "../matrix.ts";

/** The analytics calls and role homes of the permission matrix (issue 17). */
const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/analytics/financial-overview",
    foreign: `/api/analytics/financial-overview?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/analytics/center-comparison",
    foreign: `/api/analytics/center-comparison?center_id=${ids.otherCentre}`,
  },
  { route: "GET /api/analytics/insights" },
  { route: "GET /api/analytics/teacher-home" },
  { route: "GET /api/analytics/coordinator-home" },
];
export default rows;
