import { type AreaRows, NO_ID } from "../matrix.ts";

/** The data-rights routes of the permission matrix (issue 19: export, requests, retention). */
const rows: AreaRows = ({ ids }) => {
  const retention = { center_id: ids.homeCentre, enabled: false, records_years: 3, books_years: 8 };
  return [
    {
      route: "POST /api/data-exports",
      payload: { student_id: NO_ID },
      status: 404,
      foreign: "/api/data-exports",
      foreignPayload: { student_id: ids.otherStudent },
    },
    { route: "GET /api/data-exports", url: "/api/data-exports?page=1" },
    {
      route: "GET /api/data-exports/:id",
      url: `/api/data-exports/${NO_ID}`,
      status: 404,
      foreign: `/api/data-exports/${ids.otherDataExport}`,
      family: `/api/data-exports/${ids.otherFamilyDataExport}`,
    },
    {
      route: "GET /api/data-exports/:id/download",
      url: `/api/data-exports/${NO_ID}/download`,
      status: 404,
      foreign: `/api/data-exports/${ids.otherDataExport}/download`,
      family: `/api/data-exports/${ids.otherFamilyDataExport}/download`,
    },
    {
      route: "POST /api/data-requests",
      payload: { student_id: NO_ID, kind: "correction", details: "Wrong birthday", correction: "12 March" },
      status: 404,
      foreign: "/api/data-requests",
      foreignPayload: { student_id: ids.otherStudent, kind: "erasure", details: "We moved away" },
    },
    { route: "GET /api/data-requests", url: "/api/data-requests?status=open" },
    { route: "GET /api/data-requests/desk", url: "/api/data-requests/desk?status=open" },
    {
      route: "PUT /api/data-requests/:id/answer",
      url: `/api/data-requests/${NO_ID}/answer`,
      payload: { status: "done", answer: "Corrected" },
      status: 404,
      foreign: `/api/data-requests/${ids.otherCorrectionRequest}/answer`,
    },
    {
      route: "POST /api/data-requests/:id/erase",
      url: `/api/data-requests/${NO_ID}/erase`,
      payload: { answer: "Erased" },
      status: 404,
      foreign: `/api/data-requests/${ids.otherErasureRequest}/erase`,
    },
    {
      route: "GET /api/data-retention",
      url: `/api/data-retention?center_id=${ids.homeCentre}`,
      foreign: `/api/data-retention?center_id=${ids.otherCentre}`,
    },
    {
      route: "PUT /api/data-retention",
      payload: retention,
      foreign: "/api/data-retention",
      foreignPayload: { ...retention, center_id: ids.otherCentre },
    },
    {
      route: "GET /api/data-retention/dry-run",
      url: `/api/data-retention/dry-run?center_id=${ids.homeCentre}`,
      foreign: `/api/data-retention/dry-run?center_id=${ids.otherCentre}`,
    },
  ];
};
export default rows;
