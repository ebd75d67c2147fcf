import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  type AdmissionInput,
  type AdmissionPayload,
  admissionSchema,
  RELATION_LABEL_IDS,
  RELATIONS,
} from "@sprout/shared/schemas/admissions";
import { type EnquiryInput, GENDER_LABEL_IDS, GENDERS } from "@sprout/shared/schemas/enquiries";
import { useMemo } from "react";
import { Controller, type DefaultValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useFieldError } from "../account/fieldError";
import { browserToday, useClassrooms } from "./api";

type Schema = ReturnType<typeof admissionSchema>;

const split = (name: string) => {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(" ") };
};

/**
 * The form prefilled from the enquiry. Each row's relation is left for the person to choose, and a
 * gender the enquiry did not give is left unchosen.
 */
export function admissionDefaults(enquiry: EnquiryInput): DefaultValues<AdmissionInput> {
  const child = split(enquiry.child_name);
  const parent = split(enquiry.parent_name);
  const empty = { firstName: "", lastName: "", relation: "", phone: "", email: "" };
  return {
    child: {
      firstName: child.first,
      lastName: child.last,
      dateOfBirth: enquiry.child_dob ?? "",
      gender: GENDERS.find((gender) => gender === enquiry.gender),
    },
    parents: [
      {
        ...empty,
        firstName: parent.first,
        lastName: parent.last,
        phone: enquiry.mobile_number,
        email: enquiry.email ?? "",
      },
      empty,
      empty,
    ],
    classroomId: "",
    probableJoiningDate: enquiry.probable_joining_date ?? "",
  };
}

interface Props {
  open: boolean;
  centerId: string;
  initial: DefaultValues<AdmissionInput>;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (values: AdmissionPayload) => void;
}

/** Final Admission Form: child details, three parent/guardian rows, classroom, probable joining date. */
export function AdmissionDialog({ open, centerId, initial, busy, error, onCancel, onConfirm }: Props) {
  const say = useSay();
  const fieldError = useFieldError();
  const schema = useMemo(() => admissionSchema({ today: browserToday() }), []);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: initial,
  });
  const classrooms = useClassrooms(centerId || undefined);

  const field = (
    name: Path<AdmissionInput>,
    label: string,
    props: Record<string, unknown> = {},
    options?: readonly { value: string; label: string }[],
  ) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          value={(input.value as string) ?? ""}
          label={label}
          select={Boolean(options)}
          fullWidth
          size="small"
          error={Boolean(fieldState.error)}
          helperText={fieldError(fieldState.error?.message) ?? " "}
          {...props}
        >
          {options?.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const date = (name: Path<AdmissionInput>, label: string, required = false) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field: input, fieldState }) => (
        <DateField
          label={label}
          name={input.name}
          required={required}
          size="small"
          value={input.value as string}
          onChange={input.onChange}
          onBlur={input.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldError(fieldState.error?.message) ?? " "}
        />
      )}
    />
  );

  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="md" aria-labelledby="admission-title">
      <form noValidate onSubmit={form.handleSubmit(onConfirm)}>
        <DialogTitle id="admission-title">{say("enquiries.admissionTitle")}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {say("enquiries.childDetails")}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field("child.firstName", say("enquiries.firstName"), { required: true })}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{field("child.lastName", say("enquiries.lastName"))}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{date("child.dateOfBirth", say("enquiries.dateOfBirth"), true)}</Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field(
                  "child.gender",
                  say("enquiries.gender"),
                  { required: true },
                  GENDERS.map((value) => ({ value, label: say(GENDER_LABEL_IDS[value]) })),
                )}
              </Grid>
            </Grid>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {say("enquiries.parentsGuardians")}
            </Typography>
            {[0, 1, 2].map((index) => (
              <Grid
                container
                spacing={2}
                key={index}
                aria-label={say("enquiries.parentRow", { number: index + 1 })}
                role="group"
              >
                <Grid size={{ xs: 12, sm: 2 }}>
                  {field(
                    `parents.${index}.relation`,
                    say("enquiries.relation"),
                    { required: index === 0 },
                    RELATIONS.map((value) => ({ value, label: say(RELATION_LABEL_IDS[value]) })),
                  )}
                </Grid>
                <Grid size={{ xs: 12, sm: 2.5 }}>
                  {field(`parents.${index}.firstName`, say("enquiries.firstName"), { required: index === 0 })}
                </Grid>
                <Grid size={{ xs: 12, sm: 2 }}>{field(`parents.${index}.lastName`, say("enquiries.lastName"))}</Grid>
                <Grid size={{ xs: 12, sm: 2.5 }}>
                  {field(`parents.${index}.phone`, say("enquiries.phone"), { required: index === 0, inputMode: "tel" })}
                </Grid>
                <Grid size={{ xs: 12, sm: 3 }}>
                  {field(`parents.${index}.email`, say("enquiries.email"), { type: "email" })}
                </Grid>
              </Grid>
            ))}
            <Typography variant="body2" color="text.secondary">
              {say("enquiries.invitationNote")}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {field(
                  "classroomId",
                  say("enquiries.classroom"),
                  { required: true, disabled: classrooms.isLoading },
                  (classrooms.data ?? []).map((room) => ({ value: room.id, label: room.name })),
                )}
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>{date("probableJoiningDate", say("enquiries.probableJoining"))}</Grid>
            </Grid>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            {say("enquiries.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !form.formState.isValid}>
            {say(busy ? "enquiries.admitting" : "enquiries.confirmAdmission")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
