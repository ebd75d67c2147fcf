import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import dayjs from "dayjs";
import "dayjs/locale/en-in";
import { DATE_INPUT_FORMAT } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";

/** What the form keeps: the reporter's local date and time, turned into an instant on saving. */
export const LOCAL_DATE_TIME = "YYYY-MM-DDTHH:mm";

/**
 * When the incident happened, shown and typed as dd/mm/yyyy hh:mm am/pm (en-IN) whatever the
 * browser's language; a native datetime-local input follows the browser and showed mm/dd/yyyy.
 * An unfinished entry is passed on as empty, so the field shows the schema's message.
 */
export function OccurredAtField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: boolean;
  helperText?: string;
}) {
  const say = useSay();
  const parsed = value ? dayjs(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-in">
      <DateTimePicker
        label={say("incidents.dateAndTime")}
        value={parsed?.isValid() ? parsed : null}
        format={`${DATE_INPUT_FORMAT} hh:mm A`}
        disableFuture
        onChange={(next) => onChange(next?.isValid() ? next.format(LOCAL_DATE_TIME) : "")}
        onClose={onBlur}
        slotProps={{ textField: { required: true, fullWidth: true, error, helperText, onBlur } }}
      />
    </LocalizationProvider>
  );
}
