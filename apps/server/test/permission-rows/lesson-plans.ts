import { type AreaRows, NO_ID } from "../matrix.ts";

/** The lesson-plan routes of the permission matrix (issue 16). */
const rows: AreaRows = ({ ids }) => {
  const plan = (classroomId: string) => ({
    topic: "Colours of the rainbow",
    date: "2026-11-23",
    classroom_id: classroomId,
    objectives: ["Name five colours"],
    activities: ["Finger painting"],
    resources: ["Paint"],
  });
  const other = `/api/lesson-plans/${ids.otherLessonPlan}`;
  return [
    { route: "GET /api/lesson-plans" },
    { route: "GET /api/lesson-plans/today" },
    {
      route: "POST /api/lesson-plans",
      payload: plan(NO_ID),
      status: 404,
      foreign: "/api/lesson-plans",
      foreignPayload: plan(ids.otherClassroom),
    },
    {
      route: "PUT /api/lesson-plans/:id",
      url: `/api/lesson-plans/${NO_ID}`,
      payload: plan(NO_ID),
      status: 404,
      // Another centre's plan, moved to a room of the caller's own centre: still not theirs.
      foreign: other,
      foreignPayload: plan(ids.teacherClassroom),
    },
    {
      route: "DELETE /api/lesson-plans/:id",
      url: `/api/lesson-plans/${NO_ID}`,
      status: 404,
      foreign: other,
    },
    {
      route: "PATCH /api/lesson-plans/:id/checkoff",
      url: `/api/lesson-plans/${NO_ID}/checkoff`,
      payload: { objectives_done: true },
      status: 404,
      foreign: `${other}/checkoff`,
      otherRoomRefused: "teachers read the centre's plans and check off only their rooms'",
    },
  ];
};

export default rows;
