import { DEMO_PASSWORD } from "../../src/db/demo-seed.ts";
import { type AreaRows, NO_ID, PNG } from "../matrix.ts";

/** The attendance routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => [
  // Attendance (issue 11). Centre-wide views name the home centre; unknown ids answer 404.
  {
    route: "GET /api/attendance/rooms",
    url: `/api/attendance/rooms?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/rooms?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/attendance/roster",
    url: `/api/attendance/roster?classroom_id=${NO_ID}`,
    status: 404,
    foreign: `/api/attendance/roster?classroom_id=${ids.otherClassroom}`,
  },
  {
    route: "POST /api/attendance/check-in",
    payload: { student_id: NO_ID },
    status: 404,
    foreign: "/api/attendance/check-in",
    foreignPayload: { student_id: ids.otherStudent },
  },
  {
    route: "POST /api/attendance/check-out",
    payload: { student_id: NO_ID, pickup_person_id: NO_ID },
    status: 404,
    foreign: "/api/attendance/check-out",
    foreignPayload: { student_id: ids.otherStudent, pickup_person_id: NO_ID },
  },
  {
    route: "POST /api/attendance/absent",
    payload: { student_id: NO_ID, reason: "sick" },
    status: 404,
    foreign: "/api/attendance/absent",
    foreignPayload: { student_id: ids.otherStudent, reason: "sick" },
  },
  {
    route: "POST /api/attendance/undo",
    payload: { student_id: NO_ID, action: "check_in" },
    status: 404,
    foreign: "/api/attendance/undo",
    foreignPayload: { student_id: ids.otherStudent, action: "check_in" },
  },
  {
    route: "PUT /api/attendance/stays/:id",
    url: `/api/attendance/stays/${NO_ID}`,
    payload: { check_in_at: "2026-11-20T04:00:00.000Z", check_out_at: null, reason: "Tapped late" },
    status: 404,
    foreign: `/api/attendance/stays/${ids.otherStay}`,
  },
  {
    route: "GET /api/attendance/children/:studentId/pickup-people",
    url: `/api/attendance/children/${NO_ID}/pickup-people`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people`,
  },
  {
    route: "POST /api/attendance/children/:studentId/pickup-people",
    url: `/api/attendance/children/${NO_ID}/pickup-people`,
    payload: { name: "Meera Kapoor", relation: "Aunt", phone: "+91 98450 12345" },
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people`,
  },
  {
    route: "DELETE /api/attendance/children/:studentId/pickup-people/:id",
    url: `/api/attendance/children/${NO_ID}/pickup-people/${NO_ID}`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people/${NO_ID}`,
  },
  {
    route: "GET /api/attendance/ratio-settings",
    url: `/api/attendance/ratio-settings?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/ratio-settings?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/attendance/ratio-settings",
    payload: {
      center_id: ids.homeCentre,
      children_per_staff: { under_3: 10, three_to_six: 20 },
      classroom_bands: [],
      shift_hours: 9,
    },
    foreign: "/api/attendance/ratio-settings",
    foreignPayload: {
      center_id: ids.otherCentre,
      children_per_staff: { under_3: 10, three_to_six: 20 },
      classroom_bands: [],
    },
  },
  {
    route: "GET /api/attendance/staff",
    url: `/api/attendance/staff?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/staff?center_id=${ids.otherCentre}`,
  },
  { route: "POST /api/attendance/clock-in" },
  { route: "POST /api/attendance/clock-out" },
  {
    route: "GET /api/attendance/headcount",
    url: `/api/attendance/headcount?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/headcount?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/attendance/headcount/mark",
    payload: { student_id: NO_ID, accounted: true },
    status: 404,
    foreign: "/api/attendance/headcount/mark",
    foreignPayload: { student_id: ids.otherStudent, accounted: true },
  },
  { route: "PUT /api/attendance/pin", payload: { pin: "2468" } },
  {
    route: "GET /api/attendance/kiosk/search",
    url: `/api/attendance/kiosk/search?q=Aa&center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/kiosk/search?q=Aa&center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/attendance/kiosk/child",
    payload: { student_id: NO_ID, pin: "2468", action: "check_in" },
    status: 404,
    foreign: "/api/attendance/kiosk/child",
    foreignPayload: { student_id: ids.otherStudent, pin: "2468", action: "check_in" },
  },
  {
    route: "POST /api/attendance/kiosk/staff",
    payload: { user_id: NO_ID, pin: "2468" },
    status: 404,
  },
  {
    route: "POST /api/attendance/kiosk/unlock",
    payload: { password: DEMO_PASSWORD },
  },
  {
    route: "GET /api/attendance/reports",
    url: `/api/attendance/reports?kind=daily&center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/reports?kind=daily&center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/attendance/leave",
    url: `/api/attendance/leave?center_id=${ids.homeCentre}`,
    foreign: `/api/attendance/leave?center_id=${ids.otherCentre}`,
  },
  // Owners and the super admin work at no centre: they take no leave of their own.
  {
    route: "POST /api/attendance/leave",
    payload: { start_date: "2026-12-01", end_date: "2026-12-02", leave_type: "casual", note: "" },
  },
  {
    route: "POST /api/attendance/leave/:id/decision",
    url: `/api/attendance/leave/${NO_ID}/decision`,
    payload: { status: "approved" },
    status: 404,
    foreign: `/api/attendance/leave/${ids.otherLeave}/decision`,
  },
  {
    route: "POST /api/attendance/leave/:id/cancel",
    url: `/api/attendance/leave/${NO_ID}/cancel`,
    status: 404,
    foreign: `/api/attendance/leave/${ids.otherLeave}/cancel`,
  },
  {
    route: "PUT /api/attendance/children/:studentId/pickup-people/:id/photo",
    url: `/api/attendance/children/${NO_ID}/pickup-people/${NO_ID}/photo`,
    status: 404,
    multipart: true,
    form: () => ({ files: [{ field: "photo", name: "aunt.png", content: PNG }] }),
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people/${NO_ID}/photo`,
  },
  {
    route: "DELETE /api/attendance/children/:studentId/pickup-people/:id/photo",
    url: `/api/attendance/children/${NO_ID}/pickup-people/${NO_ID}/photo`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people/${NO_ID}/photo`,
  },
  {
    route: "GET /api/attendance/children/:studentId/pickup-people/:id/photo",
    url: `/api/attendance/children/${NO_ID}/pickup-people/${NO_ID}/photo`,
    status: 404,
    foreign: `/api/attendance/children/${ids.otherStudent}/pickup-people/${NO_ID}/photo`,
  },
];

export default rows;
