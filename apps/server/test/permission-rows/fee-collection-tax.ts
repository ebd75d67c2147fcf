import { type AreaRows, NO_ID } from "../matrix.ts";

/* Credit notes (issue 35 item 5). A note is always named under its invoice, so scope is the invoice's. */
const rows: AreaRows = ({ ids }) => [
  {
    // Issuing against an unknown invoice: the allowed roles get 404, the others 403.
    route: "POST /api/invoices/:id/credit-notes",
    url: `/api/invoices/${NO_ID}/credit-notes`,
    payload: { reason: "Day-care hours not used", lines: [{ description: "Day-care hours, 2 days", amount: 590 }] },
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/credit-notes`,
  },
  {
    route: "GET /api/invoices/:id/credit-notes/:noteId",
    url: `/api/invoices/${NO_ID}/credit-notes/${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/credit-notes/${NO_ID}`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/credit-notes/${NO_ID}`,
  },
  {
    // An unknown note is "not found" before any second factor is asked for.
    route: "GET /api/invoices/:id/credit-notes/:noteId/pdf",
    url: `/api/invoices/${NO_ID}/credit-notes/${NO_ID}/pdf`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/credit-notes/${NO_ID}/pdf`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/credit-notes/${NO_ID}/pdf`,
  },
];
export default rows;
