import { Box, Typography } from "@mui/material";
import { Fragment, type ReactNode } from "react";

/** What a phone card needs of a table's column: its heading and its cell. */
export interface FieldColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A row's columns as "label: value" pairs, for the card that stands for the row on a phone:
 * the grid's columns do not fit there, and a column pushed off the edge would say nothing.
 */
export function ColumnFields<T>({ columns, row }: { columns: FieldColumn<T>[]; row: T }) {
  if (columns.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 0.5,
        display: "grid",
        gridTemplateColumns: "minmax(0, max-content) minmax(0, 1fr)",
        columnGap: 2,
        rowGap: 0.5,
        alignItems: "center",
      }}
    >
      {columns.map((column) => (
        <Fragment key={column.header}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {column.header}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: "right", overflowWrap: "anywhere" }}>
            {column.cell(row)}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
