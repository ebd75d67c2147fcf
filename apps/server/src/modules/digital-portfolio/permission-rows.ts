import type { Role } from "@sprout/shared/roles";
import { type AreaRows, NO_ID } from "../../../test/matrix.ts";

/**
 * The digital portfolio (issue 15): teachers add and favourite, leaders see the centre, parents
 * read; the uploader and the centre's leaders (directors too) delete. Another centre's item (or
 * another organisation's) is not found by any of them.
 */
const CENTRE: readonly Role[] = ["super_admin", "owner", "admin"];
const GALLERY: readonly Role[] = [...CENTRE, "teacher", "parent"];
const base = "/api/digital-portfolio";

const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/digital-portfolio/child/:childId",
    allowed: GALLERY,
    url: `${base}/child/${NO_ID}`,
    status: 404,
    foreign: `${base}/child/${ids.otherStudent}`,
  },
  { route: "GET /api/digital-portfolio/center/all", allowed: CENTRE },
  {
    route: "GET /api/digital-portfolio/stats/:childId",
    allowed: GALLERY,
    url: `${base}/stats/${NO_ID}`,
    status: 404,
    foreign: `${base}/stats/${ids.otherStudent}`,
  },
  { route: "GET /api/digital-portfolio/center/stats", allowed: CENTRE },
  { route: "POST /api/digital-portfolio/upload", allowed: ["teacher"], status: 400, multipart: true },
  { route: "POST /api/digital-portfolio/batch-upload", allowed: ["teacher"], status: 400, multipart: true },
  {
    route: "PATCH /api/digital-portfolio/:id/favorite",
    allowed: ["teacher"],
    url: `${base}/${NO_ID}/favorite`,
    payload: { is_favorite: true },
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/favorite`,
  },
  {
    route: "DELETE /api/digital-portfolio/:id",
    allowed: ["super_admin", "owner", "center_director", "admin", "teacher"],
    url: `${base}/${NO_ID}`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}`,
  },
  {
    route: "GET /api/digital-portfolio/:id/download-link",
    allowed: GALLERY,
    url: `${base}/${NO_ID}/download-link`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/download-link`,
  },
  {
    route: "GET /api/digital-portfolio/:id/file",
    allowed: GALLERY,
    url: `${base}/${NO_ID}/file`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/file?download=1`,
  },
  {
    route: "GET /api/digital-portfolio/:id/thumbnail",
    allowed: GALLERY,
    url: `${base}/${NO_ID}/thumbnail`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/thumbnail`,
  },
  { route: "GET /api/digital-portfolio/children", allowed: GALLERY },
  {
    route: "GET /api/digital-portfolio/consent/:childId",
    allowed: GALLERY,
    url: `${base}/consent/${NO_ID}`,
    status: 404,
    foreign: `${base}/consent/${ids.otherStudent}`,
  },
  {
    route: "PUT /api/digital-portfolio/consent/:childId",
    allowed: ["parent"],
    url: `${base}/consent/${NO_ID}`,
    payload: { consent: "own" },
    status: 404,
    foreign: `${base}/consent/${ids.otherStudent}`,
  },
];

export default rows;
