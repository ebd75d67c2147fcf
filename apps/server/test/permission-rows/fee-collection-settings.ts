import type { AreaRows } from "../matrix.ts";

/** The centre's collection settings and the accountant's export (issue 35, points 1 and 7). */
const rows: AreaRows = ({ ids }) => {
  const settings = {
    upi_vpa: "matrix@okhdfcbank",
    upi_payee_name: "Matrix Centre",
    gstin: "",
    legal_name: "",
    tax_address: "",
    series_code: "",
    reminders_enabled: true,
  };
  return [
    {
      route: "GET /api/centers/:id/collection-settings",
      url: `/api/centers/${ids.homeCentre}/collection-settings`,
      foreign: `/api/centers/${ids.otherCentre}/collection-settings`,
    },
    {
      route: "PUT /api/centers/:id/collection-settings",
      url: `/api/centers/${ids.homeCentre}/collection-settings`,
      payload: settings,
      foreign: `/api/centers/${ids.otherCentre}/collection-settings`,
    },
    {
      route: "GET /api/accounts/export",
      url: `/api/accounts/export?center_id=${ids.homeCentre}&from=2026-11-01&to=2026-11-30&format=csv`,
      foreign: `/api/accounts/export?center_id=${ids.otherCentre}&from=2026-11-01&to=2026-11-30&format=csv`,
    },
  ];
};
export default rows;
