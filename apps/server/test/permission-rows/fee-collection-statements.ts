import { type AreaRows, NO_ID } from "../matrix.ts";

/** A real-looking generic statement with one credit: every allowed role's upload reads it (the second adds nothing). */
const STATEMENT = Buffer.from("Date,Narration,Credit Amount,Reference\n18/11/2026,NEFT fee Matrix,1500.00,MATRIX-1\n");

const rows: AreaRows = ({ ids }) => {
  const other = `/api/payments/statements/${ids.otherStatement}`;
  return [
    {
      // The centre comes in the query, so the foreign call names the other centre.
      route: "POST /api/payments/statements",
      url: `/api/payments/statements?center_id=${ids.homeCentre}`,
      multipart: true,
      form: () => ({ files: [{ field: "file", name: "statement.csv", content: STATEMENT }] }),
      foreign: `/api/payments/statements?center_id=${ids.otherCentre}`,
    },
    { route: "GET /api/payments/statements" },
    {
      route: "GET /api/payments/statements/:id",
      url: `/api/payments/statements/${NO_ID}`,
      status: 404,
      foreign: other,
    },
    {
      route: "POST /api/payments/statements/:id/confirm",
      url: `/api/payments/statements/${NO_ID}/confirm`,
      payload: { matches: [{ credit_id: ids.otherStatementCredit, invoice_id: ids.otherInvoice }] },
      status: 404,
      foreign: `${other}/confirm`,
    },
    {
      route: "POST /api/payments/statements/:id/ignore",
      url: `/api/payments/statements/${NO_ID}/ignore`,
      payload: { credit_ids: [ids.otherStatementCredit] },
      status: 404,
      foreign: `${other}/ignore`,
    },
  ];
};
export default rows;
