import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from "@mui/material";
import {
  type ChildConsents,
  CONSENT_PURPOSES,
  consentAnswers,
  PURPOSE_LABEL_IDS,
  REQUIRED_PURPOSE,
} from "@sprout/shared/schemas/privacy";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { useServerError } from "../../components/useServerError";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useAnswerConsents } from "./api";

type Form = z.input<typeof consentAnswers>;

/** One child's answers, purpose by purpose; earlier answers are filled in to change or confirm. */
export function ChildConsentForm({
  child,
  noticeVersion,
  submitLabel,
}: {
  child: ChildConsents;
  noticeVersion: number;
  submitLabel: string;
}) {
  const say = useSay();
  const answer = useAnswerConsents();
  const [saved, setSaved] = useState(false);
  const previous = (purpose: (typeof CONSENT_PURPOSES)[number]) =>
    child.consents.find((consent) => consent.purpose === purpose)?.given;
  const form = useForm<Form, unknown, z.output<typeof consentAnswers>>({
    resolver: zodResolver(consentAnswers),
    mode: "onBlur",
    defaultValues: {
      notice_version: noticeVersion,
      core_records: previous("core_records"),
      portfolio_photos: previous("portfolio_photos"),
      group_photos: previous("group_photos"),
      messages_digest: previous("messages_digest"),
    },
  });
  const server = useServerError(answer.error instanceof ApiError ? answer.error.message : undefined, form.watch);
  const coreRefused = form.watch(REQUIRED_PURPOSE) === false;

  const submit = form.handleSubmit((values) => {
    server.submitted();
    setSaved(false);
    answer.mutate({ childId: child.child_id, answers: values }, { onSuccess: () => setSaved(true) });
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={say("privacy.consentFor", { name: child.child_name })}
    >
      {CONSENT_PURPOSES.map((purpose) => (
        <Controller
          key={purpose}
          name={purpose}
          control={form.control}
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)} component="fieldset">
              <FormLabel component="legend" sx={{ fontWeight: 600, color: "text.primary" }}>
                {say(PURPOSE_LABEL_IDS[purpose].title)}
                {purpose === REQUIRED_PURPOSE && say("privacy.required")}
              </FormLabel>
              <Typography variant="body2" color="text.secondary">
                {say(PURPOSE_LABEL_IDS[purpose].explanation)}
              </Typography>
              <RadioGroup
                row
                name={field.name}
                value={field.value === undefined ? "" : field.value ? "yes" : "no"}
                onChange={(event) => field.onChange(event.target.value === "yes")}
                onBlur={field.onBlur}
              >
                <FormControlLabel value="yes" control={<Radio />} label={say("privacy.iAgree")} />
                <FormControlLabel value="no" control={<Radio />} label={say("privacy.iDoNotAgree")} />
              </RadioGroup>
              {fieldState.error && (
                <FormHelperText>
                  {say("privacy.answerPurpose", { purpose: say(PURPOSE_LABEL_IDS[purpose].title) })}
                </FormHelperText>
              )}
            </FormControl>
          )}
        />
      ))}
      {coreRefused && (
        <Alert severity="warning" data-testid="required-refused">
          {say("privacy.requiredRefused")} {child.center_name}
          {child.center_phone && `: ${child.center_phone}`}
          {child.center_email && `, ${child.center_email}`}.{" "}
          <Button component={RouterLink} to="/messaging" size="small">
            {say("privacy.messageCentre")}
          </Button>
        </Alert>
      )}
      {server.error && <Alert severity="error">{server.error}</Alert>}
      {saved && !answer.isPending && (
        <Alert severity="success">{say("privacy.answersSaved", { name: child.child_name })}</Alert>
      )}
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={answer.isPending}>
          {answer.isPending ? say("privacy.saving") : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
