import type { AreaRows } from "../matrix.ts";

/** The report routes of the permission matrix (issue 17). */
const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/reports/:report",
    url: "/api/reports/centers",
    foreign: `/api/reports/centers?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/reports/:report/export",
    url: "/api/reports/centers/export",
    foreign: `/api/reports/centers/export?center_id=${ids.otherCentre}`,
  },
];
export default rows;
