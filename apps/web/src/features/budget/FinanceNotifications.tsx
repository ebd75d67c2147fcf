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
import { APPROVAL_STATUS_LABEL_IDS, CATEGORY_LABEL_IDS } from "@sprout/shared/schemas/budget";
import { formatCurrency, formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
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
  const say = useSay();
  const decisions = useRecentDecisions(open);
  const lines = decisions.data?.requests ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{say("budget.financeNotifications")}</DialogTitle>
      <DialogContent dividers>
        {waitingCount !== undefined && (
          <Typography sx={{ mb: 1.5 }} aria-label={say("budget.waitingForDecision")}>
            {say("budget.waitingCount", { count: waitingCount })}
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3">
          {say("budget.recentDecisions")}
        </Typography>
        {decisions.isPending && <LinearProgress />}
        {decisions.isError && <Alert severity="error">{say("budget.loadFailed")}</Alert>}
        {decisions.isSuccess && lines.length === 0 && (
          <Typography color="text.secondary">{say("budget.noNotifications")}</Typography>
        )}
        <List dense aria-label={say("budget.recentDecisions")}>
          {lines.map((request) => (
            <ListItem key={request.id} disableGutters>
              <ListItemText
                primary={`${
                  request.auto_approved
                    ? say("budget.approvedWithinLimit")
                    : say(APPROVAL_STATUS_LABEL_IDS[request.status])
                }: ${request.description} · ${formatCurrency(request.amount)}`}
                secondary={[
                  say("budget.decisionAskedBy", {
                    centre: request.center_name,
                    category: say(CATEGORY_LABEL_IDS[request.category]),
                    name: request.requester_name,
                  }),
                  request.decided_by_name ? say("budget.decidedBy", { name: request.decided_by_name }) : null,
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
        <Button onClick={onClose}>{say("budget.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
