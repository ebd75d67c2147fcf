import { type AreaRows, NO_ID, PDF } from "../matrix.ts";

/** The policy routes of the permission matrix (issue 16); another centre's policy answers 404. */
const rows: AreaRows = ({ ids }) => {
  const policy = (title: string) => ({
    fields: { title, body: "Matrix", audience: "staff", effective_date: "2026-12-01", center_id: ids.homeCentre },
    files: [{ field: "pdf", name: "policy.pdf", content: PDF }],
  });
  const other = `/api/policies/${ids.otherPolicy}`;
  return [
    { route: "GET /api/policies" },
    {
      route: "POST /api/policies",
      multipart: true,
      form: (role) => policy(`Matrix policy ${role.replaceAll("_", " ")}`),
    },
    {
      route: "PUT /api/policies/:id",
      url: `/api/policies/${ids.homePolicy}`,
      multipart: true,
      form: (role) => policy(`Illness and exclusion policy (${role.replaceAll("_", " ")})`),
      foreign: other,
    },
    {
      route: "POST /api/policies/:id/acknowledge",
      url: `/api/policies/${NO_ID}/acknowledge`,
      status: 404,
      foreign: `${other}/acknowledge`,
    },
    {
      route: "GET /api/policies/:id/acknowledgements",
      url: `/api/policies/${NO_ID}/acknowledgements`,
      status: 404,
      foreign: `${other}/acknowledgements`,
    },
    {
      route: "POST /api/policies/:id/remind",
      url: `/api/policies/${NO_ID}/remind`,
      status: 404,
      foreign: `${other}/remind`,
    },
    {
      route: "GET /api/policies/:id/file",
      url: `/api/policies/${NO_ID}/file`,
      status: 404,
      foreign: `${other}/file`,
    },
  ];
};

export default rows;
