import type { AreaRows } from "../matrix.ts";

/** The account routes of the permission matrix: everyone signed in chooses their own language. */
const rows: AreaRows = () => [
  { route: "GET /api/account/preferences" },
  { route: "PUT /api/account/preferences", payload: { language: "en" } },
];

export default rows;
