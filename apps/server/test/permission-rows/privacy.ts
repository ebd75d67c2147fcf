import { type AreaRows, NO_ID } from "../matrix.ts";

/** Privacy (issue 19): owners publish the notice, parents answer, leaders read their centres' log. */
const base = "/api/privacy";

const rows: AreaRows = ({ ids }) => [
  { route: "GET /api/privacy/notice" },
  { route: "GET /api/privacy/notices" },
  {
    route: "POST /api/privacy/notices",
    payload: {
      title: "How we look after your child's information",
      body: "We keep your child's records only to care for them, and we log every time staff open them.",
    },
  },
  { route: "GET /api/privacy/consents" },
  {
    route: "PUT /api/privacy/consents/:childId",
    url: `${base}/consents/${NO_ID}`,
    payload: {
      notice_version: 1,
      core_records: true,
      portfolio_photos: false,
      group_photos: false,
      messages_digest: true,
    },
    status: 404,
    foreign: `${base}/consents/${ids.otherStudent}`,
  },
  {
    route: "GET /api/privacy/access-log/children/:childId",
    url: `${base}/access-log/children/${NO_ID}`,
    status: 404,
    foreign: `${base}/access-log/children/${ids.otherStudent}`,
  },
  { route: "GET /api/privacy/consent-refusals" },
  { route: "GET /api/privacy/access-log" },
  { route: "GET /api/privacy/access-log/filters" },
];
export default rows;
