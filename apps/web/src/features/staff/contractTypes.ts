import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { StaffMember } from "@sprout/shared/schemas/staff";

/** The name of each kind of contract, as the catalogue has it. */
export const CONTRACT_TYPE_NAMES: Record<StaffMember["contract_type"], MessageId> = {
  "full-time": "staff.contractFullTime",
  "part-time": "staff.contractPartTime",
  contract: "staff.contractContract",
  temporary: "staff.contractTemporary",
};
