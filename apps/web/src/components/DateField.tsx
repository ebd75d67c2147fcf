import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import dayjs, { type Dayjs } from "dayjs";
import "dayjs/locale/en-in";
import "dayjs/locale/hi";
import { useEffect, useRef, useState } from "react";
import { useLanguage } from "../i18n/LanguageProvider";

/** The one date format a form shows and accepts: day/month/year, as in India. */
export const DATE_INPUT_FORMAT = "DD/MM/YYYY";
const ISO = "YYYY-MM-DD";

const toDay = (value: string | null | undefined): Dayjs | null => (value && value !== "invalid" ? dayjs(value) : null);

/**
 * The date picker every form uses (en-IN, dd/mm/yyyy). The form keeps the ISO date
 * ("2026-11-22") the shared schemas check; an unfinished or impossible entry is passed on as
 * text that fails the schema, so the field shows the schema's message.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  error,
  helperText,
  required,
  disabled,
  name,
  size,
  fullWidth = true,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The earliest and latest allowed ISO dates (the same rules the schema checks). */
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  size?: "small" | "medium";
  fullWidth?: boolean;
}) {
  // The calendar's month and day names in the reader's language; the typed format stays dd/mm/yyyy.
  const { language } = useLanguage();
  // The picker keeps what is being typed (an unfinished date is not yet a value of the form).
  const [day, setDay] = useState<Dayjs | null>(toDay(value));
  // What this field has sent up and the form has not yet handed back. The form's value can lag
  // a keystroke behind (a URL update, a transition); such a value is an echo, not a change from
  // outside, and resetting the picker to it would drop what is being typed.
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const current = value ?? "";
    const echo = sent.current.indexOf(current);
    if (echo >= 0) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    sent.current = [];
    setDay(toDay(current));
  }, [value]);
  const send = (text: string) => {
    sent.current.push(text);
    onChange(text);
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={language === "hi" ? "hi" : "en-in"}>
      <DatePicker
        label={label}
        value={day}
        format={DATE_INPUT_FORMAT}
        minDate={toDay(min) ?? undefined}
        maxDate={toDay(max) ?? undefined}
        disabled={disabled}
        onChange={(next) => {
          setDay(next);
          send(!next ? "" : next.isValid() ? next.format(ISO) : "invalid");
        }}
        onClose={onBlur}
        slotProps={{
          textField: {
            name,
            required,
            error,
            helperText,
            size,
            fullWidth,
            onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}
