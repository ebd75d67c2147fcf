import type { ReactNode } from "react";
import { RowsTable } from "../../components/PagedTable/RowsTable";

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A report's figures as a table: bounded rows (months, sources, centres), so no paging. On a
 * phone each row is a card with every column in it (Occupancy, Collected), totals last.
 */
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
    <RowsTable
      label={label}
      columns={columns.map(({ header, cell, numeric }) => ({ header, cell, align: numeric ? "right" : undefined }))}
      rows={rows}
      rowKey={rowKey}
      footer={footer}
    />
  );
}
