import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { APPROVAL_STATUS_LABELS, BUDGET_MESSAGES, CATEGORY_LABELS } from "@sprout/shared/schemas/budget";
import { formatCurrency, formatDateTime, formatNumber } from "../../format";
import { useRecentDecisions } from "./api";

/**
 * The speed dial's Notifications: what waits for the caller and the latest decisions at their
 * centres, read from the budget requests themselves, so newer bell lines of other kinds cannot
 * push them out of sight.
 */
export function FinanceNotifications({
  open,
  waitingCount,
  onClose,
}: {
  open: boolean;
  /** The dashboard's Pending Approvals count: the requests the caller may decide. */
  waitingCount: number | undefined;
  onClose: () => void;
}) {
  const decisions = useRecentDecisions(open);
  const lines = decisions.data?.requests ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Finance notifications</DialogTitle>
      <DialogContent dividers>
        {waitingCount !== undefined && (
          <Typography sx={{ mb: 1.5 }} aria-label="Waiting for a decision">
            {waitingCount === 0
              ? "No requests are waiting for your decision."
              : `${formatNumber(waitingCount)} ${waitingCount === 1 ? "request is" : "requests are"} waiting for your decision.`}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3">
          Recent decisions
        </Typography>
        {decisions.isPending && <LinearProgress />}
        {decisions.isError && <Alert severity="error">{BUDGET_MESSAGES.loadFailed}</Alert>}
        {decisions.isSuccess && lines.length === 0 && (
          <Typography color="text.secondary">No finance notifications yet</Typography>
        )}
        <List dense aria-label="Recent decisions">
          {lines.map((request) => (
            <ListItem key={request.id} disableGutters>
              <ListItemText
                primary={`${request.auto_approved ? "Approved within limit" : APPROVAL_STATUS_LABELS[request.status]}: ${request.description} · ${formatCurrency(request.amount)}`}
                secondary={[
                  `${request.center_name} · ${CATEGORY_LABELS[request.category]} · asked by ${request.requester_name}`,
                  request.decided_by_name ? `by ${request.decided_by_name}` : null,
                  request.decision_notes,
                  request.decided_at ? formatDateTime(request.decided_at) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
