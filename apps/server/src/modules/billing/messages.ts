import { HttpError } from "../../lib/errors.ts";
import { toRupees } from "../../lib/money.ts";

export const wrongState = (message: string) => new HttpError(409, "INVALID_STATE", message);
const rupeeText = (paise: number) =>
  `₹${toRupees(paise).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const INVOICE_MESSAGES = {
  alreadyPaid: "This invoice is already paid",
  cancelled: "This invoice has been cancelled",
  hasPayments: "An invoice with payments recorded cannot be cancelled",
  exceedsBalance: (balance: number) => `Amount exceeds the balance due of ${rupeeText(balance)}`,
  requestDecided: (status: string) => `This request has already been ${status.toLowerCase()}`,
  ownRequest: "You raised this request, so someone else must approve it",
} as const;
