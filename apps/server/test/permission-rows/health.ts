import type { AreaRows } from "../matrix.ts";

/** Readiness (issue 29): public like GET /api/health, which the matrix lists with the sign-in calls. */
const rows: AreaRows = () => [{ route: "GET /api/ready" }];
export default rows;
