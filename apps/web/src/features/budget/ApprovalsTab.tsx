import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { BUDGET_MESSAGES, type BudgetRequest, CATEGORY_LABELS } from "@sprout/shared/schemas/budget";
import { useEffect, useState } from "react";
import { formatCurrency, formatDate, formatNumber } from "../../format";
import { useBudgetMutations, usePendingApprovals } from "./api";
import type { Notice } from "./NoticeSnackbar";
import { QuoteLink } from "./QuoteLink";

type Action = "approve" | "reject";
const past = (action: Action) => (action === "approve" ? "approved" : "rejected");
const PAGE_SIZE = 10;
const requests = (count: number) => `${formatNumber(count)} budget request${count === 1 ? "" : "s"}`;

/** The rupees of several requests, added as whole paise (no floating point sums). */
const totalOf = (items: BudgetRequest[]) =>
  items.reduce((paise, item) => paise + Math.round(item.amount * 100), 0) / 100;

/**
 * Names what a bulk decision moves before anything is sent: how many requests and their total in
 * rupees (issue 30, point 7). The requests are the ones selected when it opened.
 */
function BulkConfirmDialog({
  action,
  items,
  notes,
  onCancel,
  onConfirm,
}: {
  action: Action;
  items: BudgetRequest[];
  notes: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const verb = action === "approve" ? "Approve" : "Reject";
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="bulk-confirm-title">
      <DialogTitle id="bulk-confirm-title">
        {verb} {requests(items.length)}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {action === "approve"
            ? "These requests will be approved and their requesters told."
            : "These requests will be rejected and their requesters told."}
        </DialogContentText>
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", alignItems: "baseline", gap: 2, mt: 2, flexWrap: "wrap" }}
        >
          <Typography data-testid="bulk-count">{requests(items.length)}</Typography>
          <Typography variant="h6" component="p" data-testid="bulk-total">
            Total {formatCurrency(totalOf(items))}
          </Typography>
        </Stack>
        <List dense disablePadding sx={{ mt: 1, maxHeight: 240, overflowY: "auto" }} aria-label="Selected requests">
          {items.map((item) => (
            <ListItem key={item.id} disableGutters divider>
              <ListItemText
                primary={item.description}
                secondary={item.center_name}
                slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }}
              />
              <Typography sx={{ ml: 2, whiteSpace: "nowrap" }}>{formatCurrency(item.amount)}</Typography>
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Decision notes: {notes.trim() || `Bulk ${action}`}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color={action === "approve" ? "success" : "error"} onClick={onConfirm}>
          {verb} {formatNumber(items.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Pending Approvals: a page of cards, longest waiting first, decided one at a time or in bulk. */
export function ApprovalsTab({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { decide, refresh } = useBudgetMutations();
  const [page, setPage] = useState(1);
  const pending = usePendingApprovals(page, PAGE_SIZE);
  const approvals = pending.data?.requests ?? [];
  const pagination = pending.data?.pagination;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Deciding the last cards of the last page leaves it empty: step back to the page that still has some.
  const lastPage = Math.max(1, pagination?.total_pages ?? 1);
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const chosen = approvals.filter((item) => selected.has(item.id));
  // A bulk decision waits for its confirmation, which names the count and the total.
  const [confirming, setConfirming] = useState<{ action: Action; items: BudgetRequest[] } | null>(null);

  const one = async (item: BudgetRequest, action: Action) => {
    setBusy(true);
    try {
      await decide.mutateAsync({ id: item.id, body: { action, notes } });
      onNotice({ message: `Approval ${past(action)} successfully`, severity: "success" });
      setNotes("");
    } catch {
      onNotice({ message: BUDGET_MESSAGES.approvalFailed, severity: "error" });
    } finally {
      setSelected((current) => new Set([...current].filter((id) => id !== item.id)));
      await refresh();
      setBusy(false);
    }
  };

  const ask = (action: Action) => {
    if (chosen.length === 0) return onNotice({ message: BUDGET_MESSAGES.selectFirst, severity: "warning" });
    setConfirming({ action, items: chosen });
  };

  const bulk = async ({ action, items }: { action: Action; items: BudgetRequest[] }) => {
    setConfirming(null);
    setBusy(true);
    const results = await Promise.allSettled(
      items.map((item) => decide.mutateAsync({ id: item.id, body: { action, notes: notes || `Bulk ${action}` } })),
    );
    const done = results.filter((result) => result.status === "fulfilled").length;
    onNotice(
      done === results.length
        ? { message: `${done} approvals ${past(action)}`, severity: "success" }
        : { message: BUDGET_MESSAGES.bulkFailed, severity: "error" },
    );
    setSelected(new Set());
    setNotes("");
    await refresh();
    setBusy(false);
  };

  const turnPage = (next: number) => {
    // A selection belongs to the page it was made on; bulk actions never reach cards not shown.
    setSelected(new Set());
    setPage(next);
  };

  if (pending.isPending) return <LinearProgress />;
  if (pending.isError) return <Alert severity="error">{BUDGET_MESSAGES.loadFailed}</Alert>;
  if (approvals.length === 0)
    return (
      <Typography color="text.secondary" sx={{ textAlign: "center", py: 6 }}>
        {BUDGET_MESSAGES.noApprovals}
      </Typography>
    );
  return (
    <Box>
      <Stack direction={{ xs: "column", md: "row" }} sx={{ gap: 1.5, mb: 2, alignItems: { md: "center" } }}>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button size="small" onClick={() => setSelected(new Set(approvals.map((item) => item.id)))}>
            Select all on this page ({approvals.length})
          </Button>
          <Button size="small" onClick={() => setSelected(new Set())}>
            Deselect all
          </Button>
        </Stack>
        <TextField
          size="small"
          label="Decision notes"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="contained" color="success" disabled={busy} onClick={() => ask("approve")}>
            Bulk Approve ({chosen.length})
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => ask("reject")}>
            Bulk Reject
          </Button>
        </Stack>
      </Stack>
      {pagination && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Showing {formatNumber((pagination.current_page - 1) * pagination.items_per_page + 1)}–
          {formatNumber((pagination.current_page - 1) * pagination.items_per_page + approvals.length)} of{" "}
          {formatNumber(pagination.total_items)} waiting, longest waiting first
        </Typography>
      )}
      {pending.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {approvals.map((item) => (
          <Card key={item.id} variant="outlined" aria-label={`Request: ${item.description}`}>
            <CardContent>
              <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
                <FormControlLabel
                  sx={{ mr: 0 }}
                  control={
                    <Checkbox
                      checked={selected.has(item.id)}
                      onChange={(event) =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(item.id);
                          else next.delete(item.id);
                          return next;
                        })
                      }
                      slotProps={{ input: { "aria-label": `Select ${item.description}` } }}
                    />
                  }
                  label=""
                />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{item.description}</Typography>
                  <Typography variant="h6" component="p">
                    {formatCurrency(item.amount)}
                  </Typography>
                  <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", my: 0.5 }}>
                    <Chip size="small" label={CATEGORY_LABELS[item.category]} />
                    <Chip size="small" variant="outlined" label={item.center_name} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    Requested by {item.requester_name} on {formatDate(item.created_at)}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {item.justification}
                  </Typography>
                  <QuoteLink quote={item.quote} />
                </Box>
              </Stack>
            </CardContent>
            <CardActions sx={{ justifyContent: "flex-end" }}>
              <Button
                color="success"
                variant="contained"
                size="small"
                disabled={busy}
                onClick={() => one(item, "approve")}
              >
                Approve
              </Button>
              <Button color="error" variant="outlined" size="small" disabled={busy} onClick={() => one(item, "reject")}>
                Reject
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
      {lastPage > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          page={page}
          count={lastPage}
          onChange={(_event, next) => turnPage(next)}
          aria-label="Pending approvals pages"
        />
      )}
      {confirming && (
        <BulkConfirmDialog
          action={confirming.action}
          items={confirming.items}
          notes={notes}
          onCancel={() => setConfirming(null)}
          onConfirm={() => bulk(confirming)}
        />
      )}
    </Box>
  );
}
