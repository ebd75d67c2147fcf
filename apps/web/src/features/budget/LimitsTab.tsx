import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import { Box, Button, Chip, IconButton, LinearProgress, Stack, Typography } from "@mui/material";
import { ROLE_LABEL_IDS } from "@sprout/shared/roles";
import { BUDGET_PAGE_SIZES, type BudgetLimit, CATEGORY_LABEL_IDS } from "@sprout/shared/schemas/budget";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { budgetPagination, useBudgetLimits } from "./api";

const statusChip = (limit: BudgetLimit, say: Say) => (
  <Chip
    size="small"
    label={limit.is_active ? say("budget.active") : say("budget.inactive")}
    color={limit.is_active ? "success" : "default"}
  />
);
const scopeOf = (limit: BudgetLimit, say: Say) =>
  limit.category ? say(CATEGORY_LABEL_IDS[limit.category]) : say("budget.allCategories");

/** Budget Limits: searchable by centre or role, paged on the server. */
export function LimitsTab({ onAdd, onEdit }: { onAdd: () => void; onEdit: (limit: BudgetLimit) => void }) {
  const say = useSay();
  const paging = usePaging(10);
  const limits = useBudgetLimits(paging.page, paging.limit, paging.search);
  const data = limits.data;
  const page = data && { rows: data.limits, pagination: budgetPagination(data.pagination) };
  const edit = (limit: BudgetLimit) => (
    <IconButton
      aria-label={say("budget.editLimitFor", { role: say(ROLE_LABEL_IDS[limit.role]), centre: limit.center_name })}
      onClick={() => onEdit(limit)}
    >
      <EditIcon />
    </IconButton>
  );
  const columns: Column<BudgetLimit>[] = [
    { header: say("budget.center"), cell: (limit) => limit.center_name },
    {
      header: say("budget.role"),
      cell: (limit) => (
        <>
          {say(ROLE_LABEL_IDS[limit.role])}
          <Typography variant="body2" color="text.secondary">
            {scopeOf(limit, say)}
          </Typography>
        </>
      ),
    },
    {
      header: say("budget.approvalLimit"),
      align: "right",
      cell: (limit) => (
        <>
          {formatCurrency(limit.approval_limit)}
          <Typography variant="body2" color="text.secondary">
            {say("budget.used", { amount: formatCurrency(limit.used_amount) })}
          </Typography>
        </>
      ),
    },
    { header: say("budget.fiscalYearLabel"), cell: (limit) => limit.fiscal_year },
    { header: say("budget.status"), cell: (limit) => statusChip(limit, say) },
    { header: say("budget.actions"), cell: edit, align: "right" },
  ];

  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 1.5, mb: 2 }}>
        <SearchField paging={paging} label={say("budget.searchLimits")} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {say("budget.addLimit")}
        </Button>
      </Stack>
      {limits.isFetching && page && <LinearProgress sx={{ mb: 1 }} aria-label={say("budget.loadingLimits")} />}
      <PagedTable
        label={say("budget.limitsLabel")}
        columns={columns}
        card={(limit) => (
          <>
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{limit.center_name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {say(ROLE_LABEL_IDS[limit.role])} · {scopeOf(limit, say)} ·{" "}
                  {say("budget.fiscalYearShort", { year: limit.fiscal_year })}
                </Typography>
              </Box>
              {edit(limit)}
            </Stack>
            <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mt: 1 }}>
              <Typography>
                {formatCurrency(limit.approval_limit)}
                <Typography component="span" variant="body2" color="text.secondary">
                  {" "}
                  ({say("budget.used", { amount: formatCurrency(limit.used_amount) })})
                </Typography>
              </Typography>
              {statusChip(limit, say)}
            </Stack>
          </>
        )}
        rowKey={(limit) => limit.id}
        page={page}
        paging={paging}
        loading={limits.isPending}
        error={limits.isError ? say("budget.loadFailed") : undefined}
        empty={say("budget.noLimitsHint", { noLimits: say("budget.noLimits") })}
        pageSizes={BUDGET_PAGE_SIZES}
      />
    </Box>
  );
}
