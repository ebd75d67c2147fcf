import { ALL, type AreaRows, CLASSROOM_VIEW, NO_ID } from "../../../test/matrix.ts";

/** The communication routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => [
  // Communication (issue 14): announcements, messages, parent feedback. Unknown ids answer 404.
  {
    route: "GET /api/classroom-announcements/:classroomId",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/classroom-announcements/${NO_ID}`,
    status: 404,
    foreign: `/api/classroom-announcements/${ids.otherClassroom}`,
  },
  {
    route: "POST /api/classroom-announcements",
    allowed: ["teacher"],
    payload: { classroom_id: NO_ID, title: "Trip", message: "Bring a hat" },
    status: 404,
    foreign: "/api/classroom-announcements",
    foreignPayload: { classroom_id: ids.otherClassroom, title: "Trip", message: "Bring a hat" },
  },
  {
    route: "POST /api/classroom-announcements/:id/read",
    allowed: [...CLASSROOM_VIEW, "parent"],
    url: `/api/classroom-announcements/${NO_ID}/read`,
    status: 404,
  },
  { route: "GET /api/communication/unread", allowed: ALL },
  { route: "GET /api/notifications", allowed: ALL },
  { route: "POST /api/notifications/read", allowed: ALL },
  {
    route: "GET /api/communication/reminder-setting",
    allowed: ["owner", "center_director"],
    url: `/api/communication/reminder-setting?center_id=${ids.homeCentre}`,
    foreign: `/api/communication/reminder-setting?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/communication/reminder-setting",
    allowed: ["owner", "center_director"],
    payload: { center_id: ids.homeCentre, unread_reminder_hours: 24 },
    foreign: "/api/communication/reminder-setting",
    foreignPayload: { center_id: ids.otherCentre, unread_reminder_hours: 24 },
  },
  { route: "GET /api/messaging/threads", allowed: ["owner", "center_director", "teacher", "parent"] },
  {
    route: "POST /api/messaging/threads",
    allowed: ["teacher", "parent"],
    payload: { child_id: NO_ID, teacher_id: NO_ID, parent_id: NO_ID },
    status: 404,
    foreign: "/api/messaging/threads",
    foreignPayload: { child_id: ids.otherStudent, teacher_id: NO_ID, parent_id: NO_ID },
  },
  { route: "GET /api/messaging/contacts", allowed: ["parent"] },
  { route: "GET /api/messaging/families", allowed: ["teacher"] },
  {
    route: "GET /api/messaging/threads/:id/messages",
    allowed: ["owner", "center_director", "teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/messages`,
    status: 404,
  },
  {
    route: "POST /api/messaging/threads/:id/messages",
    allowed: ["teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/messages`,
    payload: { recipient_id: NO_ID, content: "Hello" },
    status: 404,
  },
  {
    route: "POST /api/messaging/threads/:id/read",
    allowed: ["teacher", "parent"],
    url: `/api/messaging/threads/${NO_ID}/read`,
    status: 404,
  },
  {
    route: "POST /api/parent-feedback",
    allowed: ["parent"],
    payload: { child_id: NO_ID, category: "food", rating: 4, comment: "Lovely meals" },
    status: 404,
    foreign: "/api/parent-feedback",
    foreignPayload: { child_id: ids.otherStudent, category: "food", rating: 4, comment: "Lovely meals" },
  },
  {
    route: "GET /api/parent-feedback",
    allowed: ["owner", "center_director", "parent"],
    url: `/api/parent-feedback?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/parent-feedback/summary",
    allowed: ["owner", "center_director"],
    url: `/api/parent-feedback/summary?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback/summary?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/parent-feedback/:id/respond",
    allowed: ["owner", "center_director"],
    url: `/api/parent-feedback/${NO_ID}/respond`,
    payload: { response: "Thank you" },
    status: 404,
  },
  // Notices from the communication desk (owner, director) and the parents' notices list.
  {
    route: "POST /api/notices",
    allowed: ["owner", "center_director"],
    payload: { center_id: ids.homeCentre, title: "Holiday", message: "The centre is closed on Monday" },
    foreign: "/api/notices",
    foreignPayload: { center_id: ids.otherCentre, title: "Holiday", message: "The centre is closed on Monday" },
  },
  {
    route: "GET /api/notices/sent",
    allowed: ["owner", "center_director"],
    url: `/api/notices/sent?center_id=${ids.homeCentre}`,
    foreign: `/api/notices/sent?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/notices/:id/not-read",
    allowed: ["owner", "center_director"],
    url: `/api/notices/${NO_ID}/not-read`,
    status: 404,
  },
  { route: "GET /api/notices", allowed: ["parent"] },
  { route: "POST /api/notices/:id/read", allowed: ["parent"], url: `/api/notices/${NO_ID}/read`, status: 404 },
];

export default rows;
