import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type FormEventHandler, type ReactNode, useId } from "react";
import { useSay } from "../../i18n/useSay";

/**
 * The dialog every create/edit form opens in: full screen on a phone, the fields in one column,
 * Cancel and the submit button at the foot. The caller owns the form state and puts its own
 * alerts among the children where the screen wants them.
 */
export function FormDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  submitDisabled = false,
  children,
}: {
  title: ReactNode;
  submitLabel: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const say = useSay();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Stack component="form" noValidate onSubmit={onSubmit} sx={{ height: "100%" }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("components.formCancel")}</Button>
          <Button type="submit" variant="contained" disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
