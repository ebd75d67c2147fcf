import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type CreateInvoiceRequest, createInvoiceRequest } from "@sprout/shared/schemas/billing";
import type { StudentListItem } from "@sprout/shared/schemas/children";
import { PRE_PRIMARY_SAC } from "@sprout/shared/schemas/fee-collection/tax";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDateField, FormTextField } from "../../components/form/fields";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { TaxClassFields } from "../fee-collection/TaxClassFields";
import { useBillableStudents } from "./api";

interface Props {
  open: boolean;
  pending: boolean;
  error?: string;
  onClose: () => void;
  onSubmit: (values: CreateInvoiceRequest) => void;
}

/** Request Invoice for Student: student, amount and due date required; description optional. */
export function RequestInvoiceDialog({ open, pending, error, onClose, onSubmit }: Props) {
  const say = useSay();
  const [search, setSearch] = useState("");
  const students = useBillableStudents(open, useDebouncedValue(search.trim()));
  const options = students.data ?? [];
  // The chosen child stays chosen while the search (and so the options) changes.
  const [chosen, setChosen] = useState<StudentListItem | null>(null);
  const form = useForm<CreateInvoiceRequest, unknown, z.output<typeof createInvoiceRequest>>({
    resolver: zodResolver(createInvoiceRequest),
    defaultValues: { child_id: "", amount: "", dueDate: "", description: "", sac_code: PRE_PRIMARY_SAC, gst_rate: 0 },
  });
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const close = () => {
    reset();
    setSearch("");
    setChosen(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={handleSubmit((values) => onSubmit(values))}
        aria-label={say("billing.requestInvoiceLabel")}
      >
        <DialogTitle>{say("billing.requestTitle")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {students.isError && <Alert severity="error">{say("billing.loadStudentsFailed")}</Alert>}
            <Controller
              control={control}
              name="child_id"
              render={({ field }) => (
                <Autocomplete
                  options={options}
                  loading={students.isFetching}
                  filterOptions={(found) => found}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  value={field.value ? chosen : null}
                  onChange={(_, child) => {
                    setChosen(child);
                    field.onChange(child?.id ?? "");
                  }}
                  onInputChange={(_, text, reason) => {
                    if (reason === "input") setSearch(text);
                  }}
                  noOptionsText={search ? say("billing.noChildMatches") : say("billing.typeNameOrId")}
                  getOptionLabel={(child) => `${child.name} (${child.student_id})`}
                  renderOption={(props, child) => (
                    <li {...props} key={child.id}>
                      {child.name} · {child.student_id} · {child.classroom_name ?? say("billing.unassigned")}
                    </li>
                  )}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={say("billing.student")}
                      required
                      error={Boolean(errors.child_id)}
                      helperText={errors.child_id?.message}
                    />
                  )}
                />
              )}
            />
            <FormTextField
              form={form}
              name="amount"
              label={say("billing.amount")}
              required
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } }}
            />
            <FormDateField form={form} name="dueDate" label={say("billing.dueDate")} required />
            <FormTextField form={form} name="description" label={say("billing.description")} multiline minRows={2} />
            <TaxClassFields
              sacCode={watch("sac_code") ?? PRE_PRIMARY_SAC}
              gstRate={Number(watch("gst_rate") ?? 0)}
              sacError={errors.sac_code?.message}
              rateError={errors.gst_rate?.message}
              onChange={(next) => {
                setValue("sac_code", next.sac_code, { shouldValidate: Boolean(errors.sac_code) });
                setValue("gst_rate", next.gst_rate);
              }}
            />
            <Typography variant="caption" color="text.secondary">
              {say("tax.amountIncludesTax")}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{say("billing.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? say("billing.submitting") : say("billing.submitRequest")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
