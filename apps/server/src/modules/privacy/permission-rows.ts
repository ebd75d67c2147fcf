import { ALL, type AreaRows, NO_ID } from "../../../test/matrix.ts";
import { CENTRE_LOG_READERS, FAMILY, NOTICE_EDITORS, REFUSAL_DESK } from "./policy.ts";

/** Privacy (issue 19): owners publish the notice, parents answer, leaders read their centres' log. */
const base = "/api/privacy";

const rows: AreaRows = ({ ids }) => [
  { route: "GET /api/privacy/notice", allowed: ALL },
  { route: "GET /api/privacy/notices", allowed: NOTICE_EDITORS },
  {
    route: "POST /api/privacy/notices",
    allowed: NOTICE_EDITORS,
    payload: {
      title: "How we look after your child's information",
      body: "We keep your child's records only to care for them, and we log every time staff open them.",
    },
  },
  { route: "GET /api/privacy/consents", allowed: FAMILY },
  {
    route: "PUT /api/privacy/consents/:childId",
    allowed: FAMILY,
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
    allowed: FAMILY,
    url: `${base}/access-log/children/${NO_ID}`,
    status: 404,
    foreign: `${base}/access-log/children/${ids.otherStudent}`,
  },
  { route: "GET /api/privacy/consent-refusals", allowed: REFUSAL_DESK },
  { route: "GET /api/privacy/access-log", allowed: CENTRE_LOG_READERS },
  { route: "GET /api/privacy/access-log/filters", allowed: CENTRE_LOG_READERS },
];
export default rows;
