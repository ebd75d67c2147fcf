import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  MenuItem,
  Switch,
  TextField,
} from "@mui/material";
import { english } from "@sprout/shared/i18n/english";
import {
  CONTRACT_TYPE_OPTIONS,
  createStaffRequest,
  STAFF_ROLE_OPTIONS,
  type StaffMember,
} from "@sprout/shared/schemas/staff";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { CONTRACT_TYPE_NAMES } from "./contractTypes";

/**
 * One schema for adding and editing: when editing, the password (empty) and the centre (the
 * member's own) are not shown and stay valid, and the update sends neither.
 */
const staffForm = createStaffRequest.extend({ center_id: z.string().min(1, english("staff.centerRequired")) });
export type StaffFormValues = z.input<typeof staffForm>;

interface Props {
  open: boolean;
  member: StaffMember | null;
  centres: { id: string; name: string }[];
  defaultCentre: string;
  pending: boolean;
  error?: string;
  onSubmit: (values: StaffFormValues) => void;
  onClose: () => void;
  /** Offered when editing someone who has not left: opens the Record Leaving dialog. */
  onLeave?: () => void;
}

/** Add or edit a staff member, with every field of the staff record. */
export function StaffDialog({
  open,
  member,
  centres,
  defaultCentre,
  pending,
  error,
  onSubmit,
  onClose,
  onLeave,
}: Props) {
  const say = useSay();
  const editing = member !== null;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<StaffFormValues, unknown, z.output<typeof staffForm>>({
    resolver: zodResolver(staffForm),
    defaultValues: {
      email: member?.email ?? "",
      password: "",
      first_name: member?.first_name ?? "",
      last_name: member?.last_name ?? "",
      role: member?.role ?? "teacher",
      designation: member?.designation ?? "",
      department: member?.department ?? "",
      joining_date: member?.joining_date ?? "",
      contract_type: member?.contract_type ?? "full-time",
      contact_number: member?.contact_number ?? "",
      emergency_contact: member?.emergency_contact ?? "",
      address: member?.address ?? "",
      active_status: member?.active_status ?? true,
      center_id: member?.center_id ?? defaultCentre,
    },
  });
  const field = (name: keyof StaffFormValues) => ({
    error: Boolean(errors[name]),
    helperText: errors[name]?.message as string | undefined,
    fullWidth: true,
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-label={say(editing ? "staff.editForm" : "staff.addForm")}
      >
        <DialogTitle>{say(editing ? "staff.editTitle" : "staff.addTitle")}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={say("staff.firstName")} required {...field("first_name")} {...register("first_name")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={say("staff.lastName")} required {...field("last_name")} {...register("last_name")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={say("staff.email")} type="email" required {...field("email")} {...register("email")} />
            </Grid>
            {!editing && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={say("staff.password")}
                  type="password"
                  autoComplete="new-password"
                  {...field("password")}
                  helperText={errors.password?.message ?? say("staff.passwordHint")}
                  {...register("password")}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="role"
                control={control}
                render={({ field: input }) => (
                  <TextField select label={say("staff.roleField")} required {...field("role")} {...input}>
                    {STAFF_ROLE_OPTIONS.map((role) => (
                      <MenuItem key={role} value={role}>
                        {say("staff.role", { role })}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            {!editing && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  name="center_id"
                  control={control}
                  render={({ field: input }) => (
                    <TextField select label={say("staff.centre")} required {...field("center_id")} {...input}>
                      {centres.map((centre) => (
                        <MenuItem key={centre.id} value={centre.id}>
                          {centre.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={say("staff.designation")} {...field("designation")} {...register("designation")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label={say("staff.department")} {...field("department")} {...register("department")} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="joining_date"
                control={control}
                render={({ field: input }) => (
                  <DateField
                    label={say("staff.joiningDate")}
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    error={Boolean(errors.joining_date)}
                    helperText={errors.joining_date?.message}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                name="contract_type"
                control={control}
                render={({ field: input }) => (
                  <TextField select label={say("staff.contractType")} {...field("contract_type")} {...input}>
                    {CONTRACT_TYPE_OPTIONS.map((type) => (
                      <MenuItem key={type} value={type}>
                        {say(CONTRACT_TYPE_NAMES[type])}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={say("staff.contactNumber")}
                {...field("contact_number")}
                {...register("contact_number")}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label={say("staff.emergencyContact")}
                {...field("emergency_contact")}
                {...register("emergency_contact")}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label={say("staff.address")}
                multiline
                minRows={2}
                {...field("address")}
                {...register("address")}
              />
            </Grid>
            <Grid size={12}>
              <Controller
                name="active_status"
                control={control}
                render={({ field: input }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(input.value)}
                        onChange={(event) => input.onChange(event.target.checked)}
                      />
                    }
                    label={say("staff.active")}
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions>
          {onLeave && (
            // Leaving is its own record (date, reason), not an edit: on the left, apart from Save.
            <Button color="error" onClick={onLeave} disabled={pending} sx={{ mr: "auto" }}>
              {say("staff.recordLeaving")}
            </Button>
          )}
          <Button onClick={onClose}>{say("staff.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {say(pending ? "staff.saving" : editing ? "staff.saveChanges" : "staff.addStaff")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
