import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import {
  RETENTION_ACTION_LABEL_IDS,
  type RetentionCandidate,
  type RetentionSetting,
  retentionInput,
} from "@sprout/shared/schemas/data-requests";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormTextField } from "../../components/form/fields";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { useDataMutations, useRetention, useRetentionDryRun } from "./api";

type Form = z.input<typeof retentionInput>;
const fromSetting = (setting: RetentionSetting): Form => ({
  center_id: setting.center_id,
  enabled: setting.enabled,
  records_years: setting.records_years,
  books_years: setting.books_years,
});

const records = (candidate: RetentionCandidate, say: Say) => {
  const entries = Object.entries(candidate.records);
  if (entries.length === 0)
    return say(candidate.action === "remove_name" ? "dataRequests.nameOnInvoices" : "dataRequests.childRowOnly");
  return entries
    .map(([kind, count]) => say("dataRequests.recordKindCount", { kind, text: kind.replaceAll("_", " "), count }))
    .join(", ");
};

/** Centre settings: how long records of children who left are kept, and what the job would remove today. */
export function RetentionSection() {
  const say = useSay();
  const columns: Column<RetentionCandidate>[] = [
    { header: say("dataRequests.child"), cell: (row) => `${row.child_name} (${row.student_number})` },
    { header: say("dataRequests.leftOn"), cell: (row) => formatDate(row.exit_date), nowrap: true },
    { header: say("dataRequests.would"), cell: (row) => say(RETENTION_ACTION_LABEL_IDS[row.action]) },
    { header: say("dataRequests.recordsRemoved"), cell: (row) => records(row, say) },
  ];
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? centres.data?.[0]?.id ?? null;
  const setting = useRetention(centreId);
  const paging = usePaging(10);
  const dryRun = useRetentionDryRun(centreId, paging.page, paging.limit);
  const { saveRetention } = useDataMutations();
  const form = useForm<Form, unknown, z.output<typeof retentionInput>>({
    resolver: zodResolver(retentionInput),
    defaultValues: { center_id: "", enabled: false, records_years: 3, books_years: 8 },
    mode: "onBlur",
  });
  const { reset } = form;
  useEffect(() => {
    if (setting.data) reset(fromSetting(setting.data));
  }, [setting.data, reset]);
  const submit = form.handleSubmit((body) => saveRetention.mutate(body));

  return (
    <Card variant="outlined" component="section" aria-labelledby="retention-title">
      <CardContent>
        <Typography id="retention-title" variant="h6" component="h2">
          {say("dataRequests.retentionTitle")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {say("dataRequests.retentionExplained")}
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {(centres.data?.length ?? 0) > 1 && (
              <TextField
                select
                label={say("dataRequests.centre")}
                value={centreId ?? ""}
                onChange={(event) => {
                  setChosen(event.target.value);
                  paging.setPage(1);
                }}
                sx={{ minWidth: 240 }}
              >
                {centres.data?.map((centre) => (
                  <MenuItem key={centre.id} value={centre.id}>
                    {centre.center_name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <FormTextField
              form={form}
              name="records_years"
              label={say("dataRequests.keepRecordsYears")}
              type="number"
              sx={{ maxWidth: 200 }}
            />
            <FormTextField
              form={form}
              name="books_years"
              label={say("dataRequests.keepBooksYears")}
              type="number"
              sx={{ maxWidth: 260 }}
            />
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={say("dataRequests.applyNightly")}
                />
              )}
            />
            <Button type="submit" variant="contained" disabled={!setting.data || saveRetention.isPending}>
              {say("dataRequests.saveRetention")}
            </Button>
          </Stack>
          {saveRetention.isSuccess && !form.formState.isDirty && (
            <Alert severity="success">{say("dataRequests.retentionSaved")}</Alert>
          )}
          {(setting.isError || saveRetention.isError) && (
            <Alert severity="error">
              {refusalMessage(saveRetention.error ?? setting.error, say("dataRequests.retentionFailed"))}
            </Alert>
          )}
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          {say("dataRequests.wouldRemoveToday")}{" "}
          {setting.data && !setting.data.enabled && say("dataRequests.dryRunOff")}
        </Typography>
      </CardContent>
      <PagedTable
        label={say("dataRequests.dryRunTable")}
        columns={columns}
        rowKey={(row) => row.student_id}
        page={dryRun.data && { rows: dryRun.data.candidates, pagination: dryRun.data.pagination }}
        paging={paging}
        loading={dryRun.isLoading}
        error={dryRun.isError ? refusalMessage(dryRun.error, say("dataRequests.dryRunFailed")) : undefined}
        empty={say("dataRequests.dryRunEmpty")}
        card={(row) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {row.child_name} ({row.student_number})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {say("dataRequests.leftDate", { date: formatDate(row.exit_date) })} ·{" "}
              {say(RETENTION_ACTION_LABEL_IDS[row.action])}
            </Typography>
            <Typography variant="body2">{records(row, say)}</Typography>
          </Stack>
        )}
      />
    </Card>
  );
}
