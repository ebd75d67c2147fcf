import type { AreaRows } from "../matrix.ts";

/** The push routes of the permission matrix: everyone signed in manages their own devices. */
const keys = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};

const rows: AreaRows = () => [
  { route: "GET /api/push/public-key" },
  {
    route: "POST /api/push/subscriptions",
    // The harness accepts push.sprout.test (a name that never resolves) beside the known services.
    payload: { endpoint: "https://push.sprout.test/matrix/example", keys },
    payloadFor: (role) => ({ endpoint: `https://push.sprout.test/matrix/${role}`, keys }),
  },
  {
    route: "DELETE /api/push/subscriptions",
    payload: { endpoint: "https://push.sprout.test/matrix/none" },
  },
  { route: "GET /api/push/subscriptions" },
  { route: "GET /api/notification-preferences" },
  { route: "PUT /api/notification-preferences", payload: { photos: true } },
];

export default rows;
