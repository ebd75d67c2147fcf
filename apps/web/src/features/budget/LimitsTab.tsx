import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { ROLE_LABELS } from "@sprout/shared/roles";
import { BUDGET_MESSAGES, BUDGET_PAGE_SIZES, type BudgetLimit, CATEGORY_LABELS } from "@sprout/shared/schemas/budget";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency } from "../../format";
import { budgetPagination, useBudgetLimits } from "./api";

const statusChip = (limit: BudgetLimit) => (
  <Chip size="small" label={limit.is_active ? "Active" : "Inactive"} color={limit.is_active ? "success" : "default"} />
);
const scopeOf = (limit: BudgetLimit) => (limit.category ? CATEGORY_LABELS[limit.category] : "All categories");

/** Budget Limits: searchable by centre or role, paged on the server. */
export function LimitsTab({ onAdd, onEdit }: { onAdd: () => void; onEdit: (limit: BudgetLimit) => void }) {
  const paging = usePaging(10);
  const limits = useBudgetLimits(paging.page, paging.limit, paging.search);
  const data = limits.data;
  const page = data && { rows: data.limits, pagination: budgetPagination(data.pagination) };
  const edit = (limit: BudgetLimit) => (
    <IconButton
      aria-label={`Edit limit for ${ROLE_LABELS[limit.role]} at ${limit.center_name}`}
      onClick={() => onEdit(limit)}
    >
      <EditIcon />
    </IconButton>
  );
  const columns: Column<BudgetLimit>[] = [
    { header: "Center", cell: (limit) => limit.center_name },
    {
      header: "Role",
      cell: (limit) => (
        <>
          {ROLE_LABELS[limit.role]}
          <Typography variant="body2" color="text.secondary">
            {scopeOf(limit)}
          </Typography>
        </>
      ),
    },
    {
      header: "Approval Limit",
      align: "right",
      cell: (limit) => (
        <>
          {formatCurrency(limit.approval_limit)}
          <Typography variant="body2" color="text.secondary">
            {formatCurrency(limit.used_amount)} used
          </Typography>
        </>
      ),
    },
    { header: "Fiscal Year", cell: (limit) => limit.fiscal_year },
    { header: "Status", cell: statusChip },
    { header: "Actions", cell: edit, align: "right" },
  ];

  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 1.5, mb: 2 }}>
        <SearchField paging={paging} label="Search by centre or role" />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          Add Budget Limit
        </Button>
      </Stack>
      {limits.isFetching && page && <LinearProgress sx={{ mb: 1 }} aria-label="Loading budget limits" />}
      <PagedTable
        label="Budget limits"
        columns={columns}
        card={(limit) => (
          <>
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
          </>
        )}
        rowKey={(limit) => limit.id}
        page={page}
        paging={paging}
        loading={limits.isPending}
        error={limits.isError ? BUDGET_MESSAGES.loadFailed : undefined}
        empty={`${BUDGET_MESSAGES.noLimits}. Add a limit to let a role approve spending by itself.`}
        pageSizes={BUDGET_PAGE_SIZES}
      />
    </Box>
  );
}
