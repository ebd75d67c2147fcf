import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import AddIcon from "@mui/icons-material/Add";
import ApartmentIcon from "@mui/icons-material/Apartment";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import NotificationsIcon from "@mui/icons-material/Notifications";
import PendingActionsIcon from "@mui/icons-material/PendingActions";
import RefreshIcon from "@mui/icons-material/Refresh";
import ReportProblemIcon from "@mui/icons-material/ReportProblem";
import {
  Alert,
  Badge,
  Box,
  Card,
  CardContent,
  IconButton,
  SpeedDial,
  SpeedDialAction,
  SpeedDialIcon,
  Stack,
  Tab,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { hasFeature } from "@sprout/shared/roles";
import type { BudgetLimit } from "@sprout/shared/schemas/budget";
import { type ReactNode, useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { formatCurrency, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { AnalyticsTab } from "./AnalyticsTab";
import { ApprovalsTab } from "./ApprovalsTab";
import { exportExpenses, useBudgetMutations, useFinanceDashboard } from "./api";
import { ExpensesTab } from "./ExpensesTab";
import { type ExportFilters, FilterBar } from "./FilterBar";
import { FinanceNotifications } from "./FinanceNotifications";
import { LimitDialog } from "./LimitDialog";
import { LimitsTab } from "./LimitsTab";
import { type Notice, NoticeSnackbar } from "./NoticeSnackbar";
import { OversightTab } from "./OversightTab";
import { BudgetRequestsPanel } from "./RequestsPage";

const TABS = [
  "budget.tabLimits",
  "budget.tabApprovals",
  "budget.tabExpenses",
  "budget.tabOversight",
  "budget.tabAnalytics",
] as const satisfies MessageId[];
/** Owners also raise requests (for someone else to decide): the spec's five tabs and this one. */
const REQUESTS_TAB: MessageId = "budget.tabRequests";

/** The Financial Manager dashboard (spec 2): five tabs, summary cards, filter bar and speed dial. */
export function FinanceDashboard({ initialTab = 0 }: { initialTab?: number }) {
  const say = useSay();
  const dashboard = useFinanceDashboard();
  const raisesRequests = hasFeature(useSignedInUser().role, "budget_requests");
  const tabs = raisesRequests ? [...TABS, REQUESTS_TAB] : TABS;
  const { refresh } = useBudgetMutations();
  const [tab, setTab] = useState(initialTab);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<BudgetLimit | "new" | null>(null);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [filters, setFilters] = useState<ExportFilters>({});
  const data = dashboard.data;
  // On a phone a floating button would sit on the first card of every tab: it moves to the header.
  const phone = useMediaQuery(useTheme().breakpoints.down("md"));
  const pending = data?.overview.pendingApprovals ?? 0;

  const reload = async () => {
    await refresh();
    const result = await dashboard.refetch();
    setNotice(
      result.isError
        ? { message: say("budget.loadFailed"), severity: "error" }
        : { message: say("budget.refreshed"), severity: "success" },
    );
  };
  const download = async () => {
    try {
      await exportExpenses(filters);
    } catch {
      // Export failures are silent in the spec; the user is still told, since nothing arrived.
      setNotice({ message: say("budget.exportFailed"), severity: "error" });
    }
  };

  const speedDial = (
    <SpeedDial
      ariaLabel={say("budget.financeActions")}
      icon={<SpeedDialIcon />}
      direction={phone ? "down" : "up"}
      FabProps={{ size: phone ? "small" : "large" }}
      sx={
        phone
          ? { position: "absolute", top: 0, right: 0, zIndex: "speedDial" }
          : { position: "fixed", bottom: 24, right: 24 }
      }
    >
      <SpeedDialAction
        icon={<RefreshIcon />}
        slotProps={{ tooltip: { title: say("budget.refreshData") } }}
        onClick={reload}
      />
      <SpeedDialAction
        icon={<AddIcon />}
        slotProps={{ tooltip: { title: say("budget.addLimit") } }}
        onClick={() => setEditing("new")}
      />
      <SpeedDialAction
        icon={<FileDownloadIcon />}
        slotProps={{ tooltip: { title: say("budget.exportReport") } }}
        onClick={download}
      />
      <SpeedDialAction
        icon={<NotificationsIcon />}
        slotProps={{ tooltip: { title: say("budget.notifications") } }}
        onClick={() => setNotificationsOpen(true)}
      />
    </SpeedDial>
  );

  return (
    <Box sx={{ pb: { xs: 2, md: 12 } }}>
      <Stack direction="row" sx={{ alignItems: "center", mb: 2, gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
          {say("budget.title")}
        </Typography>
        <Tooltip title={say("budget.pendingApprovalsTip")}>
          <IconButton aria-label={say("budget.pendingApprovalsCount", { count: pending })} onClick={() => setTab(1)}>
            <Badge badgeContent={pending} color="error" showZero>
              <PendingActionsIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={say("budget.refresh")}>
          <IconButton aria-label={say("budget.refresh")} onClick={reload}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {phone && <Box sx={{ position: "relative", width: 40, height: 40, flexShrink: 0 }}>{speedDial}</Box>}
      </Stack>
      {dashboard.isError && <Alert severity="error">{say("budget.loadFailed")}</Alert>}

      <Box sx={{ display: "grid", gap: 2, mb: 2, gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        <SummaryCard
          label={say("budget.totalAuthority")}
          value={formatCurrency(data?.overview.totalBudget ?? 0)}
          hint={data ? say("budget.fiscalYearHint", { year: data.fiscal_year }) : ""}
          icon={<AccountBalanceIcon color="primary" />}
        />
        <SummaryCard
          label={say("budget.tabApprovals")}
          value={formatNumber(pending)}
          icon={<PendingActionsIcon color="warning" />}
        />
        <SummaryCard
          label={say("budget.oversightItems")}
          value={formatNumber(data?.overview.oversightItems ?? 0)}
          icon={<ReportProblemIcon color="error" />}
        />
        <SummaryCard
          label={say("budget.centersManaged")}
          value={formatNumber(data?.overview.centersManaged ?? 0)}
          icon={<ApartmentIcon color="success" />}
        />
      </Box>

      <FilterBar value={filters} onChange={setFilters} onExport={download} />

      <ScrollableTabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        sx={{ borderBottom: 1, borderColor: "divider", mb: 2 }}
      >
        {tabs.map((label) => (
          <Tab key={label} label={say(label)} />
        ))}
      </ScrollableTabs>
      {tab === 0 && <LimitsTab onAdd={() => setEditing("new")} onEdit={setEditing} />}
      {tab === 1 && <ApprovalsTab onNotice={setNotice} />}
      {tab === 2 && data && <ExpensesTab centres={data.centers} onNotice={setNotice} />}
      {tab === 3 && <OversightTab items={data?.oversightItems ?? []} loading={dashboard.isPending} />}
      {tab === 4 && data && <AnalyticsTab analytics={data.analytics} />}
      {tab === 5 && raisesRequests && data && <BudgetRequestsPanel centres={data.centers} />}

      {!phone && speedDial}

      <LimitDialog
        open={editing !== null}
        limit={editing === "new" ? null : editing}
        centres={data?.centers ?? []}
        fiscalYear={data?.fiscal_year ?? ""}
        onClose={() => setEditing(null)}
      />
      <FinanceNotifications
        open={notificationsOpen}
        waitingCount={data?.overview.pendingApprovals}
        onClose={() => setNotificationsOpen(false)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Box>
  );
}

function SummaryCard({ label, value, hint, icon }: { label: string; value: string; hint?: string; icon: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 1.5, md: 2 } }}>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {icon}
        </Stack>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontSize: { xs: "1.15rem", md: "1.5rem" }, wordBreak: "break-word" }}
        >
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
