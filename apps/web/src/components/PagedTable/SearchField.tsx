import Search from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";
import type { Paging } from "./usePaging";

/** The search box of a paged list: the server searches a moment after typing stops. */
export function SearchField({ paging, label }: { paging: Paging; label: string }) {
  return (
    <TextField
      label={label}
      value={paging.typed}
      onChange={(event) => paging.setTyped(event.target.value)}
      size="small"
      sx={{ flex: 1, minWidth: { sm: 260 } }}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
