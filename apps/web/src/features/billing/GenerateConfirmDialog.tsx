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
import { formatCurrency, formatMonth } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useGenerationPreview } from "./api";

const monthsOf = (preview: GenerationPreview, say: Say) =>
  preview.months.map(formatMonth).join(say("billing.generateMonthsJoin"));

/** Why children are not included, in words, only the reasons that apply. */
function skippedText({ skipped_breakdown: skipped }: GenerationPreview, say: Say) {
  const reasons = [
    [skipped.already_invoiced, "billing.skippedInvoiced"],
    [skipped.paused, "billing.skippedPaused"],
    [skipped.left, "billing.skippedLeft"],
    [skipped.no_monthly_fee, "billing.skippedNoMonthlyFee"],
    [skipped.not_yet_enrolled, "billing.skippedNotYetEnrolled"],
  ] as const;
  return reasons
    .filter(([count]) => count > 0)
    .map(([count, reason]) => say(reason, { count }))
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
  const say = useSay();
  const preview = useGenerationPreview(open);
  // Only the answer fetched for this opening: an earlier one may name invoices made since.
  const data = preview.isFetching ? undefined : preview.data;
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="generate-confirm-title">
      <DialogTitle id="generate-confirm-title">{say("billing.generateTitle")}</DialogTitle>
      <DialogContent>
        {preview.isFetching && (
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", py: 2 }}>
            <CircularProgress size={24} aria-label={say("billing.generateWorkingLabel")} />
            <Typography>{say("billing.generateWorking")}</Typography>
          </Stack>
        )}
        {preview.isError && (
          <Alert severity="error">{refusalMessage(preview.error, say("billing.generatePreviewFailed"))}</Alert>
        )}
        {data && (
          <Stack spacing={1.5}>
            <Typography variant="h6" component="p" data-testid="generate-summary">
              {data.invoices > 0
                ? say("billing.generateSummary", {
                    count: data.invoices,
                    total: formatCurrency(data.total),
                    months: monthsOf(data, say),
                  })
                : say("billing.generateNothing", { months: monthsOf(data, say) })}
            </Typography>
            <DialogContentText>{say("billing.generateRule")}</DialogContentText>
            {data.skipped > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="generate-skipped">
                {say("billing.generateSkipped", { reasons: skippedText(data, say) })}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{say("billing.cancel")}</Button>
        <Button variant="contained" disabled={!data || data.invoices === 0} onClick={onConfirm}>
          {data && data.invoices > 0
            ? say("billing.generateCreate", { count: data.invoices })
            : say("billing.generate")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
