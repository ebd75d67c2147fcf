import type { AlertSeverity, AlertType } from "../schemas/emergency.ts";

/**
 * The realtime events (spec 2, sections 4 and 7), typed once for the server and the web client.
 * An event says what changed and carries only what the receiving screen shows; anything more is
 * fetched through the authorised API.
 */

/** spec: "Received alert: id, type, severity, message, location, triggered_at" (staff rooms). */
/**
 * Events name what happened and carry no content (issue 31): the alert's words, where and what to
 * do are fetched from `GET /api/emergency/active`, which gives staff the alert and families the
 * calm notice. Kind and severity let a screen choose how loudly to fetch.
 */
export interface EmergencyAlertEvent {
  id: string;
  center_id: string;
  type: AlertType;
  severity: AlertSeverity;
  triggered_at: string;
}

/** What a family room receives instead: that a notice is waiting for it. */
export interface EmergencyNoticeEvent {
  id: string;
  type: AlertType;
  triggered_at: string;
}

/** The spec's event carried the resolution notes; staff read them from the alert. */
export interface EmergencyResolvedEvent {
  alert_id: string;
}

/** Who acknowledged (their id); the names are in the alert the director's screen fetches. */
export interface EmergencyAcknowledgedEvent {
  alert_id: string;
  user_id: string;
  acknowledged_at: string;
}

/**
 * The centre's staff room: a report was filed. The spec's event carried its type, date and
 * severity; it names the report and the lists refetch what the reader may see (issue 31).
 */
export interface NewIncidentEvent {
  id: string;
}

/** The centre's staff room: a report was shared with the parents, or a parent acknowledged it. */
export interface IncidentUpdateEvent {
  id: string;
}

/** A parent's own room: a report about their child is ready to read. */
export interface IncidentReportEvent {
  id: string;
}

/**
 * A KPI of the centre was measured or its target changed. The spec's event carried the value; the
 * staff room includes teachers, who do not read the dashboard, so it names the metric and open
 * dashboards refetch (issue 31).
 */
export interface DashboardUpdateEvent {
  type: "kpi-update";
  metric_name: string;
}

/** The centre's staff room: a budget request was raised or decided (issue 12 feeds the director's page). */
export interface BudgetUpdateEvent {
  center_id: string;
  request_id: string;
  status: "pending" | "approved" | "rejected";
}

export interface StaffStatusUpdateEvent {
  presentCount: number;
  onLeaveCount: number;
  overtimeCount: number;
}

/** Attendance changed at a centre (a check-in, a shift, a headcount tick): refetch the views. */
export interface AttendanceUpdateEvent {
  center_id: string;
  classroom_id: string | null;
}

/** Something was recorded about a child's day (issue 13): the portal and class list refetch. */
export interface ChildDayUpdateEvent {
  child_id: string;
  date: string;
  kind: "food" | "sleep" | "potty" | "star" | "health" | "dose" | "observation";
}

/**
 * The child's own family only (their guardians' user rooms), never the classroom's families:
 * something about the child changed (an arrival, a departure and who collected, an absence,
 * corrected times; a photo or clip of the child added or removed). It names no content: the
 * parent's home and gallery refetch through the authorised API. Sent after the write commits.
 */
export interface ChildUpdateEvent {
  child_id: string;
  kind: "attendance" | "portfolio";
}

/** Leadership's own rooms (those who answer feedback), not the whole staff room. */
export interface NewFeedbackEvent {
  id: string;
}

/**
 * A user's own room: a teacher posted to a classroom of one of their children (issue 14). Ids
 * only (issue 31): the board refetches the post through the API.
 */
export interface NewAnnouncementEvent {
  id: string;
  classroom_id: string;
  posted_at: string;
}

/**
 * Both parties' own rooms: a message of a thread they are part of (issue 14). The spec's event
 * also carried the text; it names the message and the open conversation refetches it (issue 31).
 */
export interface NewMessageEvent {
  id: string;
  thread_id: string;
  sender_id: string;
  recipient_id: string;
  sent_at: string;
}

/**
 * Leadership's own rooms: a message landed in a thread of a centre they oversee. No content: the
 * oversight view refetches its list through the authorised API.
 */
export interface ThreadActivityEvent {
  thread_id: string;
  center_id: string;
}

/** A parent's own room: the centre answered their feedback. */
export interface FeedbackResponseEvent {
  id: string;
}

/** A user's own room: a new line in their bell (issue 14, point 6). */
export interface NotificationEvent {
  id: string;
  kind: string;
}

/** The centre's staff room: a parent opened a notice, so its "not read yet" list changed. */
export interface NoticeReadEvent {
  notice_id: string;
}

/** Refusals and problems the server tells a socket about. */
export interface RealtimeErrorEvent {
  event: string;
  message: string;
}

export interface ServerToClientEvents {
  "dashboard-update": (event: DashboardUpdateEvent) => void;
  "emergency-alert": (event: EmergencyAlertEvent) => void;
  "emergency-notice": (event: EmergencyNoticeEvent) => void;
  "emergency-resolved": (event: EmergencyResolvedEvent) => void;
  "emergency-acknowledged": (event: EmergencyAcknowledgedEvent) => void;
  "staff-status-update": (event: StaffStatusUpdateEvent) => void;
  "budget-update": (event: BudgetUpdateEvent) => void;
  "attendance-update": (event: AttendanceUpdateEvent) => void;
  "new-incident": (event: NewIncidentEvent) => void;
  "incident-report": (event: IncidentReportEvent) => void;
  "incident-update": (event: IncidentUpdateEvent) => void;
  "new-feedback": (event: NewFeedbackEvent) => void;
  "child-day-update": (event: ChildDayUpdateEvent) => void;
  "child-update": (event: ChildUpdateEvent) => void;
  "new-announcement": (event: NewAnnouncementEvent) => void;
  "new-message": (event: NewMessageEvent) => void;
  "thread-activity": (event: ThreadActivityEvent) => void;
  "feedback-response": (event: FeedbackResponseEvent) => void;
  notification: (event: NotificationEvent) => void;
  "notice-read": (event: NoticeReadEvent) => void;
  joined: (room: { center_id: string }) => void;
  error: (event: RealtimeErrorEvent) => void;
}

export interface ClientToServerEvents {
  "join-center": (centerId: string) => void;
  "subscribe-dashboard": (payload: { centerId: string; userId: string }) => void;
}

/** The handshake's `auth` object: the same tokens the API calls carry. */
export interface RealtimeAuth {
  token: string;
  sessionToken: string;
}

export const REALTIME_PATH = "/socket.io";
/** spec 2, section 7: reconnect delay 1 s to 5 s, timeout 20 s. */
export const RECONNECT_DELAY_MS = 1000;
export const RECONNECT_DELAY_MAX_MS = 5000;
export const CONNECT_TIMEOUT_MS = 20_000;

export const REALTIME_MESSAGES = {
  noToken: "Authentication required",
  session: "Session expired. Please log in again.",
  centreRefused: "You cannot join this centre",
} as const;
