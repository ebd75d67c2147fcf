import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from "@mui/material";
import { type ChildConsent, consentInput, PHOTO_CONSENTS } from "@sprout/shared/schemas/digital-portfolio";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { CONSENT_LABELS, usePortfolioMutations } from "./api";

/**
 * A parent's photo consent for one child; a change applies at once to photos already taken. The
 * page mounts one card, keyed by the child, so a choice left unsaved never follows another child.
 */
export function ConsentCard({ child }: { child: ChildConsent }) {
  const say = useSay();
  const headingId = useId();
  const { consent } = usePortfolioMutations();
  const form = useForm<z.input<typeof consentInput>, unknown, z.output<typeof consentInput>>({
    resolver: zodResolver(consentInput),
    values: { consent: child.consent },
  });
  const save = form.handleSubmit((values) => consent.mutate({ childId: child.child_id, consent: values.consent }));
  return (
    <Card variant="outlined" component="form" onSubmit={save} aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {say("digitalPortfolio.consentFor", { name: child.child_name })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {say("digitalPortfolio.consentExplain", { name: child.child_name })}
        </Typography>
        <Controller
          control={form.control}
          name="consent"
          render={({ field }) => (
            <RadioGroup {...field} aria-labelledby={headingId}>
              {PHOTO_CONSENTS.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={say(CONSENT_LABELS[value])} />
              ))}
            </RadioGroup>
          )}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 1 }}>
          <Button type="submit" variant="contained" disabled={consent.isPending || !form.formState.isDirty}>
            {say("digitalPortfolio.saveConsent")}
          </Button>
          {consent.isSuccess && !form.formState.isDirty && (
            <Typography color="success.main" role="status">
              {say("digitalPortfolio.consentSaved")}
            </Typography>
          )}
        </Stack>
        {consent.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {consent.error.message || say("digitalPortfolio.consentFailed")}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
