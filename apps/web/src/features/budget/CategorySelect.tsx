import { MenuItem, TextField } from "@mui/material";
import { CATEGORY_LABELS, EXPENSE_CATEGORIES } from "@sprout/shared/schemas/budget";
import type { ControllerRenderProps } from "react-hook-form";

/** The required category of an expense or a budget request, for a form's `Controller`. */
export function CategorySelect({
  field,
  error,
}: {
  field: Omit<ControllerRenderProps, "value"> & { value?: string };
  error?: string;
}) {
  return (
    <TextField
      select
      label="Category"
      required
      fullWidth
      {...field}
      value={field.value ?? ""}
      error={!!error}
      helperText={error}
    >
      {EXPENSE_CATEGORIES.map((category) => (
        <MenuItem key={category} value={category}>
          {CATEGORY_LABELS[category]}
        </MenuItem>
      ))}
    </TextField>
  );
}
