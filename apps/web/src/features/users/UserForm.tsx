import { Alert, Button, FormControlLabel, Grid, MenuItem, Stack, Switch, TextField } from "@mui/material";
import type { Role } from "@sprout/shared/roles";
import { createUserRequest, type ManagedUser } from "@sprout/shared/schemas/users";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { ROLE_IDS } from "./labels";

/** The form's values: every field as text, the centre "" for none; editing sends no password. */
const formSchema = createUserRequest.extend({ centerId: z.string(), isActive: z.boolean() });
export type UserFormValues = z.input<typeof formSchema>;

interface Props {
  mode: "create" | "edit";
  user?: ManagedUser;
  roles: { value: Role; label: string }[];
  centres: { id: string; name: string }[];
  pending: boolean;
  error?: string;
  onSubmit: (values: UserFormValues) => void;
  onCancel?: () => void;
}

/** Add-user and edit-user fields; the rules are the server's (shared schema). */
export function UserForm({ mode, user, roles, centres, pending, error, onSubmit, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<UserFormValues, unknown, z.output<typeof formSchema>>({
    // One schema for both: the password field is offered (and so non-empty) only when adding.
    resolver: zodResolver(formSchema),
    defaultValues: {
      fullName: user?.full_name ?? "",
      email: user?.email ?? "",
      password: "",
      role: user?.role ?? ("" as Role),
      centerId: user?.center_id ?? "",
      phoneNumber: user?.phone_number ?? "",
      jobTitle: user?.job_title ?? "",
      isActive: user?.is_active ?? true,
    },
  });
  const submit = handleSubmit((values) => onSubmit(values));
  const say = useSay();

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label={mode === "create" ? say("users.addUserForm") : say("users.editUserForm")}
    >
      {error && <Alert severity="error">{error}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={say("users.fullName")}
            required
            fullWidth
            error={Boolean(errors.fullName)}
            helperText={errors.fullName?.message}
            {...register("fullName")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={say("users.colEmail")}
            type="email"
            required
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            {...register("email")}
          />
        </Grid>
        {mode === "create" && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={say("users.password")}
              type="password"
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.password)}
              helperText={errors.password?.message ?? say("users.passwordHint")}
              {...register("password")}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="role"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={say("users.colRole")}
                required
                fullWidth
                error={Boolean(errors.role)}
                helperText={errors.role?.message}
                {...field}
              >
                {roles.map((role) => (
                  <MenuItem key={role.value} value={role.value}>
                    {ROLE_IDS[role.value] ? say(ROLE_IDS[role.value]) : role.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="centerId"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label={say("users.colCentre")}
                fullWidth
                error={Boolean(errors.centerId)}
                helperText={errors.centerId?.message ?? say("users.centreHint")}
                {...field}
              >
                <MenuItem value="">
                  <em>{say("users.noCentre")}</em>
                </MenuItem>
                {centres.map((centre) => (
                  <MenuItem key={centre.id} value={centre.id}>
                    {centre.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={say("users.phone")}
            fullWidth
            error={Boolean(errors.phoneNumber)}
            helperText={errors.phoneNumber?.message}
            {...register("phoneNumber")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={say("users.jobTitle")}
            fullWidth
            error={Boolean(errors.jobTitle)}
            helperText={errors.jobTitle?.message}
            {...register("jobTitle")}
          />
        </Grid>
        {mode === "edit" && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              name="isActive"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={say("users.active")}
                />
              )}
            />
          </Grid>
        )}
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end" }}>
        {onCancel && <Button onClick={onCancel}>{say("users.cancel")}</Button>}
        <Button type="submit" variant="contained" disabled={pending}>
          {mode === "create"
            ? pending
              ? say("users.creating")
              : say("users.createUser")
            : pending
              ? say("users.saving")
              : say("users.saveChanges")}
        </Button>
      </Stack>
    </Stack>
  );
}
