import { type AreaRows, NO_ID, PDF } from "../matrix.ts";

/** The budget routes of the permission matrix (see permission-matrix.test.ts). */
const rows: AreaRows = ({ ids }) => {
  const limit = {
    center_id: NO_ID,
    role: "admin",
    approval_limit: 1000,
    fiscal_year: "2026-27",
    is_active: true,
    notes: "Matrix",
  };
  return [
    { route: "GET /api/financial-manager/dashboard" },
    {
      route: "GET /api/financial-manager/budget-limits",
      url: "/api/financial-manager/budget-limits?search=admin",
    },
    {
      route: "POST /api/financial-manager/budget-limits",
      payload: limit,
      status: 404,
      foreign: "/api/financial-manager/budget-limits",
      foreignPayload: { ...limit, center_id: ids.otherCentre },
    },
    {
      route: "PUT /api/financial-manager/budget-limits/:id",
      url: `/api/financial-manager/budget-limits/${NO_ID}`,
      payload: { ...limit, center_id: ids.homeCentre },
      status: 404,
      foreign: `/api/financial-manager/budget-limits/${ids.otherBudgetLimit}`,
    },
    {
      route: "PUT /api/financial-manager/approvals/:id",
      url: `/api/financial-manager/approvals/${NO_ID}`,
      payload: { action: "approve", notes: "Matrix" },
      status: 404,
      foreign: `/api/financial-manager/approvals/${ids.otherBudgetRequest}`,
    },
    {
      route: "GET /api/budget/requests",
      url: "/api/budget/requests?status=pending",
    },
    {
      route: "POST /api/budget/requests",
      payload: {
        center_id: ids.homeCentre,
        description: "Matrix request",
        amount: 10,
        category: "other",
        justification: "Matrix",
      },
      foreign: "/api/budget/requests",
      foreignPayload: {
        center_id: ids.otherCentre,
        description: "Matrix request",
        amount: 10,
        category: "other",
        justification: "Matrix",
      },
    },
    {
      route: "GET /api/budget/centres",
    },
    { route: "GET /api/expenses", url: "/api/expenses?category=rent" },
    {
      route: "POST /api/expenses/upload-receipt",
      multipart: true,
      form: () => ({ files: [{ field: "receipt", name: "receipt.pdf", content: PDF }] }),
    },
    {
      route: "POST /api/budget/quotes",
      multipart: true,
      form: () => ({ files: [{ field: "quote", name: "quote.pdf", content: PDF }] }),
    },
    {
      route: "GET /api/budget/quotes/:id",
      url: `/api/budget/quotes/${NO_ID}`,
      status: 404,
      foreign: `/api/budget/quotes/${ids.otherBudgetQuote}`,
    },
    {
      route: "POST /api/expenses/log",
      payload: { center_id: ids.homeCentre, date: "2026-11-19", amount: 10, category: "food", description: "Matrix" },
      foreign: "/api/expenses/log",
      foreignPayload: { center_id: ids.otherCentre, amount: 10, category: "food", description: "Matrix" },
    },
    {
      route: "GET /api/expenses/receipts/:id",
      url: `/api/expenses/receipts/${NO_ID}`,
      status: 404,
      foreign: `/api/expenses/receipts/${ids.otherReceipt}`,
    },
    {
      route: "GET /api/expenses/export",
      url: "/api/expenses/export?start_date=2026-11-01&status=pending",
    },
  ];
};
export default rows;
