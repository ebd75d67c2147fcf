import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from "@mui/material";
import type { ReactNode } from "react";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** A report's figures as a table: bounded rows (months, sources, centres), so no paging. */
export function ReportTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  footer,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  footer?: ReactNode[];
}) {
  return (
    <TableContainer sx={{ overflowX: "auto" }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} align={column.numeric ? "right" : "left"}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.header} align={column.numeric ? "right" : "left"}>
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
                  align={columns[index]?.numeric ? "right" : "left"}
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
