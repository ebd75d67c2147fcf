import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { AVATAR_COLORS, type ChildDetails, childEditRequest } from "@sprout/shared/schemas/child-edit";
import { GENDERS } from "@sprout/shared/schemas/enquiries";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useEditChild } from "./api";
import { GENDER_LABELS } from "./labels";
import { centreToday } from "./shared";

type Schema = typeof childEditRequest;

const valuesOf = (child: ChildDetails): z.input<Schema> => ({
  first_name: child.first_name,
  last_name: child.last_name,
  date_of_birth: child.date_of_birth ?? "",
  gender: (child.gender as (typeof GENDERS)[number] | null) ?? null,
  avatar_color: (child.avatar_color as (typeof AVATAR_COLORS)[number] | null) ?? null,
  monthly_fee: child.monthly_fee === null ? "" : String(child.monthly_fee),
  notes: child.notes ?? "",
  guardians: child.guardians.map((guardian) => ({
    id: guardian.id,
    first_name: guardian.first_name,
    last_name: guardian.last_name,
    phone: guardian.phone ?? "",
    email: guardian.email ?? "",
    relation: guardian.relation,
  })),
});

/** Corrects a child's details and their guardians' contact details; every change is audited. */
export function ChildEditDialog({
  child,
  onClose,
  onDone,
}: {
  child: ChildDetails;
  onClose: () => void;
  onDone: () => void;
}) {
  const say = useSay();
  const save = useEditChild(child.id);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(childEditRequest),
    mode: "onTouched",
    defaultValues: valuesOf(child),
  });
  const guardians = useFieldArray({ control: form.control, name: "guardians", keyName: "key" });
  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: onDone }));
  const text = (name: Parameters<typeof form.register>[0], label: string, extra: object = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ""}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="edit-child-title">
      <DialogTitle id="edit-child-title">{say("children.editName", { name: child.name })}</DialogTitle>
      <DialogContent>
        <Box component="form" id="edit-child-form" noValidate onSubmit={submit} sx={{ pt: 1 }}>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {refusalMessage(save.error, say("children.editFailed"))}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{text("first_name", say("children.firstName"), { required: true })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{text("last_name", say("children.lastName"))}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="date_of_birth"
                render={({ field, fieldState }) => (
                  <DateField
                    label={say("children.colBirth")}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    max={centreToday(child.time_zone)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="gender"
                render={({ field }) => (
                  <TextField
                    {...field}
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    select
                    label={say("children.gender")}
                    fullWidth
                  >
                    <MenuItem value="">{say("children.notRecorded")}</MenuItem>
                    {GENDERS.map((gender) => (
                      <MenuItem key={gender} value={gender}>
                        {say(GENDER_LABELS[gender])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              {text("monthly_fee", say("children.feeOverride"), {
                slotProps: { htmlInput: { inputMode: "decimal" } },
              })}
              <Typography variant="caption" color="text.secondary">
                {say("children.feeOverrideHint")}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Typography variant="body2" id="avatar-colour-label">
                {say("children.initialsColour")}
              </Typography>
              <Controller
                control={form.control}
                name="avatar_color"
                render={({ field }) => (
                  <RadioGroup
                    row
                    aria-labelledby="avatar-colour-label"
                    value={field.value ?? ""}
                    onChange={(event) => field.onChange(event.target.value || null)}
                  >
                    <Tooltip title={say("children.colourDefault")}>
                      <Radio value="" slotProps={{ input: { "aria-label": say("children.colourDefaultAria") } }} />
                    </Tooltip>
                    {AVATAR_COLORS.map((colour) => (
                      <Radio
                        key={colour}
                        value={colour}
                        slotProps={{ input: { "aria-label": say("children.colourAria", { colour }) } }}
                        sx={{ color: colour, "&.Mui-checked": { color: colour } }}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
            </Grid>
            <Grid size={12}>{text("notes", say("children.notes"), { multiline: true, minRows: 2 })}</Grid>
          </Grid>
          {guardians.fields.map((guardian, index) => (
            <Stack
              key={guardian.key}
              spacing={1}
              sx={{ mt: 3, border: 0, p: 0, mx: 0, minWidth: 0 }}
              component="fieldset"
              aria-label={say("children.guardianNumber", { number: index + 1 })}
            >
              <Typography variant="subtitle2" component="legend">
                {say("children.guardianNumber", { number: index + 1 })}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  {text(`guardians.${index}.first_name`, say("children.firstName"), { required: true })}
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>{text(`guardians.${index}.last_name`, say("children.lastName"))}</Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  {text(`guardians.${index}.relation`, say("children.relation"), { required: true })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text(`guardians.${index}.phone`, say("children.phone"), { type: "tel" })}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {text(`guardians.${index}.email`, say("children.email"), { type: "email" })}
                </Grid>
              </Grid>
            </Stack>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("children.cancel")}</Button>
        <Button type="submit" form="edit-child-form" variant="contained" disabled={save.isPending}>
          {save.isPending ? say("children.saving") : say("children.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
