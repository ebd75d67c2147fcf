import {
  Alert,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { LIST_PAGE_SIZES, type ListPagination } from "@sprout/shared/schemas/primitives";
import type { ReactNode } from "react";
import { useSay } from "../../i18n/useSay";
import { ColumnFields } from "./ColumnFields";
import type { Paging } from "./usePaging";

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: "right";
  /** Keeps the cell on one line (dates, IDs, action icons). */
  nowrap?: boolean;
}

interface Props<T> {
  /** Names the table and the phone's list for assistive technology and tests. */
  label: string;
  columns: Column<T>[];
  /**
   * A row as a card on a phone: no sideways scrolling. Without it the card lists every column
   * as "label: value"; one of its own must still show (or lead to) every column's value.
   */
  card?: (row: T) => ReactNode;
  rowKey: (row: T) => string;
  /** `totalIsLowerBound`: a search stopped counting past the page, so the total reads "100+". */
  page: { rows: T[]; pagination: ListPagination & { totalIsLowerBound?: boolean } } | undefined;
  paging: Paging;
  loading: boolean;
  error?: string;
  /** Shown when the page is empty. */
  empty: string;
  /** The rows-per-page choices, where the server allows fewer than the usual ones. */
  pageSizes?: readonly number[];
}

/**
 * The one list of the web app: a grid on a desktop, cards on a phone, pages fetched from the
 * server (`paging` holds the page, size and search).
 */
export function PagedTable<T>({
  label,
  columns,
  card,
  rowKey,
  page,
  paging,
  loading,
  error,
  empty,
  pageSizes = LIST_PAGE_SIZES,
}: Props<T>) {
  const say = useSay();
  const phone = useMediaQuery(useTheme().breakpoints.down("md"));
  const rows = page?.rows ?? [];
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      {loading && !page && (
        <Stack sx={{ alignItems: "center", py: 4 }}>
          <CircularProgress aria-label={`Loading ${label.toLowerCase()}`} />
        </Stack>
      )}
      {page && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: "center" }}>
          {empty}
        </Typography>
      )}
      {rows.length > 0 && phone && (
        <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: "none", p: { xs: 1, sm: 2 }, m: 0 }}>
          {rows.map((row) => (
            <Card component="li" key={rowKey(row)} variant="outlined" data-testid="list-card">
              <CardContent sx={{ "&:last-child": { pb: 1.5 } }}>
                {card ? card(row) : <ColumnFields columns={columns} row={row} />}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
        <TableContainer>
          <Table size="small" aria-label={label} sx={{ "& th": { whiteSpace: "nowrap" } }}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.header} align={column.align}>
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
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
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {page && page.pagination.total > 0 && (
        <TablePagination
          component="div"
          labelRowsPerPage={say("pagedTable.rows")}
          sx={{
            "& .MuiTablePagination-toolbar": { px: { xs: 1, sm: 2 } },
            "& .MuiTablePagination-actions": { ml: { xs: 1, sm: 2.5 } },
          }}
          count={page.pagination.total}
          labelDisplayedRows={({ from, to, count }) =>
            say(page.pagination.totalIsLowerBound ? "pagedTable.shownAtLeast" : "pagedTable.shown", { from, to, count })
          }
          page={paging.page - 1}
          onPageChange={(_, next) => paging.setPage(next + 1)}
          rowsPerPage={paging.limit}
          onRowsPerPageChange={(event) => paging.setLimit(Number(event.target.value))}
          rowsPerPageOptions={[...pageSizes]}
        />
      )}
    </>
  );
}
