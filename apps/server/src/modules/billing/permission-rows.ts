import { type AreaRows, NO_ID } from "../../../test/matrix.ts";

/** Billing rows added after the main table (issue 30); the older billing rows are in permission-matrix.test.ts. */
const READERS = ["super_admin", "owner", "financial_manager", "center_director", "admin", "parent"] as const;

const rows: AreaRows = ({ ids }) => [
  {
    // The confirmation's numbers: whoever may generate may see what generating would create.
    route: "GET /api/invoices/generation-preview",
    allowed: ["super_admin", "owner", "financial_manager", "center_director", "admin"],
    url: `/api/invoices/generation-preview?center_id=${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/generation-preview?center_id=${ids.otherCentre}`,
  },
  {
    // Anyone who may read the invoice may have a code e-mailed to themselves to download it.
    route: "POST /api/invoices/:id/download-code",
    allowed: READERS,
    url: `/api/invoices/${NO_ID}/download-code`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/download-code`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/download-code`,
  },
];
export default rows;
