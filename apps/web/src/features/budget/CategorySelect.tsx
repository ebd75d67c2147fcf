import { MenuItem, TextField } from "@mui/material";
import { CATEGORY_LABEL_IDS, EXPENSE_CATEGORIES } from "@sprout/shared/schemas/budget";
import type { ControllerRenderProps } from "react-hook-form";
import { useSay } from "../../i18n/useSay";

/** The required category of an expense or a budget request, for a form's `Controller`. */
export function CategorySelect({
  field,
  error,
}: {
  field: Omit<ControllerRenderProps, "value"> & { value?: string };
  error?: string;
}) {
  const say = useSay();
  return (
    <TextField
      select
      label={say("budget.category")}
      required
      fullWidth
      {...field}
      value={field.value ?? ""}
      error={!!error}
      helperText={error}
    >
      {EXPENSE_CATEGORIES.map((category) => (
        <MenuItem key={category} value={category}>
          {say(CATEGORY_LABEL_IDS[category])}
        </MenuItem>
      ))}
    </TextField>
  );
}
