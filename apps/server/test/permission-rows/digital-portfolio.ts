import { type AreaRows, NO_ID } from "../matrix.ts";

const base = "/api/digital-portfolio";

const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/digital-portfolio/child/:childId",
    url: `${base}/child/${NO_ID}`,
    status: 404,
    foreign: `${base}/child/${ids.otherStudent}`,
  },
  { route: "GET /api/digital-portfolio/center/all" },
  {
    route: "GET /api/digital-portfolio/stats/:childId",
    url: `${base}/stats/${NO_ID}`,
    status: 404,
    foreign: `${base}/stats/${ids.otherStudent}`,
  },
  { route: "GET /api/digital-portfolio/center/stats" },
  { route: "POST /api/digital-portfolio/upload", status: 400, multipart: true },
  { route: "POST /api/digital-portfolio/batch-upload", status: 400, multipart: true },
  {
    route: "PATCH /api/digital-portfolio/:id/favorite",
    url: `${base}/${NO_ID}/favorite`,
    payload: { is_favorite: true },
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/favorite`,
  },
  {
    route: "DELETE /api/digital-portfolio/:id",
    url: `${base}/${NO_ID}`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}`,
  },
  {
    route: "GET /api/digital-portfolio/:id/download-link",
    url: `${base}/${NO_ID}/download-link`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/download-link`,
  },
  {
    route: "GET /api/digital-portfolio/:id/file",
    url: `${base}/${NO_ID}/file`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/file?download=1`,
  },
  {
    route: "GET /api/digital-portfolio/:id/thumbnail",
    url: `${base}/${NO_ID}/thumbnail`,
    status: 404,
    foreign: `${base}/${ids.otherPortfolioItem}/thumbnail`,
  },
  { route: "GET /api/digital-portfolio/children" },
  {
    route: "GET /api/digital-portfolio/consent/:childId",
    url: `${base}/consent/${NO_ID}`,
    status: 404,
    foreign: `${base}/consent/${ids.otherStudent}`,
  },
  {
    route: "PUT /api/digital-portfolio/consent/:childId",
    url: `${base}/consent/${NO_ID}`,
    payload: { consent: "own" },
    status: 404,
    foreign: `${base}/consent/${ids.otherStudent}`,
  },
];

export default rows;
