import {
  Card,
  CardContent,
  Stack,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { ReactNode } from "react";
import { ColumnFields } from "./ColumnFields";
import type { Column } from "./PagedTable";

interface Props<T> {
  /** Names the table and the phone's list for assistive technology and tests. */
  label: string;
  /** The first column names the row: on a phone it is the card's title, the others its fields. */
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** A totals row, one cell per column (empty cells are left out of the phone's totals card). */
  footer?: ReactNode[];
  /** Attributes for a row, on the grid's row and on the phone's card alike (a test id). */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  /** Room around the phone's cards, where the table sat flush in its container. */
  cardsSx?: SxProps<Theme>;
  /** A desktop grid taller than this scrolls under its sticky heading. */
  maxHeight?: number;
}

const filled = (cell: ReactNode) => cell !== "" && cell !== null && cell !== undefined && cell !== false;

/**
 * A short table that needs no paging (months, rooms, centres): the grid on a desktop, and on a
 * phone one card per row with every column as "label: value", so nothing is cut off at the
 * screen's edge with no sign that it is there. Long lists use `PagedTable`.
 */
export function RowsTable<T>({ label, columns, rows, rowKey, footer, rowProps, cardsSx, maxHeight }: Props<T>) {
  const phone = useMediaQuery(useTheme().breakpoints.down("md"));
  const [title, ...fields] = columns;
  if (phone && title)
    return (
      <Stack
        component="ul"
        spacing={1.5}
        aria-label={label}
        sx={[{ listStyle: "none", p: 0, m: 0 }, ...(Array.isArray(cardsSx) ? cardsSx : [cardsSx])]}
      >
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} variant="outlined" data-testid="list-card" {...rowProps?.(row)}>
            <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 } }}>
              <Typography component="div" sx={{ fontWeight: 600 }} data-testid="list-card-title">
                {title.cell(row)}
              </Typography>
              <ColumnFields columns={fields} row={row} />
            </CardContent>
          </Card>
        ))}
        {footer && (
          <Card component="li" variant="outlined" sx={{ bgcolor: "action.hover" }} data-testid="list-card-totals">
            <CardContent sx={{ py: 1.5, "&:last-child": { pb: 1.5 }, "& dd": { fontWeight: 600 } }}>
              <Typography component="div" sx={{ fontWeight: 600 }}>
                {footer[0]}
              </Typography>
              <ColumnFields
                columns={fields
                  .map((column, index) => ({ header: column.header, cell: () => footer[index + 1] }))
                  .filter((_, index) => filled(footer[index + 1]))}
                row={null}
              />
            </CardContent>
          </Card>
        )}
      </Stack>
    );
  return (
    <TableContainer sx={{ overflowX: "auto", maxHeight }}>
      <Table size="small" aria-label={label} stickyHeader={maxHeight !== undefined}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                align={column.align}
                sx={column.nowrap ? { whiteSpace: "nowrap" } : undefined}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align={column.align}
                  sx={column.nowrap ? { whiteSpace: "nowrap" } : undefined}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {footer && (
            <TableRow>
              {footer.map((cell, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the footer's cells are positional.
                  key={index}
                  align={columns[index]?.align}
                  sx={{ fontWeight: 600 }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
