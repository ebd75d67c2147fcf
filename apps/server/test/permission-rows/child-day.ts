import { type AreaRows, NO_ID, PNG } from "../matrix.ts";

const MEDICATION = {
  name: "Paracetamol syrup",
  dose: "5 ml",
  schedule: "12:30",
  start_date: "2026-01-05",
  end_date: "2026-01-06",
  consent: true,
};

/** The child-day routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => {
  // The demo parent's child is in a room the demo teacher teaches (see demoIds).
  const observation = {
    fields: { child_id: ids.parentChild, date: "2026-11-19", milestone: "Physical development", notes: "Hopped" },
    files: [{ field: "attachments", name: "hop.png", content: PNG }],
  };
  const { other, otherFamily } = ids.childDay;
  return [
    // The child's day (issue 13): teachers record for their classrooms, staff read, parents read their own.
    {
      route: "GET /api/daily-activities/:childId",
      url: `/api/daily-activities/${NO_ID}`,
      status: 404,
      foreign: `/api/daily-activities/${ids.otherStudent}`,
    },
    // One log for several children (issue 30, point 9): a child of another centre refuses the whole batch.
    {
      route: "POST /api/daily-activities/batch",
      payload: { kind: "sleep", date: "2026-01-05", child_ids: [NO_ID], start_time: "13:00" },
      status: 404,
      foreign: "/api/daily-activities/batch",
      foreignPayload: { kind: "sleep", date: "2026-01-05", child_ids: [ids.otherStudent], start_time: "13:00" },
    },
    // The child's day as a timeline (issue 30, point 10): a parent's own child, staff per the centre's rule.
    {
      route: "GET /api/daily-activities/:childId/timeline",
      url: `/api/daily-activities/${NO_ID}/timeline`,
      status: 404,
      foreign: `/api/daily-activities/${ids.otherStudent}/timeline`,
      family: `/api/daily-activities/${ids.childDay.otherFamilyChild}/timeline`,
    },
    {
      route: "POST /api/daily-activities/sleep/:id/wake",
      url: `/api/daily-activities/sleep/${NO_ID}/wake`,
      payload: { end_time: "14:00" },
      status: 404,
      foreign: `/api/daily-activities/sleep/${other.nap}/wake`,
    },
    {
      route: "DELETE /api/daily-activities/:kind/:id",
      url: `/api/daily-activities/food/${NO_ID}`,
      status: 404,
      foreign: `/api/daily-activities/food/${other.meal}`,
    },
    {
      route: "GET /api/daily-activities/classroom/:classroomId",
      url: `/api/daily-activities/classroom/${NO_ID}`,
      status: 404,
      foreign: `/api/daily-activities/classroom/${ids.otherClassroom}`,
    },
    { route: "GET /api/daily-activities/my-classrooms" },
    {
      route: "GET /api/stars/:childId",
      url: `/api/stars/${NO_ID}`,
      status: 404,
      foreign: `/api/stars/${ids.otherStudent}`,
    },
    {
      route: "GET /api/observation-logs",
      otherRoom: `/api/observation-logs?child_id=${ids.otherRoomStudent}`,
    },
    // A centre's milestone list (issue 13, point 3): staff of the centre read it, its leadership and coordinators extend it.
    {
      route: "GET /api/observation-logs/milestones",
      url: `/api/observation-logs/milestones?center_id=${ids.homeCentre}`,
      foreign: `/api/observation-logs/milestones?center_id=${ids.otherCentre}`,
    },
    {
      route: "POST /api/observation-logs/milestones",
      payload: {
        center_id: ids.homeCentre,
        name: "Climbs stairs",
        area: "Physical development",
        source: "Centre's own",
      },
      payloadFor: (role) => ({
        center_id: ids.homeCentre,
        name: `Climbs stairs (${role})`,
        area: "Physical development",
        source: "Centre's own",
      }),
      foreign: "/api/observation-logs/milestones",
      foreignPayload: { center_id: ids.otherCentre, name: "Climbs stairs", source: "Centre's own" },
    },
    {
      route: "DELETE /api/observation-logs/milestones/:id",
      url: `/api/observation-logs/milestones/${NO_ID}`,
      status: 404,
      foreign: `/api/observation-logs/milestones/${other.milestone}`,
    },
    {
      route: "POST /api/observation-logs",
      multipart: true,
      form: () => observation,
      otherRoom: "/api/observation-logs",
      otherRoomForm: { ...observation, fields: { ...observation.fields, child_id: ids.otherRoomStudent } },
    },
    {
      route: "PUT /api/observation-logs/:id",
      url: `/api/observation-logs/${NO_ID}`,
      status: 404,
      foreign: `/api/observation-logs/${other.observation}`,
      multipart: true,
      form: () => observation,
      otherRoom: "/api/observation-logs",
      otherRoomForm: { ...observation, fields: { ...observation.fields, child_id: ids.otherRoomStudent } },
    },
    {
      route: "DELETE /api/observation-logs/:id",
      url: `/api/observation-logs/${NO_ID}`,
      status: 404,
      foreign: `/api/observation-logs/${other.observation}`,
    },
    {
      route: "GET /api/observation-logs/:id/attachments/:attachmentId",
      url: `/api/observation-logs/${NO_ID}/attachments/${NO_ID}`,
      status: 404,
      foreign: `/api/observation-logs/${other.observation}/attachments/${other.attachment}`,
      family: `/api/observation-logs/${otherFamily.observation}/attachments/${otherFamily.attachment}`,
    },
    // Health record (issue 13, point 4).
    {
      route: "GET /api/child-health/:childId",
      url: `/api/child-health/${NO_ID}`,
      status: 404,
      foreign: `/api/child-health/${ids.otherStudent}`,
    },
    {
      route: "POST /api/child-health/:childId/standing",
      url: `/api/child-health/${NO_ID}/standing`,
      payload: { kind: "allergy", details: "Peanuts" },
      status: 404,
      foreign: `/api/child-health/${ids.otherStudent}/standing`,
    },
    {
      route: "DELETE /api/child-health/standing/:id",
      url: `/api/child-health/standing/${NO_ID}`,
      status: 404,
      foreign: `/api/child-health/standing/${other.allergy}`,
      family: `/api/child-health/standing/${otherFamily.allergy}`,
    },
    {
      route: "POST /api/child-health/:childId/medications",
      url: `/api/child-health/${NO_ID}/medications`,
      payload: MEDICATION,
      status: 404,
      foreign: `/api/child-health/${ids.otherStudent}/medications`,
    },
    {
      route: "POST /api/child-health/medications/:id/withdraw",
      url: `/api/child-health/medications/${NO_ID}/withdraw`,
      status: 404,
      foreign: `/api/child-health/medications/${other.medication}/withdraw`,
      family: `/api/child-health/medications/${otherFamily.medication}/withdraw`,
    },
    {
      route: "POST /api/child-health/medications/:id/doses",
      url: `/api/child-health/medications/${NO_ID}/doses`,
      payload: { dose: "5 ml", given_time: "12:30" },
      status: 404,
      foreign: `/api/child-health/medications/${other.medication}/doses`,
    },
    {
      route: "POST /api/child-health/:childId/immunisations",
      url: `/api/child-health/${NO_ID}/immunisations`,
      payload: { vaccine: "MMR", date_given: "2026-01-10" },
      status: 404,
      foreign: `/api/child-health/${ids.otherStudent}/immunisations`,
    },
    {
      route: "DELETE /api/child-health/immunisations/:id",
      url: `/api/child-health/immunisations/${NO_ID}`,
      status: 404,
      foreign: `/api/child-health/immunisations/${other.immunisation}`,
      family: `/api/child-health/immunisations/${otherFamily.immunisation}`,
    },
    // The evening digest (issue 13, point 6).
    {
      route: "GET /api/child-day/digest-setting",
      url: `/api/child-day/digest-setting?center_id=${ids.homeCentre}`,
      foreign: `/api/child-day/digest-setting?center_id=${ids.otherCentre}`,
    },
    {
      route: "PUT /api/child-day/digest-setting",
      payload: { center_id: ids.homeCentre, digest_hour: 18 },
      foreign: "/api/child-day/digest-setting",
      foreignPayload: { center_id: ids.otherCentre, digest_hour: 18 },
    },
    { route: "GET /api/parents/digest" },
    { route: "PUT /api/parents/digest", payload: { daily_digest: true } },
  ];
};

export default rows;
