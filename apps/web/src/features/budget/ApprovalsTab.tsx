import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { BUDGET_MESSAGES, CATEGORY_LABELS, type PendingApproval } from "@sprout/shared/schemas/budget";
import { useState } from "react";
import { formatCurrency, formatDate } from "../../format";
import { useBudgetMutations } from "./api";
import type { Notice } from "./FinanceDashboard";
import { QuoteLink } from "./QuoteLink";

type Action = "approve" | "reject";
const past = (action: Action) => (action === "approve" ? "approved" : "rejected");

/** Pending Approvals: a card per request, decided one at a time or in bulk. */
export function ApprovalsTab({
  approvals,
  loading,
  onNotice,
}: {
  approvals: PendingApproval[];
  loading: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const { decide, refresh } = useBudgetMutations();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notes, setNotes] = useState("");
  const [busy, setBusy] = useState(false);
  const chosen = approvals.filter((item) => selected.has(item.id));

  const one = async (item: PendingApproval, action: Action) => {
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

  const bulk = async (action: Action) => {
    if (chosen.length === 0) return onNotice({ message: BUDGET_MESSAGES.selectFirst, severity: "warning" });
    setBusy(true);
    const results = await Promise.allSettled(
      chosen.map((item) => decide.mutateAsync({ id: item.id, body: { action, notes: notes || `Bulk ${action}` } })),
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

  if (loading) return <LinearProgress />;
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
            Select all
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
          <Button variant="contained" color="success" disabled={busy} onClick={() => bulk("approve")}>
            Bulk Approve ({chosen.length})
          </Button>
          <Button variant="outlined" color="error" disabled={busy} onClick={() => bulk("reject")}>
            Bulk Reject
          </Button>
        </Stack>
      </Stack>
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
    </Box>
  );
}
