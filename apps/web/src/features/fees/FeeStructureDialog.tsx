import Add from "@mui/icons-material/Add";
import Delete from "@mui/icons-material/Delete";
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Grid,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { todayIn } from "@sprout/shared/schemas/children";
import { PRE_PRIMARY_SAC } from "@sprout/shared/schemas/fee-collection/tax";
import {
  academicYearOf,
  DEFAULT_REGISTRATION_FEE,
  DEFAULT_SECURITY_DEPOSIT,
  FEE_COMPONENT_TYPE_LABEL_IDS,
  FEE_COMPONENT_TYPES,
  type FeeStructure,
  type FeeStructureInput,
  feeStructureInput,
  PROGRAM_TYPE_LABEL_IDS,
  PROGRAM_TYPES,
} from "@sprout/shared/schemas/fees";
import { useEffect } from "react";
import { Controller, useFieldArray, useForm } from "react-hook-form";
import type { z } from "zod";
import { useServerError } from "../../components/useServerError";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { TaxClassFields } from "../fee-collection/TaxClassFields";

interface Props {
  open: boolean;
  structure: FeeStructure | null;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (values: FeeStructureInput) => void;
}

const rupee = { input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } };

type Grow = { xs: number; sm?: number; md?: number };
/** The plain text and amount fields after the program's name and type, in the order shown. */
const AMOUNTS: {
  name: Exclude<keyof FeeStructureInput, "components" | "program_type">;
  label: MessageId;
  size: Grow;
  required?: boolean;
  /** A hint in words, or an example that reads the same in every language. */
  placeholder?: MessageId;
  example?: string;
  money?: boolean;
  decimal?: boolean;
}[] = [
  { name: "age_group", label: "fees.ageGroup", size: { xs: 12, sm: 4 }, placeholder: "fees.ageGroupExample" },
  { name: "academic_year", label: "fees.academicYear", size: { xs: 6, sm: 4 }, required: true, example: "2026-27" },
  { name: "service_hours", label: "fees.serviceHours", size: { xs: 6, sm: 4 }, decimal: true },
  {
    name: "monthly_fee",
    label: "fees.monthlyFee",
    size: { xs: 12, sm: 6, md: 3 },
    required: true,
    decimal: true,
    money: true,
  },
  {
    name: "registration_fee",
    label: "fees.registrationFee",
    size: { xs: 12, sm: 6, md: 3 },
    decimal: true,
    money: true,
  },
  {
    name: "security_deposit",
    label: "fees.securityDeposit",
    size: { xs: 12, sm: 6, md: 3 },
    decimal: true,
    money: true,
  },
  { name: "material_fee", label: "fees.materialFee", size: { xs: 12, sm: 6, md: 3 }, decimal: true, money: true },
  { name: "quarterly_discount_percent", label: "fees.quarterlyDiscount", size: { xs: 6 }, decimal: true },
  { name: "annual_discount_percent", label: "fees.annualDiscount", size: { xs: 6 }, decimal: true },
];

function CheckBox({
  label,
  field,
}: {
  label: string;
  field: { value: unknown; onChange: (checked: boolean) => void };
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          size="small"
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
        />
      }
      label={label}
    />
  );
}

function defaults(structure: FeeStructure | null): FeeStructureInput {
  if (!structure) {
    return {
      program_name: "",
      program_type: "preschool",
      age_group: "",
      academic_year: academicYearOf(todayIn(DEFAULT_TIME_ZONE)),
      service_hours: "",
      monthly_fee: "",
      registration_fee: DEFAULT_REGISTRATION_FEE,
      security_deposit: DEFAULT_SECURITY_DEPOSIT,
      material_fee: 0,
      quarterly_discount_percent: 0,
      annual_discount_percent: 0,
      components: [],
      sac_code: PRE_PRIMARY_SAC,
      gst_rate: 0,
    };
  }
  return { ...structure, age_group: structure.age_group ?? "", service_hours: structure.service_hours ?? "" };
}

