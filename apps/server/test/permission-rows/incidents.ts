import { type AreaRows, NO_ID, PNG } from "../matrix.ts";

/** A report an allowed role must be able to file (the test clock's morning, before now). */
const report = (centerId: string, childId: string) => ({
  center_id: centerId,
  child_ids: [childId],
  incident_type: "injury",
  occurred_at: "2026-11-20T04:00:00.000Z",
  location: "Playground",
  description: "Grazed a knee on the slide.",
  first_aid: "Cleaned and a plaster applied.",
  witnesses: "",
  severity: "low",
});

/** The incidents routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids, homeStudent }) => [
  {
    route: "GET /api/incidents",
    foreign: `/api/incidents?center_id=${ids.otherCentre}`,
  },
  { route: "GET /api/incidents/counts" },
  { route: "GET /api/incidents/children" },
  {
    route: "GET /api/incidents/review-setting",
    url: `/api/incidents/review-setting?center_id=${ids.homeCentre}`,
    foreign: `/api/incidents/review-setting?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/incidents/review-setting",
    // Kept on (the default), so that the matrix's reports stay with the centre.
    payload: { center_id: ids.homeCentre, review_before_parents: true },
    foreign: "/api/incidents/review-setting",
    foreignPayload: { center_id: ids.otherCentre, review_before_parents: true },
  },
  {
    route: "POST /api/incidents",
    payload: report(ids.homeCentre, homeStudent),
    foreign: "/api/incidents",
    foreignPayload: report(ids.otherCentre, ids.otherStudent),
  },
  {
    route: "GET /api/incidents/:id",
    url: `/api/incidents/${NO_ID}`,
    foreign: `/api/incidents/${ids.otherIncident}`,
    status: 404,
  },
  {
    route: "PUT /api/incidents/:id",
    url: `/api/incidents/${NO_ID}`,
    foreign: `/api/incidents/${ids.otherIncident}`,
    payload: { ...report(ids.homeCentre, homeStudent), correction_reason: "Time corrected" },
    status: 404,
  },
  {
    route: "POST /api/incidents/:id/resolve",
    url: `/api/incidents/${NO_ID}/resolve`,
    foreign: `/api/incidents/${ids.otherIncident}/resolve`,
    payload: { resolution_notes: "x" },
    status: 404,
  },
  {
    route: "POST /api/incidents/:id/notify-parents",
    url: `/api/incidents/${NO_ID}/notify-parents`,
    foreign: `/api/incidents/${ids.otherIncident}/notify-parents`,
    status: 404,
  },
  {
    route: "POST /api/incidents/:id/photos",
    url: `/api/incidents/${NO_ID}/photos`,
    foreign: `/api/incidents/${ids.otherIncident}/photos`,
    status: 404,
    multipart: true,
    form: () => ({ files: [{ field: "photo", name: "knee.png", content: PNG }] }),
  },
  {
    route: "GET /api/incidents/:id/photos/:photoId",
    url: `/api/incidents/${NO_ID}/photos/${NO_ID}`,
    foreign: `/api/incidents/${ids.otherIncident}/photos/${NO_ID}`,
    family: `/api/incidents/${ids.otherFamilyIncident}/photos/${NO_ID}`,
    status: 404,
  },
];

export default rows;
