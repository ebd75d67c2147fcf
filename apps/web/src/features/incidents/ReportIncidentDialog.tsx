import { zodResolver } from "@hookform/resolvers/zod";
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
  INCIDENT_MESSAGES,
  INCIDENT_SEVERITIES,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
} from "@sprout/shared/schemas/incidents";
import dayjs from "dayjs";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { useChildOptions, useIncidentMutations, useReviewSetting } from "./api";
import { LOCAL_DATE_TIME, OccurredAtField } from "./OccurredAtField";

type Form = z.input<typeof createIncidentInput>;
type Child = z.infer<typeof childOption>;

const localNow = () => dayjs().format(LOCAL_DATE_TIME);

export function ReportIncidentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
        <DialogTitle>Report an incident</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && (
              <Alert severity="error">{refusalMessage(create.error, INCIDENT_MESSAGES.saveFailed)}</Alert>
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
                  label="Children involved"
                  required
                  error={Boolean(errors.child_ids)}
                  helperText={errors.child_ids?.message ?? "Search by name or student ID"}
                />
              )}
            />
            {/* Before anything is written: whether the family sees this at once. */}
            {review.data && (
              <Alert severity={review.data.review_before_parents ? "info" : "warning"} data-testid="review-notice">
                {review.data.review_before_parents
                  ? "A manager reviews this report before the parents see it."
                  : "The parents of the children involved see this report as soon as you save it: this centre does not review reports first."}
              </Alert>
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                control={form.control}
                name="incident_type"
                render={({ field }) => (
                  <TextField select label="Type" required fullWidth {...field}>
                    {INCIDENT_TYPES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {INCIDENT_TYPE_LABELS[value]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="severity"
                render={({ field }) => (
                  <TextField select label="Severity" required fullWidth {...field}>
                    {INCIDENT_SEVERITIES.map((value) => (
                      <MenuItem key={value} value={value}>
                        {value.charAt(0).toUpperCase() + value.slice(1)}
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
              label="Location"
              required
              {...form.register("location")}
              error={Boolean(errors.location)}
              helperText={errors.location?.message}
            />
            <TextField
              label="What happened"
              required
              multiline
              minRows={3}
              {...form.register("description")}
              error={Boolean(errors.description)}
              helperText={
                errors.description?.message ??
                "Parents of every child involved read this: please do not name other children."
              }
            />
            <TextField label="First aid given" multiline minRows={2} {...form.register("first_aid")} />
            <TextField label="Witnesses" {...form.register("witnesses")} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? "Saving..." : "Save report"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
