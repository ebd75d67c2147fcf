import { Alert, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { todayIn } from "@sprout/shared/schemas/children";
import { accountsExportQuery, lastDayOfYearFrom } from "@sprout/shared/schemas/fee-collection/accounts-export";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { FormDateField, FormSelectField } from "../../components/form/fields";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { downloadAccountsExport } from "./settings-api";

type Form = z.input<typeof accountsExportQuery>;

/** 1 April of the financial year that holds `today` (an ISO date). */
const financialYearStart = (today: string) => {
  const year = Number(today.slice(0, 4));
  return `${Number(today.slice(5, 7)) >= 4 ? year : year - 1}-04-01`;
};

/** "Export for accountant": the centre's invoices, credit notes and receipts of a range, for Tally. */
export function AccountsExportCard({ centreId }: { centreId: string }) {
  const say = useSay();
  const today = todayIn("Asia/Kolkata", new Date());
  const form = useForm<Form, unknown, z.output<typeof accountsExportQuery>>({
    resolver: zodResolver(accountsExportQuery),
    defaultValues: { center_id: centreId, from: financialYearStart(today), to: today, format: "xlsx" },
    mode: "onBlur",
  });
  const { setValue } = form;
  useEffect(() => setValue("center_id", centreId), [centreId, setValue]);
  const from = form.watch("from");
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const submit = form.handleSubmit(async (query) => {
    setState({ busy: true, error: null });
    try {
      await downloadAccountsExport(query);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="accounts-export-title">
      <CardContent>
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <Typography id="accounts-export-title" variant="h6" component="h2">
            {say("accountsExport.title")}
          </Typography>
          <Typography color="text.secondary">{say("accountsExport.explained")}</Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <FormDateField form={form} name="from" label={say("accountsExport.from")} />
            <FormDateField
              form={form}
              name="to"
              label={say("accountsExport.to")}
              min={typeof from === "string" ? from : undefined}
              max={typeof from === "string" && from ? lastDayOfYearFrom(from) : undefined}
            />
            <FormSelectField
              form={form}
              name="format"
              label={say("accountsExport.format")}
              sx={{ minWidth: 160 }}
              options={[
                { value: "xlsx", label: say("accountsExport.formatXlsx") },
                { value: "csv", label: say("accountsExport.formatCsv") },
              ]}
            />
          </Stack>
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={state.busy}>
              {say(state.busy ? "accountsExport.preparing" : "accountsExport.download")}
            </Button>
          </Stack>
          {state.error !== null && (
            <Alert severity="error">{refusalMessage(state.error, say("accountsExport.failed"))}</Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
