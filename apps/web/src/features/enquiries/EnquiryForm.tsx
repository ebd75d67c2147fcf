import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  ENQUIRY_SOURCE_LABEL_IDS,
  ENQUIRY_SOURCES,
  ENQUIRY_STATUS_LABEL_IDS,
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryFormValues,
  type EnquiryInput,
  type EnquiryPayload,
  type EnquiryStatus,
  enquirySchema,
  GENDER_LABEL_IDS,
  GENDERS,
  REMARKS_MAX,
} from "@sprout/shared/schemas/enquiries";
import { type ReactNode, useEffect, useMemo } from "react";
import { Controller, type Path, type UseFormReturn, useForm } from "react-hook-form";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useFieldError } from "../account/fieldError";
import { browserToday, usePrograms, useTieUp } from "./api";

export const emptyEnquiry = (centerId = ""): EnquiryFormValues => ({
  child_name: "",
  child_dob: "",
  parent_name: "",
  mobile_number: "",
  email: "",
  parent_location: "",
  company: "",
  gender: "",
  source: "",
  major_program: "",
  specific_program: "",
  service_hours: "",
  status: "Open",
  reason_for_closure: "",
  follow_up_flag: false,
  follow_up_date: "",
  assigned_to: "",
  remarks: "",
  visited: false,
  probable_joining_date: "",
  center_id: centerId,
});

export function enquiryToForm(enquiry: Enquiry): EnquiryFormValues {
  return {
    child_name: enquiry.child_name,
    child_dob: enquiry.child_dob ?? "",
    parent_name: enquiry.parent_name,
    mobile_number: enquiry.mobile_number.replace(/^\+91(\d{5})(\d{5})$/, "+91 $1 $2"),
    email: enquiry.email ?? "",
    parent_location: enquiry.parent_location ?? "",
    company: enquiry.company ?? "",
    gender: enquiry.gender ?? "",
    source: enquiry.source,
    major_program: enquiry.major_program,
    specific_program: enquiry.specific_program,
    service_hours: enquiry.service_hours === null ? "" : String(enquiry.service_hours),
    status: enquiry.status,
    reason_for_closure: enquiry.reason_for_closure ?? "",
    follow_up_flag: enquiry.follow_up_flag,
    follow_up_date: enquiry.follow_up_date ?? "",
    assigned_to: enquiry.assigned_to ?? "",
    remarks: enquiry.remarks ?? "",
    visited: enquiry.visited,
    probable_joining_date: enquiry.probable_joining_date ?? "",
    center_id: enquiry.center_id,
  };
}

/** The form as its fields hold it (text), and as it is sent once the shared schema has parsed it. */
export type EnquiryForm = UseFormReturn<EnquiryInput, unknown, EnquiryPayload>;

/** The enquiry form's state, with the shared rules (browser's today, the organisation's programs), live. */
export function useEnquiryForm(initial: EnquiryFormValues) {
  const programs = usePrograms();
  const groups = programs.data?.groups;
  const schema = useMemo(() => enquirySchema({ today: browserToday(), programs: groups }), [groups]);
  return useForm<EnquiryInput, unknown, EnquiryPayload>({
    resolver: zodResolver(schema),
    // Each field says what is wrong as soon as it is left, then follows every change.
    mode: "onTouched",
    defaultValues: initial,
  });
}

interface Props {
  form: EnquiryForm;
  /** Called when the status becomes Closed and the rest of the form is valid. */
  onClosedChosen: () => void;
  /** The centre picker, for users of several centres (new enquiries only). */
  centres?: { id: string; name: string }[];
  actions: ReactNode;
  error?: string | null;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
      {title}
    </Typography>
    <Grid container spacing={2}>
      {children}
    </Grid>
  </Box>
);

