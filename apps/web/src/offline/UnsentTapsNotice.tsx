import { Alert } from "@mui/material";
import { FormattedMessage } from "react-intl";
import { waitingTaps } from "./tapQueue";
import { useTapQueue } from "./useTapQueue";

/**
 * On the sign-in page after a session expired with taps still on the device: they are kept, and
 * go once the same person signs in again.
 */
export function UnsentTapsNotice() {
  const waiting = waitingTaps(useTapQueue()).length;
  if (waiting === 0) return null;
  return (
    <Alert severity="warning" role="status">
      <FormattedMessage id="offline.sessionEnded" values={{ count: waiting }} />
    </Alert>
  );
}
