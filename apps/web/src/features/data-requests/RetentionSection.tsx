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
  RETENTION_ACTION_LABELS,
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

const records = (candidate: RetentionCandidate) => {
  const entries = Object.entries(candidate.records);
  if (entries.length === 0) return candidate.action === "remove_name" ? "Name on invoices" : "Child row only";
  return entries.map(([kind, count]) => `${kind.replaceAll("_", " ")}: ${count}`).join(", ");
};

const columns: Column<RetentionCandidate>[] = [
  { header: "Child", cell: (row) => `${row.child_name} (${row.student_number})` },
  { header: "Left on", cell: (row) => formatDate(row.exit_date), nowrap: true },
  { header: "Would", cell: (row) => RETENTION_ACTION_LABELS[row.action] },
  { header: "Records removed", cell: records },
];

/** Centre settings: how long records of children who left are kept, and what the job would remove today. */
export function RetentionSection() {
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
          Keeping records of children who have left
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          After this many years the records of a child who left are erased; invoices and payments keep the child's name
          for the books' years (Indian tax law: 8), then the name goes too. Check the list below before switching it on.
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {(centres.data?.length ?? 0) > 1 && (
              <TextField
                select
                label="Centre"
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
              label="Keep records (years)"
              type="number"
              sx={{ maxWidth: 200 }}
            />
            <FormTextField
              form={form}
              name="books_years"
              label="Keep names on the books (years)"
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
                  label="Apply automatically every night"
                />
              )}
            />
            <Button type="submit" variant="contained" disabled={!setting.data || saveRetention.isPending}>
              Save retention
            </Button>
          </Stack>
          {saveRetention.isSuccess && !form.formState.isDirty && <Alert severity="success">Retention saved.</Alert>}
          {(setting.isError || saveRetention.isError) && (
            <Alert severity="error">
              {refusalMessage(saveRetention.error ?? setting.error, "Could not load or save the retention.")}
            </Alert>
          )}
        </Stack>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
          What the job would remove today {setting.data && !setting.data.enabled && "(dry run: it is switched off)"}
        </Typography>
      </CardContent>
      <PagedTable
        label="Retention dry run"
        columns={columns}
        rowKey={(row) => row.student_id}
        page={dryRun.data && { rows: dryRun.data.candidates, pagination: dryRun.data.pagination }}
        paging={paging}
        loading={dryRun.isLoading}
        error={dryRun.isError ? refusalMessage(dryRun.error, "Could not load the dry run.") : undefined}
        empty="Nothing has passed its time: the job would remove nothing today."
        card={(row) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {row.child_name} ({row.student_number})
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Left {formatDate(row.exit_date)} · {RETENTION_ACTION_LABELS[row.action]}
            </Typography>
            <Typography variant="body2">{records(row)}</Typography>
          </Stack>
        )}
      />
    </Card>
  );
}
