import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import type { GenerationPreview } from "@sprout/shared/schemas/billing";
import { refusalMessage } from "../../api/errors";
import { formatCurrency, formatMonth, formatNumber } from "../../format";
import { useGenerationPreview } from "./api";

const invoices = (count: number) => `${formatNumber(count)} invoice${count === 1 ? "" : "s"}`;
const monthsOf = (preview: GenerationPreview) => preview.months.map(formatMonth).join(" and ");

const children = (count: number) => `${formatNumber(count)} ${count === 1 ? "child" : "children"}`;

/** Why children are not included, in words, only the reasons that apply. */
function skippedText({ skipped_breakdown: skipped }: GenerationPreview) {
  const reasons = [
    [skipped.already_invoiced, "already invoiced for the month"],
    [skipped.paused, "paused for the whole month"],
    [skipped.left, skipped.left === 1 ? "who has left" : "who have left"],
    [skipped.no_monthly_fee, "not on monthly billing"],
    [skipped.not_yet_enrolled, "starting after the month"],
  ] as const;
  return reasons
    .filter(([count]) => count > 0)
    .map(([count, reason]) => `${children(count)} ${reason}`)
    .join(", ");
}

/**
 * The monthly run names what it will create before anything is created: how many invoices, their
 * total and the month, worked out on the server by the run's own rules (issue 30, point 7).
 */
export function GenerateConfirmDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const preview = useGenerationPreview(open);
  // Only the answer fetched for this opening: an earlier one may name invoices made since.
  const data = preview.isFetching ? undefined : preview.data;
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="generate-confirm-title">
      <DialogTitle id="generate-confirm-title">Generate monthly invoices?</DialogTitle>
      <DialogContent>
        {preview.isFetching && (
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", py: 2 }}>
            <CircularProgress size={24} aria-label="Working out the invoices" />
            <Typography>Working out what would be created...</Typography>
          </Stack>
        )}
        {preview.isError && (
          <Alert severity="error">{refusalMessage(preview.error, "Could not work out the invoices to create.")}</Alert>
        )}
        {data && (
          <Stack spacing={1.5}>
            <Typography variant="h6" component="p" data-testid="generate-summary">
              {data.invoices > 0
                ? `Create ${invoices(data.invoices)} totalling ${formatCurrency(data.total)} for ${monthsOf(data)}`
                : `No new invoices to create for ${monthsOf(data)}`}
            </Typography>
            <DialogContentText>
              One invoice per child on monthly billing, issued today and due in 30 days.
            </DialogContentText>
            {data.skipped > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="generate-skipped">
                Not included: {skippedText(data)}.
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!data || data.invoices === 0} onClick={onConfirm}>
          {data && data.invoices > 0 ? `Create ${invoices(data.invoices)}` : "Generate"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
