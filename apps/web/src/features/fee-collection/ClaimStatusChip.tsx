import { Chip } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { PAYMENT_CLAIM_STATUS_CHIPS, type PaymentClaimStatus } from "@sprout/shared/schemas/fee-collection/pay";
import { useSay } from "../../i18n/useSay";

export const CLAIM_STATUS_IDS = {
  Waiting: "paymentClaims.statusWaiting",
  Confirmed: "paymentClaims.statusConfirmed",
  Rejected: "paymentClaims.statusRejected",
} as const satisfies Record<PaymentClaimStatus, MessageId>;

export function ClaimStatusChip({ status }: { status: PaymentClaimStatus }) {
  const say = useSay();
  return <Chip size="small" label={say(CLAIM_STATUS_IDS[status])} color={PAYMENT_CLAIM_STATUS_CHIPS[status]} />;
}
