import { Alert, Button, Card, Checkbox, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { StatementCredit, StatementMatch } from "@sprout/shared/schemas/fee-collection/statements";
import { useEffect, useRef, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useStatement, useStatementMutations } from "./statements-api";

type Choice = Omit<StatementMatch, "credit_id">;

/** The match Sprout proposes for a credit, if any: a claim (with its invoice) or an invoice. */
const proposed = (credit: StatementCredit): Choice | null => {
  if (credit.status !== "Unmatched") return null;
  if (credit.proposal === "claim" && credit.claim_id) return { claim_id: credit.claim_id };
  if (credit.proposal === "invoice" && credit.invoice_id) return { invoice_id: credit.invoice_id };
  return null;
};

/**
 * A statement's credits: those Sprout matched come first and ticked, the rest offer the invoices
 * of the same amount or of a child named in the narration; the ticked ones are recorded together
 * (all or none), or set aside as not fees.
 */
export function StatementCredits({
  id,
  alreadyKnown,
  onClose,
}: {
  id: string;
  alreadyKnown: number | null;
  onClose: () => void;
}) {
  const say = useSay();
  const paging = usePaging(25);
  const statement = useStatement(id, paging.query);
  const { confirm, ignore } = useStatementMutations();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [notice, setNotice] = useState<{ text: string; severity: "success" | "error" } | null>(null);
  const seen = useRef(new Set<string>());

  // Each credit's proposal is ticked the first time it is shown; the office's changes are kept.
  useEffect(() => {
    const fresh = (statement.data?.credits ?? []).filter((credit) => !seen.current.has(credit.id));
    if (fresh.length === 0) return;
    for (const credit of fresh) seen.current.add(credit.id);
    const matched = fresh.flatMap((credit) => {
      const choice = proposed(credit);
      return choice ? [[credit.id, choice] as const] : [];
    });
    setChoices((before) => ({ ...before, ...Object.fromEntries(matched) }));
    setTicked((before) => new Set([...before, ...matched.map(([creditId]) => creditId)]));
  }, [statement.data]);

  const toggle = (creditId: string, on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      if (on) next.add(creditId);
      else next.delete(creditId);
      return next;
    });
  const open = (statement.data?.credits ?? []).filter((credit) => credit.status === "Unmatched");
  const chosen = open.filter((credit) => ticked.has(credit.id) && choices[credit.id]);
  const tickedOpen = open.filter((credit) => ticked.has(credit.id));
  const done = (text: string) => {
    setTicked(new Set());
    setNotice({ text, severity: "success" });
  };

  const record = async () => {
    try {
      const answer = await confirm.mutateAsync({
        id,
        body: { matches: chosen.map((credit) => ({ credit_id: credit.id, ...choices[credit.id] })) },
      });
      done(answer.message);
    } catch (error) {
      setNotice({ text: refusalMessage(error, say("statements.actionFailed")), severity: "error" });
    }
  };
  const setAside = async () => {
    try {
      done((await ignore.mutateAsync({ id, creditIds: tickedOpen.map((credit) => credit.id) })).message);
    } catch (error) {
      setNotice({ text: refusalMessage(error, say("statements.actionFailed")), severity: "error" });
    }
  };

  const match = (credit: StatementCredit) => {
    if (credit.status === "Recorded")
      return (
        <Chip
          size="small"
          color="success"
          label={say("statements.recordedReceipt", { receipt: credit.receipt_number ?? "—" })}
          // The receipt number must show whole on a phone: the label wraps instead of being cut.
          sx={{ height: "auto", py: 0.25, "& .MuiChip-label": { whiteSpace: "normal" } }}
        />
      );
    if (credit.status === "Ignored")
      return <Chip size="small" variant="outlined" label={say("statements.ignoredLabel")} />;
    const names = { invoice: credit.invoice_number ?? "—", child: credit.child_name ?? "—" };
    if (credit.proposal === "claim") return say("statements.matchedClaim", names);
    if (credit.proposal === "invoice") return say("statements.matchedInvoice", names);
    if (credit.suggestions.length === 0)
      return <Typography color="text.secondary">{say("statements.unmatched")}</Typography>;
    return (
      <TextField
        select
        size="small"
        fullWidth
        label={say("statements.chooseSuggestion")}
        value={choices[credit.id]?.invoice_id ?? ""}
        onChange={(event) => {
          const invoiceId = event.target.value;
          setChoices((before) => {
            const { [credit.id]: _dropped, ...rest } = before;
            return invoiceId ? { ...rest, [credit.id]: { invoice_id: invoiceId } } : rest;
          });
          toggle(credit.id, Boolean(invoiceId));
        }}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">{say("statements.noSuggestion")}</MenuItem>
        {credit.suggestions.map((suggestion) => (
          <MenuItem key={`${suggestion.reason}-${suggestion.invoice_id}`} value={suggestion.invoice_id}>
            {say(suggestion.reason === "amount" ? "statements.suggestionAmount" : "statements.suggestionChild", {
              invoice: suggestion.invoice_number,
              child: suggestion.child_name,
              amount: formatCurrency(suggestion.balance),
            })}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  const columns: Column<StatementCredit>[] = [
    {
      header: say("statements.columnChoose"),
      nowrap: true,
      cell: (credit) => (
        <Checkbox
          checked={ticked.has(credit.id)}
          disabled={credit.status !== "Unmatched"}
          onChange={(event) => toggle(credit.id, event.target.checked)}
          slotProps={{
            input: {
              "aria-label": say("statements.selectCredit", {
                amount: formatCurrency(credit.amount),
                date: formatDate(credit.credited_on),
              }),
            },
          }}
        />
      ),
    },
    { header: say("statements.columnDate"), cell: (credit) => formatDate(credit.credited_on), nowrap: true },
    {
      header: say("statements.columnNarration"),
      cell: (credit) => (
        <Stack sx={{ maxWidth: 360, wordBreak: "break-word" }}>
          <Typography variant="body2">{credit.narration}</Typography>
          {credit.reference && (
            <Typography variant="caption" color="text.secondary">
              {say("statements.reference", { reference: credit.reference })}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      header: say("statements.columnAmount"),
      cell: (credit) => formatCurrency(credit.amount),
      align: "right",
      nowrap: true,
    },
    { header: say("statements.columnMatch"), cell: match },
  ];

  const data = statement.data;
  return (
    <Card variant="outlined">
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ wordBreak: "break-word" }}>
            {say("statements.creditsTitle", { file: data?.statement.file_name ?? "" })}
          </Typography>
          <Button onClick={onClose}>{say("statements.close")}</Button>
        </Stack>
        {alreadyKnown !== null && alreadyKnown > 0 && (
          <Alert severity="info">{say("statements.alreadyKnown", { count: alreadyKnown })}</Alert>
        )}
        {data && <Typography color="text.secondary">{say("statements.totals", data.totals)}</Typography>}
        {notice && (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
          <Button variant="contained" disabled={chosen.length === 0 || confirm.isPending} onClick={record}>
            {say("statements.recordSelected", { count: chosen.length })}
          </Button>
          <Button disabled={tickedOpen.length === 0 || ignore.isPending} onClick={setAside}>
            {say("statements.ignoreSelected")}
          </Button>
        </Stack>
      </Stack>
      <PagedTable
        label={say("statements.creditsLabel")}
        columns={columns}
        rowKey={(credit) => credit.id}
        page={data && { rows: data.credits, pagination: data.pagination }}
        paging={paging}
        loading={statement.isLoading}
        error={statement.isError ? refusalMessage(statement.error, say("statements.loadFailed")) : undefined}
        empty={say("statements.noCredits")}
      />
    </Card>
  );
}
