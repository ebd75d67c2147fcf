import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import {
  type childOption,
  createIncidentInput,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPE_LABEL_IDS,
  INCIDENT_TYPES,
} from "@sprout/shared/schemas/incidents";
import dayjs from "dayjs";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useChildOptions, useIncidentMutations, useReviewSetting } from "./api";
import { LOCAL_DATE_TIME, OccurredAtField } from "./OccurredAtField";

type Form = z.input<typeof createIncidentInput>;
type Child = z.infer<typeof childOption>;

const localNow = () => dayjs().format(LOCAL_DATE_TIME);

export function ReportIncidentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const say = useSay();
  const { create } = useIncidentMutations();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<Child[]>([]);
  const options = useChildOptions(search);
  const user = useSignedInUser();
  // The report's centre is its children's; before any is chosen, the reporter's own.
  const centreId = chosen[0]?.center_id ?? user.center_id;
  const review = useReviewSetting(open ? centreId : null);
  const empty = (): Form => ({
    child_ids: [],
    incident_type: "injury",
    occurred_at: localNow(),
    location: "",
    description: "",
    first_aid: "",
    witnesses: "",
    severity: "low",
  });
  const form = useForm<Form, unknown, z.output<typeof createIncidentInput>>({
    resolver: zodResolver(createIncidentInput),
    defaultValues: empty(),
    mode: "onBlur",
  });
  const errors = form.formState.errors;

  const close = () => {
    form.reset(empty());
    setChosen([]);
    create.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    // The input holds local time; the server stores an instant.
    await create.mutateAsync({
      ...values,
      occurred_at: new Date(values.occurred_at).toISOString(),
      ...(chosen[0] && { center_id: chosen[0].center_id }),
    });
    close();
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{say("incidents.reportAnIncident")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && (
              <Alert severity="error">{refusalMessage(create.error, say("incidents.saveFailed"))}</Alert>
            )}
            <Autocomplete
              multiple
              options={options.data ?? []}
              value={chosen}
              filterOptions={(list) => list}
              getOptionLabel={(child) => `${child.name} (${child.student_id})`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              onInputChange={(_, value) => setSearch(value)}
              onChange={(_, value) => {
                setChosen(value);
                form.setValue(
                  "child_ids",
                  value.map((child) => child.id),
                  { shouldValidate: true },
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={say("incidents.childrenInvolved")}
                  required
                  error={Boolean(errors.child_ids)}
                  helperText={errors.child_ids?.message ?? say("incidents.searchHint")}
                />
              )}
            />
            {/* Before anything is written: whether the family sees this at once. */}
            {review.data && (
              <Alert severity={review.data.review_before_parents ? "info" : "warning"} data-testid="review-notice">
                {review.data.review_before_parents ? say("incidents.reviewedFirst") : say("incidents.seenAtOnce")}
              </Alert>
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="incident_type"
                render={({ field }) => (
                  <TextField select label={say("incidents.fieldType")} required fullWidth {...field}>
                    {INCIDENT_TYPES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {say(INCIDENT_TYPE_LABEL_IDS[value])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="severity"
                render={({ field }) => (
                  <TextField select label={say("incidents.fieldSeverity")} required fullWidth {...field}>
                    {INCIDENT_SEVERITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {say("incidents.severityName", { severity: value })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Controller
              control={form.control}
              name="occurred_at"
              render={({ field }) => (
                <OccurredAtField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={Boolean(errors.occurred_at)}
                  helperText={errors.occurred_at?.message}
                />
              )}
            />
            <TextField
              label={say("incidents.fieldLocation")}
              required
              {...form.register("location")}
              error={Boolean(errors.location)}
              helperText={errors.location?.message}
            />
            <TextField
              label={say("incidents.fieldWhatHappened")}
              required
              multiline
              minRows={3}
              {...form.register("description")}
              error={Boolean(errors.description)}
              helperText={errors.description?.message ?? say("incidents.whatHappenedHint")}
            />
            <TextField label={say("incidents.fieldFirstAid")} multiline minRows={2} {...form.register("first_aid")} />
            <TextField label={say("incidents.fieldWitnesses")} {...form.register("witnesses")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{say("incidents.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {say(create.isPending ? "incidents.saving" : "incidents.saveReport")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
