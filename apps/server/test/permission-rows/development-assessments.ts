import { type AreaRows, NO_ID } from "../matrix.ts";

/** Terms and term assessments (issue 36, point 3). Writes on a child name no child: 404 to allowed roles. */
const rows: AreaRows = ({ ids }) => {
  const { homeTerm, otherRoomTerm, otherTerm } = ids.assessments;
  const terms = "/api/development/terms";
  const term = (name: string) => ({
    center_id: ids.homeCentre,
    name,
    starts_on: "2027-01-01",
    ends_on: "2027-03-31",
    classroom_ids: ids.teacherRooms,
  });
  const child = (termId: string, childId: string, tail = "") =>
    `${terms}/${termId}/children/${childId}/assessment${tail}`;
  const perChild = (method: string, tail: string, payload?: unknown, reads = false) => ({
    route: `${method} ${terms}/:id/children/:childId/assessment${tail}`,
    url: child(homeTerm, reads ? ids.teacherRoomStudent : NO_ID, tail),
    ...(reads ? {} : { status: 404 }),
    ...(payload === undefined ? {} : { payload }),
    foreign: child(otherTerm, ids.otherStudent, tail),
    otherRoom: child(homeTerm, ids.otherRoomStudent, tail),
  });
  return [
    {
      route: `POST ${terms}`,
      payload: term("Matrix spring term"),
      payloadFor: (role) => term(`Matrix spring term ${role}`),
      foreign: terms,
      foreignPayload: {
        ...term("Matrix foreign term"),
        center_id: ids.otherCentre,
        classroom_ids: [ids.otherClassroom],
      },
    },
    { route: `GET ${terms}` },
    {
      route: `GET ${terms}/:id`,
      url: `${terms}/${homeTerm}`,
      foreign: `${terms}/${otherTerm}`,
      otherRoom: `${terms}/${otherRoomTerm}`,
    },
    {
      route: `PATCH ${terms}/:id`,
      url: `${terms}/${homeTerm}`,
      payload: { name: "Matrix term" },
      foreign: `${terms}/${otherTerm}`,
    },
    {
      route: `GET ${terms}/:id/children`,
      url: `${terms}/${homeTerm}/children`,
      foreign: `${terms}/${otherTerm}/children`,
      otherRoom: `${terms}/${homeTerm}/children?classroom_id=${ids.otherRoomClassroom}`,
    },
    {
      route: `POST ${terms}/:id/publish`,
      url: `${terms}/${homeTerm}/publish`,
      payload: { classroom_id: ids.teacherRooms[0] },
      foreign: `${terms}/${otherTerm}/publish`,
      foreignPayload: { classroom_id: ids.otherClassroom },
    },
    perChild("GET", "", undefined, true),
    perChild("PUT", "", { levels: [] }),
    perChild("POST", "/submit"),
    perChild("POST", "/publish"),
    perChild("POST", "/reissue", { reason: "Matrix reason" }),
    perChild("GET", "/history", undefined, true),
  ];
};
export default rows;
