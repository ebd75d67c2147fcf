import { Alert, Snackbar } from "@mui/material";
import { SNACKBAR_MS } from "@sprout/shared/schemas/budget";

export type Notice = { message: string; severity: "success" | "error" | "warning" };

/** The budget screens' outcome message (the spec's 6 s snackbar, bottom left). */
export function NoticeSnackbar({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={SNACKBAR_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
