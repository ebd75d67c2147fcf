import { type AreaRows, NO_ID } from "../matrix.ts";

/** The Center Director routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => {
  const event = {
    center_id: ids.homeCentre,
    title: "Matrix fire drill",
    event_date: "2030-01-15",
    kind: "safety_drill",
  };
  return [
    {
      route: "GET /api/center-director/dashboard",
      url: `/api/center-director/dashboard?centerId=${ids.homeCentre}`,
      foreign: `/api/center-director/dashboard?centerId=${ids.otherCentre}`,
    },
    {
      route: "PUT /api/center-director/kpi-targets/:metric",
      url: "/api/center-director/kpi-targets/occupancy",
      payload: { center_id: ids.homeCentre, target_value: 90 },
      foreign: "/api/center-director/kpi-targets/occupancy",
      foreignPayload: { center_id: ids.otherCentre, target_value: 90 },
    },
    {
      route: "GET /api/center-director/staff-overview",
      url: `/api/center-director/staff-overview?center_id=${ids.homeCentre}`,
      foreign: `/api/center-director/staff-overview?center_id=${ids.otherCentre}`,
    },
    {
      route: "GET /api/center-director/staff-reviews",
      url: `/api/center-director/staff-reviews?center_id=${ids.homeCentre}&page=1`,
      foreign: `/api/center-director/staff-reviews?center_id=${ids.otherCentre}`,
    },
    {
      route: "POST /api/center-director/staff-reviews",
      payload: {
        staff_id: NO_ID,
        period_start: "2026-04-01",
        period_end: "2026-09-30",
        overall_rating: "meets_expectations",
        notes: "Matrix",
      },
      status: 404,
    },
    {
      route: "GET /api/center-director/tasks",
      url: `/api/center-director/tasks?center_id=${ids.homeCentre}&limit=10`,
      foreign: `/api/center-director/tasks?center_id=${ids.otherCentre}`,
    },
    {
      route: "GET /api/center-director/calendar",
      url: `/api/center-director/calendar?center_id=${ids.homeCentre}`,
      foreign: `/api/center-director/calendar?center_id=${ids.otherCentre}`,
    },
    {
      route: "POST /api/center-director/calendar",
      payload: event,
      foreign: "/api/center-director/calendar",
      foreignPayload: { ...event, center_id: ids.otherCentre },
    },
    {
      route: "PUT /api/center-director/calendar/:id",
      url: `/api/center-director/calendar/${NO_ID}`,
      payload: event,
      status: 404,
      foreign: `/api/center-director/calendar/${ids.otherCalendarEvent}`,
    },
    {
      route: "DELETE /api/center-director/calendar/:id",
      url: `/api/center-director/calendar/${NO_ID}`,
      status: 404,
      foreign: `/api/center-director/calendar/${ids.otherCalendarEvent}`,
    },
  ];
};
export default rows;
