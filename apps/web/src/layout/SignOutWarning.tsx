import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { FormattedMessage } from "react-intl";

/** Asked before a sign-out that would erase taps still waiting on the device. */
export function SignOutWarning({
  open,
  unsent,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  unsent: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="sign-out-warning-title">
      <DialogTitle id="sign-out-warning-title">
        <FormattedMessage id="signOut.warningTitle" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage id="signOut.warning" values={{ count: unsent }} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          <FormattedMessage id="signOut.stay" />
        </Button>
        <Button color="error" onClick={onConfirm}>
          <FormattedMessage id="signOut.anyway" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
