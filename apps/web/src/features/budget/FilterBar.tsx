import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Box, Button, MenuItem, TextField } from "@mui/material";
import {
  APPROVAL_STATUS_LABEL_IDS,
  APPROVAL_STATUSES,
  type ApprovalStatus,
  CATEGORY_LABEL_IDS,
  EXPENSE_CATEGORIES,
  type ExpenseCategory,
} from "@sprout/shared/schemas/budget";
import { DateField } from "../../components/DateField";
import { useSay } from "../../i18n/useSay";

export interface ExportFilters {
  start_date?: string;
  end_date?: string;
  category?: ExpenseCategory;
  status?: ApprovalStatus;
}

/** Start and end date, category and status, and Export Expenses. */
export function FilterBar({
  value,
  onChange,
  onExport,
}: {
  value: ExportFilters;
  onChange: (next: ExportFilters) => void;
  onExport: () => void;
}) {
  const say = useSay();
  const badRange = !!value.start_date && !!value.end_date && value.end_date < value.start_date;
  return (
    <Box
      role="search"
      aria-label={say("budget.expenseFilters")}
      sx={{
        display: "grid",
        gap: 1.5,
        mb: 2,
        alignItems: "start",
        gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr)) auto" },
      }}
    >
      <DateField
        label={say("budget.startDate")}
        size="small"
        value={value.start_date ?? ""}
        onChange={(start_date) => onChange({ ...value, start_date: start_date || undefined })}
      />
      <DateField
        label={say("budget.endDate")}
        size="small"
        value={value.end_date ?? ""}
        min={value.start_date}
        error={badRange}
        helperText={badRange ? say("budget.dateRange") : undefined}
        onChange={(end_date) => onChange({ ...value, end_date: end_date || undefined })}
      />
      <TextField
        select
        size="small"
        label={say("budget.category")}
        value={value.category ?? ""}
        onChange={(event) =>
          onChange({ ...value, category: (event.target.value || undefined) as ExportFilters["category"] })
        }
      >
        <MenuItem value="">{say("budget.all")}</MenuItem>
        {EXPENSE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {say(CATEGORY_LABEL_IDS[category])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={say("budget.status")}
        value={value.status ?? ""}
        onChange={(event) =>
          onChange({ ...value, status: (event.target.value || undefined) as ExportFilters["status"] })
        }
      >
        <MenuItem value="">{say("budget.all")}</MenuItem>
        {APPROVAL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {say(APPROVAL_STATUS_LABEL_IDS[status])}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        startIcon={<FileDownloadIcon />}
        onClick={onExport}
        disabled={badRange}
        sx={{ gridColumn: { xs: "1 / -1", md: "auto" }, height: 40 }}
      >
        {say("budget.exportExpenses")}
      </Button>
    </Box>
  );
}
