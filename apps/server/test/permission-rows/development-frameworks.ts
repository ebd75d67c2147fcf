import type { AreaRows } from "../matrix.ts";
import { EYFS_FILE } from "../matrix-records/development-frameworks.ts";

/** Each allowed role uploads its own copy of the EYFS example under its own short name. */
const eyfsAs = (role: string) =>
  Buffer.from(JSON.stringify({ ...JSON.parse(EYFS_FILE), short_name: `EYFS ${role.replaceAll("_", " ")}` }));

/** Development frameworks, the competency search and a centre's choice (issue 36, point 1). */
const rows: AreaRows = ({ ids }) => [
  { route: "GET /api/development/frameworks" },
  {
    route: "GET /api/development/frameworks/:key",
    url: "/api/development/frameworks/ncf-fs-2022",
    stranger: `/api/development/frameworks/${ids.strangerFramework}`,
  },
  {
    route: "POST /api/development/frameworks",
    multipart: true,
    form: (role) => ({ files: [{ field: "file", name: "eyfs.json", content: eyfsAs(role) }] }),
    status: 201,
  },
  {
    route: "GET /api/development/competencies",
    url: `/api/development/competencies?center_id=${ids.homeCentre}`,
    foreign: `/api/development/competencies?center_id=${ids.otherCentre}`,
    otherRoom: `/api/development/competencies?child_id=${ids.otherRoomStudent}`,
  },
  {
    route: "GET /api/centers/:id/development-settings",
    url: `/api/centers/${ids.homeCentre}/development-settings`,
    foreign: `/api/centers/${ids.otherCentre}/development-settings`,
  },
  {
    route: "PUT /api/centers/:id/development-settings",
    url: `/api/centers/${ids.homeCentre}/development-settings`,
    payload: { framework_key: "ncf-fs-2022", level_labels: {} },
    foreign: `/api/centers/${ids.otherCentre}/development-settings`,
  },
];
export default rows;
