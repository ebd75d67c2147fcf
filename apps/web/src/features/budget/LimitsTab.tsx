import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { ROLE_LABELS } from "@sprout/shared/roles";
import { BUDGET_MESSAGES, type BudgetLimit, CATEGORY_LABELS } from "@sprout/shared/schemas/budget";
import { useState } from "react";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { formatCurrency } from "../../format";
import { useBudgetLimits } from "./api";

const statusChip = (limit: BudgetLimit) => (
  <Chip size="small" label={limit.is_active ? "Active" : "Inactive"} color={limit.is_active ? "success" : "default"} />
);
const scopeOf = (limit: BudgetLimit) => (limit.category ? CATEGORY_LABELS[limit.category] : "All categories");

/** Budget Limits: searchable by centre or role, paged on the server. */
export function LimitsTab({ onAdd, onEdit }: { onAdd: () => void; onEdit: (limit: BudgetLimit) => void }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const debounced = useDebouncedValue(search.trim(), 300);
  const limits = useBudgetLimits(page + 1, size, debounced);
  const rows = limits.data?.limits ?? [];
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down("md"));
  const edit = (limit: BudgetLimit) => (
    <IconButton
      aria-label={`Edit limit for ${ROLE_LABELS[limit.role]} at ${limit.center_name}`}
      onClick={() => onEdit(limit)}
    >
      <EditIcon />
    </IconButton>
  );

  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 1.5, mb: 2 }}>
        <TextField
          size="small"
          label="Search by centre or role"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ flexGrow: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add Budget Limit
        </Button>
      </Stack>
      {limits.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {limits.isError && <Alert severity="error">{BUDGET_MESSAGES.loadFailed}</Alert>}
      {limits.isSuccess && rows.length === 0 && (
        <Box sx={{ textAlign: "center", py: 6 }}>
          <Typography variant="h6">{BUDGET_MESSAGES.noLimits}</Typography>
          <Typography color="text.secondary">Add a limit to let a role approve spending by itself.</Typography>
        </Box>
      )}
      {rows.length > 0 &&
        (compact ? (
          <Stack sx={{ gap: 1.5 }}>
            {rows.map((limit) => (
              <Card key={limit.id} variant="outlined">
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{limit.center_name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {ROLE_LABELS[limit.role]} · {scopeOf(limit)} · FY {limit.fiscal_year}
                      </Typography>
                    </Box>
                    {edit(limit)}
                  </Stack>
                  <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mt: 1 }}>
                    <Typography>
                      {formatCurrency(limit.approval_limit)}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {" "}
                        ({formatCurrency(limit.used_amount)} used)
                      </Typography>
                    </Typography>
                    {statusChip(limit)}
                  </Stack>
                </CardContent>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Budget limits">
              <TableHead>
                <TableRow>
                  <TableCell>Center</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Approval Limit</TableCell>
                  <TableCell>Fiscal Year</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((limit) => (
                  <TableRow key={limit.id} hover>
                    <TableCell>{limit.center_name}</TableCell>
                    <TableCell>
                      {ROLE_LABELS[limit.role]}
                      <Typography variant="body2" color="text.secondary">
                        {scopeOf(limit)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      {formatCurrency(limit.approval_limit)}
                      <Typography variant="body2" color="text.secondary">
                        {formatCurrency(limit.used_amount)} used
                      </Typography>
                    </TableCell>
                    <TableCell>{limit.fiscal_year}</TableCell>
                    <TableCell>{statusChip(limit)}</TableCell>
                    <TableCell align="right">{edit(limit)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ))}
      {rows.length > 0 && (
        <TablePagination
          component="div"
          count={limits.data?.pagination.total_items ?? 0}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[5, 10, 25, 50]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
    </Box>
  );
}
