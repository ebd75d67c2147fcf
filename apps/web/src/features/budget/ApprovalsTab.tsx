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
import { type BudgetRequest, CATEGORY_LABEL_IDS } from "@sprout/shared/schemas/budget";
import { useEffect, useState } from "react";
import { formatCurrency, formatDate, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useBudgetMutations, usePendingApprovals } from "./api";
import type { Notice } from "./NoticeSnackbar";
import { QuoteLink } from "./QuoteLink";

type Action = "approve" | "reject";
const PAGE_SIZE = 10;

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
  const say = useSay();
  const approving = action === "approve";
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="bulk-confirm-title">
      <DialogTitle id="bulk-confirm-title">
        {approving
          ? say("budget.bulkApproveTitle", { count: items.length })
          : say("budget.bulkRejectTitle", { count: items.length })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {approving ? say("budget.bulkApproveText") : say("budget.bulkRejectText")}
        </DialogContentText>
        <Stack
          direction="row"
          sx={{ justifyContent: "space-between", alignItems: "baseline", gap: 2, mt: 2, flexWrap: "wrap" }}
        >
          <Typography data-testid="bulk-count">{say("budget.requestCount", { count: items.length })}</Typography>
          <Typography variant="h6" component="p" data-testid="bulk-total">
            {say("budget.bulkTotal", { total: formatCurrency(totalOf(items)) })}
          </Typography>
        </Stack>
        <List
          dense
          disablePadding
          sx={{ mt: 1, maxHeight: 240, overflowY: "auto" }}
          aria-label={say("budget.selectedRequests")}
        >
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
          {say("budget.decisionNotesLine", { notes: notes.trim() || `Bulk ${action}` })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{say("budget.cancel")}</Button>
        <Button variant="contained" color={action === "approve" ? "success" : "error"} onClick={onConfirm}>
          {approving
            ? say("budget.approveCount", { count: items.length })
            : say("budget.rejectCount", { count: items.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Pending Approvals: a page of cards, longest waiting first, decided one at a time or in bulk. */
export function ApprovalsTab({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const say = useSay();
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
      onNotice({
        message: action === "approve" ? say("budget.approvedOne") : say("budget.rejectedOne"),
        severity: "success",
      });
      setNotes("");
    } catch {
      onNotice({ message: say("budget.approvalFailed"), severity: "error" });
    } finally {
      setSelected((current) => new Set([...current].filter((id) => id !== item.id)));
      await refresh();
      setBusy(false);
    }
  };

  const ask = (action: Action) => {
    if (chosen.length === 0) return onNotice({ message: say("budget.selectFirst"), severity: "warning" });
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
        ? {
            message:
              action === "approve"
                ? say("budget.approvedMany", { count: done })
                : say("budget.rejectedMany", { count: done }),
            severity: "success",
          }
        : { message: say("budget.bulkFailed"), severity: "error" },
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
  if (pending.isError) return <Alert severity="error">{say("budget.loadFailed")}</Alert>;
  if (approvals.length === 0)
    return (
      <Typography color="text.secondary" sx={{ textAlign: "center", py: 6 }}>
        {say("budget.noApprovals")}
      </Typography>
    );
  return (
    <Box>
      <Stack direction={{ xs: "column", md: "row" }} sx={{ gap: 1.5, mb: 2, alignItems: { md: "center" } }}>
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button size="small" onClick={() => setSelected(new Set(approvals.map((item) => item.id)))}>
            {say("budget.selectAllOnPage", { count: approvals.length })}
          </Button>
          <Button size="small" onClick={() => setSelected(new Set())}>
            {say("budget.deselectAll")}
          </Button>
        </Stack>
        <TextField
          size="small"
          label={say("budget.decisionNotes")}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          sx={{ flexGrow: 1 }}
        />
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button variant="contained" color="success" disabled={busy} onClick={() => ask("approve")}>
            {say("budget.bulkApprove", { count: chosen.length })}
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => ask("reject")}>
            {say("budget.bulkReject")}
          </Button>
        </Stack>
      </Stack>
      {pagination && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {say("budget.showingWaiting", {
            from: formatNumber((pagination.current_page - 1) * pagination.items_per_page + 1),
            to: formatNumber((pagination.current_page - 1) * pagination.items_per_page + approvals.length),
            total: formatNumber(pagination.total_items),
          })}
        </Typography>
      )}
      {pending.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {approvals.map((item) => (
          <Card
            key={item.id}
            variant="outlined"
            aria-label={say("budget.requestCard", { description: item.description })}
          >
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
                      slotProps={{
                        input: { "aria-label": say("budget.selectRequest", { description: item.description }) },
                      }}
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
                    <Chip size="small" label={say(CATEGORY_LABEL_IDS[item.category])} />
                    <Chip size="small" variant="outlined" label={item.center_name} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {say("budget.requestedByOn", { name: item.requester_name, date: formatDate(item.created_at) })}
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
                {say("budget.approve")}
              </Button>
              <Button color="error" variant="outlined" size="small" disabled={busy} onClick={() => one(item, "reject")}>
                {say("budget.reject")}
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
          aria-label={say("budget.approvalPages")}
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
