import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";

/** "2 taps have not reached the server": signing out now erases them from this device. */
const unsentWarning = (unsent: number) =>
  `${unsent} ${unsent === 1 ? "record has" : "records have"} not been sent yet. Signing out erases ${unsent === 1 ? "it" : "them"} from this phone.`;

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
      <DialogTitle id="sign-out-warning-title">Sign out and lose unsent records?</DialogTitle>
      <DialogContent>
        <DialogContentText>{unsentWarning(unsent)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Stay signed in
        </Button>
        <Button color="error" onClick={onConfirm}>
          Sign out anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
