import { type AreaRows, NO_ID } from "../matrix.ts";

/** The emergency routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => [
  { route: "GET /api/emergency/active" },
  { route: "GET /api/emergency/alerts" },
  {
    route: "GET /api/emergency/areas",
    url: `/api/emergency/areas?center_id=${ids.homeCentre}`,
    foreign: `/api/emergency/areas?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/emergency/alerts/:id/acknowledge",
    url: `/api/emergency/alerts/${NO_ID}/acknowledge`,
    foreign: `/api/emergency/alerts/${ids.otherAlert}/acknowledge`,
    status: 404,
  },
  {
    route: "POST /api/emergency/alerts/:id/resolve",
    url: `/api/emergency/alerts/${NO_ID}/resolve`,
    foreign: `/api/emergency/alerts/${ids.otherAlert}/resolve`,
    payload: { resolution_notes: "x" },
    status: 404,
  },
];

export default rows;