/** The three sections of the enquiry form: Demographics, Academics, Status & Follow-up. */
export function EnquiryFields({ form, onClosedChosen, centres, actions, error }: Props) {
  const say = useSay();
  const fieldError = useFieldError();
  const { control, watch, setValue, trigger, formState } = form;
  const programs = usePrograms();
  const groups = programs.data?.groups ?? {};
  const major = watch("major_program");
  const status = watch("status");
  const followUp = watch("follow_up_flag");
  const remarks = watch("remarks") ?? "";
  const companyName = watch("company") ?? "";
  const tieUp = useTieUp(companyName);
  const hasErrors = Object.keys(formState.errors).length > 0;

  // A new rule set (programs loaded) re-checks what the user has already touched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly loaded program list should re-check
  useEffect(() => {
    if (Object.keys(formState.touchedFields).length > 0)
      void trigger(Object.keys(formState.touchedFields) as Path<EnquiryInput>[]);
  }, [programs.data]);

  const text = (name: Path<EnquiryInput>, label: string, props: Record<string, unknown> = {}, size = 6) => (
    <Grid size={{ xs: 12, sm: size }}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            value={field.value ?? ""}
            onChange={(event) => {
              field.onChange(event);
              // A shown error follows each change, even on a field not yet left (set by another field).
              if (fieldState.error) void trigger(name);
            }}
            label={label}
            fullWidth
            size="small"
            error={Boolean(fieldState.error)}
            helperText={fieldError(fieldState.error?.message) ?? (props.hint as string | undefined) ?? " "}
            slotProps={{ htmlInput: { "aria-label": label } }}
            {...Object.fromEntries(Object.entries(props).filter(([key]) => key !== "hint"))}
          />
        )}
      />
    </Grid>
  );

  const date = (name: Path<EnquiryInput>, label: string, required = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => (
          <DateField
            label={label}
            name={field.name}
            required={required}
            size="small"
            value={field.value as string}
            onChange={(value) => {
              field.onChange(value);
              if (fieldState.error) void trigger(name);
            }}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldError(fieldState.error?.message) ?? " "}
          />
        )}
      />
    </Grid>
  );

  const select = (
    name: Path<EnquiryInput>,
    label: string,
    options: readonly (string | { value: string; label: string })[],
    onPick?: (value: string) => void,
    props: Record<string, unknown> = {},
  ) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            {...field}
            value={field.value ?? ""}
            onChange={(event) => {
              field.onChange(event.target.value);
              onPick?.(event.target.value);
            }}
            label={label}
            fullWidth
            size="small"
            error={Boolean(fieldState.error)}
            helperText={fieldError(fieldState.error?.message) ?? " "}
            {...props}
          >
            {options.map((option) => {
              const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
              return (
                <MenuItem key={value} value={value}>
                  {text}
                </MenuItem>
              );
            })}
          </TextField>
        )}
      />
    </Grid>
  );

  const chooseStatus = async (value: string) => {
    const next = value as EnquiryStatus;
    if (next === "Follow-up") setValue("follow_up_flag", true, { shouldValidate: true });
    if (next === "Closed" || next === "Lost") setValue("follow_up_flag", false, { shouldValidate: true });
    if (next === "Closed" && (await trigger())) onClosedChosen();
    else void trigger(["follow_up_date", "reason_for_closure"]);
  };

  return (
    <Stack spacing={3}>
      <Section title={say("enquiries.demographics")}>
        {text("child_name", say("enquiries.childName"), { required: true })}
        {date("child_dob", say("enquiries.childDob"))}
        {select(
          "gender",
          say("enquiries.gender"),
          GENDERS.map((value) => ({ value, label: say(GENDER_LABEL_IDS[value]) })),
        )}
        {text("parent_name", say("enquiries.parentName"), { required: true })}
        {text("mobile_number", say("enquiries.mobileNumber"), {
          required: true,
          hint: say("enquiries.mobileHint"),
          inputMode: "tel",
        })}
        {text("email", say("enquiries.email"), { type: "email" })}
        {text("parent_location", say("enquiries.parentLocation"))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="company"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={say("enquiries.company")}
                fullWidth
                size="small"
                error={Boolean(fieldState.error)}
                helperText={fieldError(fieldState.error?.message) ?? " "}
                slotProps={{
                  input: {
                    endAdornment:
                      !fieldState.error && companyName.trim().length >= 2 && tieUp.data ? (
                        <Chip
                          size="small"
                          color={tieUp.data.hasTieUp ? "success" : "default"}
                          label={say(tieUp.data.hasTieUp ? "enquiries.tieUp" : "enquiries.noTieUp")}
                          data-testid="tie-up"
                        />
                      ) : undefined,
                  },
                }}
              />
            )}
          />
        </Grid>
        {centres &&
          centres.length > 1 &&
          select(
            "center_id",
            say("enquiries.centre"),
            centres.map((centre) => ({ value: centre.id, label: centre.name })),
            undefined,
            { required: true },
          )}
      </Section>

      <Section title={say("enquiries.academics")}>
        {select(
          "source",
          say("enquiries.source"),
          ENQUIRY_SOURCES.map((value) => ({ value, label: say(ENQUIRY_SOURCE_LABEL_IDS[value]) })),
          undefined,
          { required: true },
        )}
        {select(
          "major_program",
          say("enquiries.majorProgram"),
          Object.keys(groups),
          () => setValue("specific_program", "", { shouldValidate: false }),
          { required: true },
        )}
        {select("specific_program", say("enquiries.specificProgram"), (major && groups[major]) || [], undefined, {
          required: true,
          disabled: !major,
        })}
        {text("service_hours", say("enquiries.serviceHours"), {
          type: "number",
          hint: say("enquiries.serviceHoursHint"),
          inputMode: "decimal",
        })}
        {date("probable_joining_date", say("enquiries.probableJoining"))}
        {text("assigned_to", say("enquiries.assignedTo"))}
      </Section>

      <Section title={say("enquiries.statusFollowUpSection")}>
        {select(
          "status",
          say("enquiries.status"),
          ENQUIRY_STATUSES.map((value) => ({ value, label: say(ENQUIRY_STATUS_LABEL_IDS[value]) })),
          chooseStatus,
        )}
        <Grid size={{ xs: 12, sm: 6 }} sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <Controller
            name="follow_up_flag"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => {
                      field.onChange(event.target.checked);
                      void trigger("follow_up_date");
                    }}
                  />
                }
                label={say("enquiries.followUpNeeded")}
              />
            )}
          />
          <Controller
            name="visited"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} />
                }
                label={say("enquiries.visited")}
              />
            )}
          />
        </Grid>
        {followUp && date("follow_up_date", say("enquiries.followUpDate"), true)}
        {status === "Lost" && text("reason_for_closure", say("enquiries.reasonForClosure"), { required: true })}
        <Grid size={12}>
          <Controller
            name="remarks"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={say("enquiries.remarks")}
                multiline
                minRows={2}
                fullWidth
                size="small"
                error={Boolean(fieldState.error)}
                helperText={
                  <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                    <span>{fieldError(fieldState.error?.message) ?? ""}</span>
                    <span data-testid="remarks-counter">
                      {remarks.length}/{REMARKS_MAX}
                    </span>
                  </Box>
                }
              />
            )}
          />
        </Grid>
      </Section>

      {error && <Alert severity="error">{error}</Alert>}
      {hasErrors && (
        <Alert severity="warning" role="status">
          {say("enquiries.fixErrors")}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: "flex-end", flexWrap: "wrap" }}>
        {actions}
      </Stack>
    </Stack>
  );
}

export const SubmitButton = ({ form, label, busy }: { form: EnquiryForm; label: string; busy: boolean }) => (
  <Button type="submit" variant="contained" disabled={busy || !form.formState.isValid}>
    {label}
  </Button>
);
