import { type AreaRows, NO_ID } from "../matrix.ts";

/** The communication routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => [
  // Communication (issue 14): announcements, messages, parent feedback. Unknown ids answer 404.
  {
    route: "GET /api/classroom-announcements/:classroomId",
    url: `/api/classroom-announcements/${NO_ID}`,
    status: 404,
    foreign: `/api/classroom-announcements/${ids.otherClassroom}`,
  },
  {
    route: "POST /api/classroom-announcements",
    payload: { classroom_id: NO_ID, title: "Trip", message: "Bring a hat" },
    status: 404,
    foreign: "/api/classroom-announcements",
    foreignPayload: { classroom_id: ids.otherClassroom, title: "Trip", message: "Bring a hat" },
  },
  {
    route: "POST /api/classroom-announcements/:id/read",
    url: `/api/classroom-announcements/${NO_ID}/read`,
    status: 404,
    foreign: `/api/classroom-announcements/${ids.otherAnnouncement}/read`,
    family: `/api/classroom-announcements/${ids.otherFamilyAnnouncement}/read`,
  },
  { route: "GET /api/communication/unread" },
  { route: "GET /api/notifications" },
  { route: "POST /api/notifications/read" },
  {
    route: "GET /api/communication/reminder-setting",
    url: `/api/communication/reminder-setting?center_id=${ids.homeCentre}`,
    foreign: `/api/communication/reminder-setting?center_id=${ids.otherCentre}`,
  },
  {
    route: "PUT /api/communication/reminder-setting",
    payload: { center_id: ids.homeCentre, unread_reminder_hours: 24 },
    foreign: "/api/communication/reminder-setting",
    foreignPayload: { center_id: ids.otherCentre, unread_reminder_hours: 24 },
  },
  { route: "GET /api/messaging/threads" },
  {
    route: "POST /api/messaging/threads",
    payload: { child_id: NO_ID, teacher_id: NO_ID, parent_id: NO_ID },
    status: 404,
    foreign: "/api/messaging/threads",
    foreignPayload: { child_id: ids.otherStudent, teacher_id: NO_ID, parent_id: NO_ID },
  },
  { route: "GET /api/messaging/contacts" },
  { route: "GET /api/messaging/families" },
  {
    route: "GET /api/messaging/threads/:id/messages",
    url: `/api/messaging/threads/${NO_ID}/messages`,
    status: 404,
    foreign: `/api/messaging/threads/${ids.otherThread}/messages`,
    family: `/api/messaging/threads/${ids.otherFamilyThread}/messages`,
  },
  {
    route: "POST /api/messaging/threads/:id/messages",
    url: `/api/messaging/threads/${NO_ID}/messages`,
    payload: { recipient_id: NO_ID, content: "Hello" },
    status: 404,
    foreign: `/api/messaging/threads/${ids.otherThread}/messages`,
    family: `/api/messaging/threads/${ids.otherFamilyThread}/messages`,
  },
  {
    route: "POST /api/messaging/threads/:id/read",
    url: `/api/messaging/threads/${NO_ID}/read`,
    status: 404,
    foreign: `/api/messaging/threads/${ids.otherThread}/read`,
    family: `/api/messaging/threads/${ids.otherFamilyThread}/read`,
  },
  {
    route: "POST /api/parent-feedback",
    payload: { child_id: NO_ID, category: "food", rating: 4, comment: "Lovely meals" },
    status: 404,
    foreign: "/api/parent-feedback",
    foreignPayload: { child_id: ids.otherStudent, category: "food", rating: 4, comment: "Lovely meals" },
  },
  {
    route: "GET /api/parent-feedback",
    url: `/api/parent-feedback?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/parent-feedback/summary",
    url: `/api/parent-feedback/summary?center_id=${ids.homeCentre}`,
    foreign: `/api/parent-feedback/summary?center_id=${ids.otherCentre}`,
  },
  {
    route: "POST /api/parent-feedback/:id/respond",
    url: `/api/parent-feedback/${NO_ID}/respond`,
    payload: { response: "Thank you" },
    status: 404,
    foreign: `/api/parent-feedback/${ids.otherFeedback}/respond`,
  },
  // Notices from the communication desk (owner, director) and the parents' notices list.
  {
    route: "POST /api/notices",
    payload: { center_id: ids.homeCentre, title: "Holiday", message: "The centre is closed on Monday" },
    foreign: "/api/notices",
    foreignPayload: { center_id: ids.otherCentre, title: "Holiday", message: "The centre is closed on Monday" },
  },
  {
    route: "GET /api/notices/sent",
    url: `/api/notices/sent?center_id=${ids.homeCentre}`,
    foreign: `/api/notices/sent?center_id=${ids.otherCentre}`,
  },
  {
    route: "GET /api/notices/:id/not-read",
    url: `/api/notices/${NO_ID}/not-read`,
    status: 404,
    foreign: `/api/notices/${ids.otherNotice}/not-read`,
  },
  { route: "GET /api/notices" },
  {
    route: "POST /api/notices/:id/read",
    url: `/api/notices/${NO_ID}/read`,
    status: 404,
    foreign: `/api/notices/${ids.otherNotice}/read`,
    family: `/api/notices/${ids.otherFamilyNotice}/read`,
  },
];

export default rows;
