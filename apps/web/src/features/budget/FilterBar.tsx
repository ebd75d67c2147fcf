import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Box, Button, MenuItem, TextField } from "@mui/material";
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalStatus,
  CATEGORY_LABELS,
  EXPENSE_CATEGORIES,
  type ExpenseCategory,
} from "@sprout/shared/schemas/budget";
import { DateField } from "../../components/DateField";

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
  const badRange = !!value.start_date && !!value.end_date && value.end_date < value.start_date;
  return (
    <Box
      role="search"
      aria-label="Expense filters"
      sx={{
        display: "grid",
        gap: 1.5,
        mb: 2,
        alignItems: "start",
        gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(0, 1fr)) auto" },
      }}
    >
      <DateField
        label="Start date"
        size="small"
        value={value.start_date ?? ""}
        onChange={(start_date) => onChange({ ...value, start_date: start_date || undefined })}
      />
      <DateField
        label="End date"
        size="small"
        value={value.end_date ?? ""}
        min={value.start_date}
        error={badRange}
        helperText={badRange ? "End date must not be before the start date" : undefined}
        onChange={(end_date) => onChange({ ...value, end_date: end_date || undefined })}
      />
      <TextField
        select
        size="small"
        label="Category"
        value={value.category ?? ""}
        onChange={(event) =>
          onChange({ ...value, category: (event.target.value || undefined) as ExportFilters["category"] })
        }
      >
        <MenuItem value="">All</MenuItem>
        {EXPENSE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {CATEGORY_LABELS[category]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={value.status ?? ""}
        onChange={(event) =>
          onChange({ ...value, status: (event.target.value || undefined) as ExportFilters["status"] })
        }
      >
        <MenuItem value="">All</MenuItem>
        {APPROVAL_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {APPROVAL_STATUS_LABELS[status]}
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
        Export Expenses
      </Button>
    </Box>
  );
}
