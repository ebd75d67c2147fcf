import Add from "@mui/icons-material/Add";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Pagination,
  Snackbar,
  Stack,
  Typography,
} from "@mui/material";
import { type ReactNode, useId } from "react";
import { useSay } from "../../i18n/useSay";

/** The page's heading, with its add button when the caller may add (`onAdd` given). */
export function CardPageHeader({ title, addLabel, onAdd }: { title: string; addLabel: string; onAdd?: () => void }) {
  return (
    <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {onAdd && (
        <Button variant="contained" startIcon={<Add />} onClick={onAdd} sx={{ minHeight: 44 }}>
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}

const COLUMNS = {
  narrow: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
  wide: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
};

/**
 * One page of cards from a paged list: the loading bar, the caller's alerts, the empty message,
 * the grid (one column on a phone) and the pager when there is more than one page.
 */
export function CardGrid({
  loading,
  loadingLabel,
  alerts,
  empty,
  page,
  totalPages,
  onPage,
  cards = "narrow",
  children,
}: {
  loading: boolean;
  loadingLabel: string;
  alerts?: ReactNode;
  /** Shown instead of an empty grid once the list has loaded with nothing in it. */
  empty: string | null;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  cards?: keyof typeof COLUMNS;
  children: ReactNode;
}) {
  return (
    <>
      {loading && <LinearProgress aria-label={loadingLabel} />}
      {alerts}
      {empty && <Typography color="text.secondary">{empty}</Typography>}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: COLUMNS[cards] }}>{children}</Box>
      {totalPages > 1 && (
        <Pagination
          page={page}
          count={totalPages}
          onChange={(_event, next) => onPage(next)}
          sx={{ alignSelf: "center" }}
        />
      )}
    </>
  );
}

/** "Delete this?" with the card's name, Cancel and a red Delete. */
export function DeleteDialog({
  question,
  name,
  pending,
  onCancel,
  onDelete,
}: {
  question: string;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const say = useSay();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{question}</DialogTitle>
      <DialogContent>
        <Typography>{name}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{say("components.cardCancel")}</Button>
        <Button color="error" variant="contained" disabled={pending} onClick={onDelete}>
          {say("components.cardDelete")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The success banner at the top of the screen; it hides itself after `hideAfterMs`. */
export function SuccessBanner({
  message,
  hideAfterMs,
  onClose,
}: {
  message: string | null;
  hideAfterMs: number;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={hideAfterMs}
      onClose={onClose}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
    >
      <Alert severity="success" variant="filled" onClose={onClose}>
        {message}
      </Alert>
    </Snackbar>
  );
}
