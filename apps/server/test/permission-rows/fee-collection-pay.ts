import { type AreaRows, NO_ID } from "../matrix.ts";

/* Paying by UPI, payment claims and receipts (issue 35). */
const rows: AreaRows = ({ ids }) => [
  {
    route: "GET /api/invoices/:id/upi",
    url: `/api/invoices/${NO_ID}/upi`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/upi`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/upi`,
  },
  {
    route: "POST /api/invoices/:id/payment-claims",
    url: `/api/invoices/${NO_ID}/payment-claims`,
    payload: { utr: "512345678901", amount: 100, paid_on: "2026-11-01" },
    status: 404,
    family: `/api/invoices/${ids.otherFamilyInvoice}/payment-claims`,
  },
  {
    route: "GET /api/invoices/:id/payment-claims",
    url: `/api/invoices/${NO_ID}/payment-claims`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/payment-claims`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/payment-claims`,
  },
  { route: "GET /api/payment-claims" },
  {
    route: "POST /api/payment-claims/:id/confirm",
    url: `/api/payment-claims/${NO_ID}/confirm`,
    status: 404,
  },
  {
    route: "POST /api/payment-claims/:id/reject",
    url: `/api/payment-claims/${NO_ID}/reject`,
    payload: { reason: "No such credit in the statement" },
    status: 404,
  },
  {
    route: "GET /api/payments/:id/receipt",
    url: `/api/payments/${NO_ID}/receipt`,
    status: 404,
  },
];
export default rows;
