import { MenuItem, TextField } from "@mui/material";

export interface CentreOption {
  id: string;
  center_name: string;
}

/**
 * The centre a page works on, for those who reach several (an owner, the super admin). The page
 * keeps the choice in its address; `allLabel` adds a first option for every centre at once.
 */
export function CentrePicker({
  centres,
  value,
  onChange,
  label = "Centre",
  allLabel,
}: {
  centres: readonly CentreOption[];
  value: string;
  onChange: (centerId: string) => void;
  label?: string;
  allLabel?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={centres.some((centre) => centre.id === value) ? value : ""}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: "100%", sm: 360 } }}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {centres.map((centre) => (
        <MenuItem key={centre.id} value={centre.id}>
          {centre.center_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
