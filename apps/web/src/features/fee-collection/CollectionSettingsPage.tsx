import { Alert, Box, Button, Card, CardContent, FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import { type CollectionSettings, collectionSettingsInput } from "@sprout/shared/schemas/fee-collection/settings";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { CentrePicker } from "../../components/CentrePicker";
import { FormTextField } from "../../components/form/fields";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { AccountsExportCard } from "./AccountsExportCard";
import { useCollectionSettings, useSaveCollectionSettings } from "./settings-api";

type Form = z.input<typeof collectionSettingsInput>;
const fromSettings = (settings: CollectionSettings): Form => ({
  upi_vpa: settings.upi_vpa ?? "",
  upi_payee_name: settings.upi_payee_name ?? "",
  gstin: settings.gstin ?? "",
  legal_name: settings.legal_name ?? "",
  tax_address: settings.tax_address ?? "",
  series_code: settings.series_code ?? "",
  reminders_enabled: settings.reminders_enabled,
});

/** "Fees collection & tax": a centre's UPI ID, GSTIN and tax invoice details, reminders, and the accountant's export. */
export function CollectionSettingsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? centres.data?.[0]?.id ?? null;
  const settings = useCollectionSettings(centreId);
  const save = useSaveCollectionSettings(centreId);
  const form = useForm<Form, unknown, z.output<typeof collectionSettingsInput>>({
    resolver: zodResolver(collectionSettingsInput),
    defaultValues: { reminders_enabled: true },
    mode: "onBlur",
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(fromSettings(settings.data));
  }, [settings.data, reset]);
  const readOnly = !settings.data?.can_edit;
  const submit = form.handleSubmit((body) => save.mutate(body));
  const field = { form, fullWidth: true, slotProps: { input: { readOnly } } } as const;

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("collectionSettings.title")}
        </Typography>
        <Typography color="text.secondary">{say("collectionSettings.explained")}</Typography>
      </Box>
      {(centres.data?.length ?? 0) > 1 && (
        <CentrePicker
          centres={centres.data ?? []}
          value={centreId ?? ""}
          onChange={(id) => {
            setChosen(id);
            save.reset();
          }}
          label={say("collectionSettings.centre")}
        />
      )}
      <Card variant="outlined" component="section" aria-labelledby="collection-title">
        <CardContent>
          <Stack component="form" noValidate onSubmit={submit} spacing={2}>
            <Typography id="collection-title" variant="h6" component="h2">
              {say("collectionSettings.upiTitle")}
            </Typography>
            {readOnly && settings.data && <Alert severity="info">{say("collectionSettings.readOnly")}</Alert>}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <FormTextField
                {...field}
                name="upi_vpa"
                label={say("collectionSettings.upiVpa")}
                helperText={say("collectionSettings.upiVpaHelp")}
              />
              <FormTextField {...field} name="upi_payee_name" label={say("collectionSettings.payeeName")} />
            </Stack>
            <Typography variant="h6" component="h2">
              {say("collectionSettings.taxTitle")}
            </Typography>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <FormTextField
                {...field}
                name="gstin"
                label={say("collectionSettings.gstin")}
                helperText={say("collectionSettings.gstinHelp")}
                slotProps={{ input: { readOnly }, htmlInput: { maxLength: 20, style: { textTransform: "uppercase" } } }}
              />
              <FormTextField {...field} name="legal_name" label={say("collectionSettings.legalName")} />
            </Stack>
            <FormTextField
              {...field}
              name="tax_address"
              label={say("collectionSettings.taxAddress")}
              multiline
              minRows={2}
            />
            <FormTextField
              {...field}
              name="series_code"
              label={say("collectionSettings.seriesCode")}
              helperText={say("collectionSettings.seriesCodeHelp", {
                code: settings.data?.effective_series_code ?? "",
              })}
              sx={{ maxWidth: { sm: 360 } }}
            />
            <Controller
              control={form.control}
              name="reminders_enabled"
              render={({ field: toggle }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={toggle.value ?? true}
                      disabled={readOnly}
                      onChange={(event) => toggle.onChange(event.target.checked)}
                    />
                  }
                  label={say("collectionSettings.reminders")}
                />
              )}
            />
            <Typography variant="body2" color="text.secondary">
              {say("collectionSettings.remindersHelp")}
            </Typography>
            {!readOnly && (
              <Box>
                <Button type="submit" variant="contained" disabled={!settings.data || save.isPending}>
                  {say("collectionSettings.save")}
                </Button>
              </Box>
            )}
            {save.isSuccess && !form.formState.isDirty && (
              <Alert severity="success">{say("collectionSettings.saved")}</Alert>
            )}
            {(settings.isError || save.isError) && (
              <Alert severity="error">
                {refusalMessage(save.error ?? settings.error, say("collectionSettings.failed"))}
              </Alert>
            )}
            {settings.data?.updated_at && (
              <Typography variant="body2" color="text.secondary">
                {say("collectionSettings.lastChanged", {
                  when: formatDateTime(settings.data.updated_at),
                  who: settings.data.updated_by_name ?? "",
                })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
      {centreId && may(user.role, "accounts.export") && <AccountsExportCard centreId={centreId} />}
    </Stack>
  );
}
