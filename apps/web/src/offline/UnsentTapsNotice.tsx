import { Alert } from "@mui/material";
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
      Your session ended with {waiting} {waiting === 1 ? "record" : "records"} still on this phone. Sign in again to
      send {waiting === 1 ? "it" : "them"}.
    </Alert>
  );
}
