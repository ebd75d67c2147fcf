import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { ROLE_LABEL_IDS } from "@sprout/shared/roles";
import {
  BUDGET_LIMIT_ROLES,
  type BudgetLimit,
  budgetLimitInput,
  CATEGORY_LABEL_IDS,
  EXPENSE_CATEGORIES,
} from "@sprout/shared/schemas/budget";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { useServerError } from "../../components/useServerError";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useBudgetMutations } from "./api";

type Form = z.input<typeof budgetLimitInput>;

const fromLimit = (limit: BudgetLimit | null, centres: { id: string }[], fiscalYear: string): Form =>
  limit
    ? {
        center_id: limit.center_id,
        role: limit.role,
        approval_limit: limit.approval_limit,
        fiscal_year: limit.fiscal_year,
        category: limit.category ?? "",
        is_active: limit.is_active,
        notes: limit.notes,
      }
    : {
        center_id: centres.length === 1 ? centres[0]!.id : "",
        role: "center_director",
        approval_limit: "",
        fiscal_year: fiscalYear,
        category: "",
        is_active: true,
        notes: "",
      };

/** Add Budget Limit / Edit Budget Limit. */
export function LimitDialog({
  open,
  limit,
  centres,
  fiscalYear,
  onClose,
}: {
  open: boolean;
  limit: BudgetLimit | null;
  centres: { id: string; name: string }[];
  fiscalYear: string;
  onClose: () => void;
}) {
  const say = useSay();
  const { saveLimit } = useBudgetMutations();
  const form = useForm<Form, unknown, z.output<typeof budgetLimitInput>>({
    resolver: zodResolver(budgetLimitInput),
    defaultValues: fromLimit(limit, centres, fiscalYear),
    mode: "onBlur",
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(fromLimit(limit, centres, fiscalYear));
  }, [open, limit, centres, fiscalYear, reset]);
  const errors = form.formState.errors;
  const failure =
    saveLimit.error instanceof ApiError
      ? saveLimit.error.message
      : saveLimit.error
        ? say("budget.saveFailed")
        : undefined;
  const server = useServerError(failure, form.watch);

  const submit = form.handleSubmit(async (values) => {
    server.submitted();
    await saveLimit.mutateAsync({ id: limit?.id, body: values }).then(onClose, () => undefined);
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate aria-label={limit ? say("budget.editLimit") : say("budget.addLimit")}>
        <DialogTitle>{limit ? say("budget.editLimit") : say("budget.addLimit")}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            {server.error && <Alert severity="error">{server.error}</Alert>}
            <Controller
              control={form.control}
              name="center_id"
              render={({ field }) => (
                <TextField
                  select
                  label={say("budget.center")}
                  required
                  {...field}
                  error={!!errors.center_id}
                  helperText={errors.center_id?.message}
                >
                  {centres.map((centre) => (
                    <MenuItem key={centre.id} value={centre.id}>
                      {centre.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={say("budget.role")}
                  required
                  {...field}
                  error={!!errors.role}
                  helperText={errors.role?.message}
                >
                  {BUDGET_LIMIT_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {say(ROLE_LABEL_IDS[role])}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
              <TextField
                label={say("budget.approvalLimitRupees")}
                required
                inputMode="decimal"
                {...form.register("approval_limit")}
                error={!!errors.approval_limit}
                helperText={errors.approval_limit?.message}
                fullWidth
              />
              <TextField
                label={say("budget.fiscalYearLabel")}
                required
                placeholder="2026-27"
                {...form.register("fiscal_year")}
                error={!!errors.fiscal_year}
                helperText={errors.fiscal_year?.message ?? say("budget.aprilToMarch")}
                fullWidth
              />
            </Stack>
            <Controller
              control={form.control}
              name="category"
              render={({ field }) => (
                <TextField select label={say("budget.category")} {...field} value={field.value ?? ""}>
                  <MenuItem value="">{say("budget.allCategories")}</MenuItem>
                  {EXPENSE_CATEGORIES.map((category) => (
                    <MenuItem key={category} value={category}>
                      {say(CATEGORY_LABEL_IDS[category])}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label={say("budget.notes")} multiline minRows={2} {...form.register("notes")} />
            <Controller
              control={form.control}
              name="is_active"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} />
                  }
                  label={say("budget.active")}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("budget.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={saveLimit.isPending}>
            {saveLimit.isPending ? say("budget.saving") : say("budget.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
