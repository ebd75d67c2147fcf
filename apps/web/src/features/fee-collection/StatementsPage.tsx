import UploadFile from "@mui/icons-material/UploadFile";
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import {
  STATEMENT_ACCEPT,
  STATEMENT_FORMATS,
  STATEMENT_MAX_BYTES,
  type StatementFormat,
  type StatementSummary,
} from "@sprout/shared/schemas/fee-collection/statements";
import { useEffect, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { CentrePicker } from "../../components/CentrePicker";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";
import { StatementCredits } from "./StatementCredits";
import { useStatementMutations, useStatements } from "./statements-api";

export const FORMAT_LABELS: Record<StatementFormat, MessageId> = {
  hdfc: "statements.formatHdfc",
  sbi: "statements.formatSbi",
  icici: "statements.formatIcici",
  generic: "statements.formatGeneric",
};

/**
 * Bank reconciliation: the finance desk uploads a centre's bank statement, checks the credits
 * Sprout matched to parents' claims and invoices (or picks a suggestion), and records them.
 */
export function StatementsPage() {
  const say = useSay();
  const centres = useCentres();
  const [centerId, setCenterId] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const [known, setKnown] = useState<number | null>(null);
  const paging = usePaging(10);
  const statements = useStatements(centerId, paging.query);

  // One centre needs no choosing.
  useEffect(() => {
    const only = centres.data?.length === 1 ? centres.data[0] : undefined;
    if (only && !centerId) setCenterId(only.id);
  }, [centres.data, centerId]);

  const columns: Column<StatementSummary>[] = [
    { header: say("statements.columnFile"), cell: (row) => row.file_name },
    { header: say("statements.centre"), cell: (row) => row.center_name },
    { header: say("statements.columnBank"), cell: (row) => say(FORMAT_LABELS[row.format]) },
    {
      header: say("statements.columnUploaded"),
      cell: (row) =>
        say("statements.uploadedBy", { when: formatDateTime(row.uploaded_at), name: row.uploaded_by_name ?? "—" }),
    },
    { header: say("statements.columnCredits"), cell: (row) => formatNumber(row.credits), align: "right" },
    { header: say("statements.columnRecorded"), cell: (row) => formatNumber(row.recorded), align: "right" },
    {
      header: say("statements.columnActions"),
      align: "right",
      nowrap: true,
      cell: (row) => (
        <Button
          size="small"
          onClick={() => {
            setKnown(null);
            setOpenId(row.id);
          }}
          aria-label={say("statements.openNamed", { file: row.file_name })}
        >
          {say("statements.open")}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("statements.title")}
        </Typography>
        <Typography color="text.secondary">{say("statements.intro")}</Typography>
      </Box>
      {(centres.data?.length ?? 0) > 1 && (
        <CentrePicker
          centres={centres.data ?? []}
          value={centerId}
          onChange={(next) => {
            setCenterId(next);
            setOpenId(null);
            paging.restart();
          }}
          label={say("statements.centre")}
        />
      )}
      <UploadCard
        centerId={centerId}
        onUploaded={(id, alreadyKnown) => {
          setKnown(alreadyKnown);
          setOpenId(id);
        }}
      />
      {/* A statement opened afresh starts with its own ticks and no earlier notice. */}
      {openId && <StatementCredits key={openId} id={openId} alreadyKnown={known} onClose={() => setOpenId(null)} />}
      <Card variant="outlined">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
          {say("statements.pastTitle")}
        </Typography>
        <PagedTable
          label={say("statements.pastLabel")}
          columns={columns}
          rowKey={(row) => row.id}
          page={statements.data && { rows: statements.data.statements, pagination: statements.data.pagination }}
          paging={paging}
          loading={statements.isLoading}
          error={statements.isError ? refusalMessage(statements.error, say("statements.loadFailed")) : undefined}
          empty={say("statements.noStatements")}
        />
      </Card>
    </Stack>
  );
}

function UploadCard({
  centerId,
  onUploaded,
}: {
  centerId: string;
  onUploaded: (id: string, alreadyKnown: number) => void;
}) {
  const say = useSay();
  const { upload } = useStatementMutations();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<StatementFormat | "">("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async () => {
    if (!centerId) return setProblem(say("statements.chooseCentre"));
    if (!file) return setProblem(say("statements.fileRequired"));
    if (file.size >= STATEMENT_MAX_BYTES) return setProblem(say("statements.tooLarge"));
    setProblem(null);
    const form = new FormData();
    form.set("center_id", centerId);
    if (format) form.set("format", format);
    form.set("file", file);
    try {
      const answer = await upload.mutateAsync(form);
      setFile(null);
      onUploaded(answer.statement.id, answer.already_known);
    } catch {
      /* shown below */
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          {upload.isError && (
            <Alert severity="error">{refusalMessage(upload.error, say("statements.uploadFailed"))}</Alert>
          )}
          <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" } }}>
            <Button variant="outlined" component="label" startIcon={<UploadFile />} sx={{ flexShrink: 0 }}>
              {say("statements.chooseFile")}
              <input
                hidden
                type="file"
                accept={STATEMENT_ACCEPT}
                aria-label={say("statements.fileLabel")}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  event.target.value = "";
                }}
              />
            </Button>
            <TextField
              select
              size="small"
              label={say("statements.format")}
              value={format}
              onChange={(event) => setFormat(event.target.value as StatementFormat | "")}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">{say("statements.formatAuto")}</MenuItem>
              {STATEMENT_FORMATS.map((value) => (
                <MenuItem key={value} value={value}>
                  {say(FORMAT_LABELS[value])}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={submit} disabled={upload.isPending} sx={{ flexShrink: 0 }}>
              {say(upload.isPending ? "statements.uploading" : "statements.upload")}
            </Button>
          </Stack>
          <Typography
            variant="body2"
            color={problem ? "error" : "text.secondary"}
            sx={{ wordBreak: "break-word" }}
            role={problem ? "alert" : undefined}
          >
            {problem ?? file?.name ?? say("statements.fileHint")}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
