import { MenuItem, TextField, type TextFieldProps } from "@mui/material";
import type { ComponentProps, ReactNode } from "react";
import { type FieldPath, type FieldValues, type UseFormReturn, useController } from "react-hook-form";
import { DateField } from "../DateField";

/** A field bound to one name of a typed form (`useForm<z.input<S>, unknown, z.output<S>>`). */
interface Bound<T extends FieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  name: FieldPath<T>;
}

type TextProps = Omit<TextFieldProps, "name" | "error" | "value" | "onChange" | "onBlur" | "select" | "children">;

/** A text field registered with the form: the schema's message under it once touched, else the hint. */
export function FormTextField<T extends FieldValues, O>({ form, name, helperText, ...props }: Bound<T, O> & TextProps) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <TextField {...props} {...form.register(name)} error={Boolean(error)} helperText={error?.message ?? helperText} />
  );
}

/** The one date picker, bound to an ISO date field of the form. */
export function FormDateField<T extends FieldValues, O>({
  form,
  name,
  ...props
}: Bound<T, O> &
  Omit<ComponentProps<typeof DateField>, "name" | "value" | "onChange" | "onBlur" | "error" | "helperText">) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      value={typeof field.value === "string" ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    />
  );
}

/** A pick-one list bound to a field of the form. */
export function FormSelectField<T extends FieldValues, O>({
  form,
  name,
  options,
  ...props
}: Bound<T, O> & TextProps & { options: readonly { value: string; label: ReactNode }[] }) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