/** Create or edit a fee structure with all its fields and components. */
export function FeeStructureDialog({ open, structure, pending, error, onClose, onSubmit }: Props) {
  const say = useSay();
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<FeeStructureInput, unknown, z.output<typeof feeStructureInput>>({
    resolver: zodResolver(feeStructureInput),
    defaultValues: defaults(structure),
  });
  const components = useFieldArray({ control, name: "components" });
  const server = useServerError(error, watch);
  useEffect(() => {
    if (open) reset(defaults(structure));
  }, [open, structure, reset]);
  const fieldError = (name: keyof FeeStructureInput) => {
    const message = (errors[name] as { message?: string } | undefined)?.message;
    return { error: Boolean(message), helperText: message };
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          server.submitted();
          onSubmit(values);
        })}
        aria-label={say("fees.structureLabel")}
      >
        <DialogTitle>
          {structure ? say("fees.editName", { name: structure.program_name }) : say("fees.newStructure")}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {server.error && <Alert severity="error">{server.error}</Alert>}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={say("fees.programName")}
                  required
                  fullWidth
                  placeholder={say("fees.programNameExample")}
                  {...register("program_name")}
                  {...fieldError("program_name")}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="program_type"
                  render={({ field }) => (
                    <TextField
                      select
                      label={say("fees.programType")}
                      required
                      fullWidth
                      value={field.value ?? ""}
                      onChange={field.onChange}
                      {...fieldError("program_type")}
                    >
                      {PROGRAM_TYPES.map((type) => (
                        <MenuItem key={type} value={type}>
                          {say(PROGRAM_TYPE_LABEL_IDS[type])}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              {AMOUNTS.map(({ name, label, size, required, placeholder, example, money, decimal }) => (
                <Grid key={name} size={size}>
                  <TextField
                    label={say(label)}
                    required={required}
                    fullWidth
                    placeholder={placeholder ? say(placeholder) : example}
                    inputMode={decimal ? "decimal" : undefined}
                    slotProps={money ? rupee : undefined}
                    {...register(name)}
                    {...fieldError(name)}
                  />
                </Grid>
              ))}
            </Grid>
            <Typography variant="subtitle2" component="h3">
              {say("tax.monthlyFeeTax")}
            </Typography>
            <TaxClassFields
              sacCode={watch("sac_code") ?? PRE_PRIMARY_SAC}
              gstRate={Number(watch("gst_rate") ?? 0)}
              sacError={errors.sac_code?.message}
              rateError={errors.gst_rate?.message}
              onChange={(next) => {
                setValue("sac_code", next.sac_code);
                setValue("gst_rate", next.gst_rate);
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {say("tax.amountIncludesTax")}
            </Typography>
            <Divider />
            <Stack direction="row" sx={{ alignItems: "center" }}>
              <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
                {say("fees.components")}
              </Typography>
              <Button
                startIcon={<Add />}
                onClick={() =>
                  components.append({
                    name: "",
                    amount: "",
                    component_type: "one_time",
                    is_refundable: false,
                    is_optional: false,
                    sac_code: PRE_PRIMARY_SAC,
                    gst_rate: 0,
                  })
                }
              >
                {say("fees.addComponent")}
              </Button>
            </Stack>
            {components.fields.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {say("fees.noComponents")}
              </Typography>
            )}
            {components.fields.map((field, index) => {
              const rowErrors = errors.components?.[index];
              return (
                <Paper key={field.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Grid container spacing={1.5} sx={{ alignItems: "center" }}>
                    <Grid size={{ xs: 12, sm: 4 }}>
                      <TextField
                        size="small"
                        label={say("fees.name")}
                        required
                        fullWidth
                        {...register(`components.${index}.name`)}
                        error={Boolean(rowErrors?.name)}
                        helperText={rowErrors?.name?.message}
                      />
                    </Grid>
                    <Grid size={{ xs: 6, sm: 2.5 }}>
                      <TextField
                        size="small"
                        label={say("fees.amount")}
                        required
                        fullWidth
                        inputMode="decimal"
                        slotProps={rupee}
                        {...register(`components.${index}.amount`)}
                        error={Boolean(rowErrors?.amount)}
                        helperText={rowErrors?.amount?.message}
                      />
                    </Grid>
                    <Grid size={{ xs: 6, sm: 2.5 }}>
                      <Controller
                        control={control}
                        name={`components.${index}.component_type`}
                        render={({ field: typeField }) => (
                          <TextField
                            select
                            size="small"
                            label={say("fees.type")}
                            fullWidth
                            value={typeField.value ?? ""}
                            onChange={typeField.onChange}
                          >
                            {FEE_COMPONENT_TYPES.map((type) => (
                              <MenuItem key={type} value={type}>
                                {say(FEE_COMPONENT_TYPE_LABEL_IDS[type])}
                              </MenuItem>
                            ))}
                          </TextField>
                        )}
                      />
                    </Grid>
                    <Grid size={{ xs: 10, sm: 2.5 }}>
                      <Controller
                        control={control}
                        name={`components.${index}.is_refundable`}
                        render={({ field: check }) => <CheckBox label={say("fees.refundableLabel")} field={check} />}
                      />
                      <Controller
                        control={control}
                        name={`components.${index}.is_optional`}
                        render={({ field: check }) => <CheckBox label={say("fees.optionalLabel")} field={check} />}
                      />
                    </Grid>
                    <Grid size={{ xs: 2, sm: 0.5 }}>
                      <IconButton
                        aria-label={say("fees.removeComponent", { number: index + 1 })}
                        onClick={() => components.remove(index)}
                        size="small"
                      >
                        <Delete fontSize="small" />
                      </IconButton>
                    </Grid>
                    <Grid size={12}>
                      <TaxClassFields
                        sacCode={watch(`components.${index}.sac_code`) ?? PRE_PRIMARY_SAC}
                        gstRate={Number(watch(`components.${index}.gst_rate`) ?? 0)}
                        sacError={errors.components?.[index]?.sac_code?.message}
                        rateError={errors.components?.[index]?.gst_rate?.message}
                        onChange={(next) => {
                          setValue(`components.${index}.sac_code`, next.sac_code);
                          setValue(`components.${index}.gst_rate`, next.gst_rate);
                        }}
                      />
                    </Grid>
                  </Grid>
                </Paper>
              );
            })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("fees.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? say("fees.saving") : say("fees.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
