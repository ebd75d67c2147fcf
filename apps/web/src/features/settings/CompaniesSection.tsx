import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from "@mui/material";
import { type CreateCompanyRequest, createCompanyRequest } from "@sprout/shared/schemas/settings";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCompanies, useSettingsMutations } from "./api";

/** Manage Tie-up Companies: the companies whose employees get the tie-up arrangement. */
export function CompaniesSection({ canAdd }: { canAdd: boolean }) {
  const say = useSay();
  const companies = useCompanies();
  const { addCompany } = useSettingsMutations();
  const [done, setDone] = useState("");
  const form = useForm<CreateCompanyRequest, unknown, z.output<typeof createCompanyRequest>>({
    resolver: zodResolver(createCompanyRequest),
    defaultValues: { companyName: "" },
  });
  const submit = form.handleSubmit(async (values) => {
    setDone("");
    try {
      await addCompany.mutateAsync(values);
      setDone(say("settings.companyAdded"));
      form.reset({ companyName: "" });
    } catch {
      /* shown from the mutation's error */
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby="companies-title">
      <CardContent>
        <Typography id="companies-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {say("settings.companiesTitle")}
        </Typography>
        {canAdd && (
          <Box component="form" noValidate onSubmit={submit} sx={{ mb: 2 }} aria-label={say("settings.addCompanyForm")}>
            <Grid container spacing={2} sx={{ alignItems: "flex-start" }}>
              <Grid size={{ xs: 12, sm: 10 }}>
                <Controller
                  name="companyName"
                  control={form.control}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label={say("settings.companyName")}
                      size="small"
                      fullWidth
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? " "}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 2 }}>
                <Button type="submit" variant="contained" fullWidth disabled={addCompany.isPending}>
                  {say("settings.add")}
                </Button>
              </Grid>
            </Grid>
            {addCompany.isError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {refusalMessage(addCompany.error, say("settings.addCompany"))}
              </Alert>
            )}
            {done && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {done}
              </Alert>
            )}
          </Box>
        )}
        {companies.isLoading && <CircularProgress size={24} />}
        {companies.isError && <Alert severity="error">{say("settings.loadCompanies")}</Alert>}
        {companies.data && companies.data.length === 0 && (
          <Typography color="text.secondary">{say("settings.noCompanies")}</Typography>
        )}
        <List dense>
          {companies.data?.map((row) => (
            <ListItem key={row.id} divider>
              <ListItemText primary={row.company_name} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
