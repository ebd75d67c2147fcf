import { type AreaRows, NO_ID } from "../matrix.ts";

const rows: AreaRows = ({ ids }) => [
  {
    // The confirmation's numbers: whoever may generate may see what generating would create.
    route: "GET /api/invoices/generation-preview",
    url: `/api/invoices/generation-preview?center_id=${NO_ID}`,
    status: 404,
    foreign: `/api/invoices/generation-preview?center_id=${ids.otherCentre}`,
  },
  {
    // Anyone who may read the invoice may have a code e-mailed to themselves to download it.
    route: "POST /api/invoices/:id/download-code",
    url: `/api/invoices/${NO_ID}/download-code`,
    status: 404,
    foreign: `/api/invoices/${ids.otherInvoice}/download-code`,
    family: `/api/invoices/${ids.otherFamilyInvoice}/download-code`,
  },
];
export default rows;
