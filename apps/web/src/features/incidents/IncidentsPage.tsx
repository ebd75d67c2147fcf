import Add from "@mui/icons-material/Add";
import ReportProblem from "@mui/icons-material/ReportProblem";
import {
  Badge,
  Box,
  Button,
  CardActionArea,
  Chip,
  Link,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import {
  INCIDENT_PAGE_SIZES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPE_LABEL_IDS,
  type IncidentListItem,
} from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { DateField } from "../../components/DateField";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useActiveAlerts } from "../emergency/api";
import { EmergencyAlertDialog } from "../emergency/EmergencyAlertDialog";
import { EmergencyAlertsPanel } from "../emergency/EmergencyAlertsPanel";
import { useIncidents } from "./api";
import { IncidentDetailsDialog } from "./IncidentDetailsDialog";
import { ParentIncidents } from "./ParentIncidents";
import { ParentStatus } from "./ParentStatus";
import { ReportIncidentDialog } from "./ReportIncidentDialog";

/** /incidents: staff manage reports (and, for directors and owners, emergency alerts); parents read theirs. */
export function IncidentsPage() {
  const user = useSignedInUser();
  if (user.role === "parent") return <ParentIncidents />;
  return <StaffIncidents canManage={hasFeature(user.role, "incident_management")} />;
}

function StaffIncidents({ canManage }: { canManage: boolean }) {
  const say = useSay();
  const [tab, setTab] = useState<"incidents" | "alerts">("incidents");
  const [reporting, setReporting] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const active = useActiveAlerts();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {say("incidents.pageTitle")}
        </Typography>
        <LiveChip />
        <Button variant="outlined" startIcon={<Add />} onClick={() => setReporting(true)}>
          {say("incidents.reportIncident")}
        </Button>
        {canManage && (
          <Badge badgeContent={active.data?.alerts.length ?? 0} color="warning">
            <Button variant="contained" color="error" startIcon={<ReportProblem />} onClick={() => setAlerting(true)}>
              {say("incidents.emergency")}
            </Button>
          </Badge>
        )}
      </Stack>
      {canManage && (
        <Tabs value={tab} onChange={(_, value) => setTab(value)}>
          <Tab value="incidents" label={say("incidents.tabIncidents")} />
          <Tab value="alerts" label={say("incidents.tabAlerts")} />
        </Tabs>
      )}
      {tab === "incidents" ? <IncidentList canManage={canManage} /> : <EmergencyAlertsPanel />}
      <ReportIncidentDialog open={reporting} onClose={() => setReporting(false)} />
      {canManage && <EmergencyAlertDialog open={alerting} onClose={() => setAlerting(false)} />}
    </Stack>
  );
}

const SEVERITY_COLOURS = { low: "default", medium: "info", high: "warning", critical: "error" } as const;

/** Opens a report: a real button, so the keyboard reaches it as the mouse does. */
function OpenReport({ row, onOpen }: { row: IncidentListItem; onOpen: (id: string) => void }) {
  const say = useSay();
  return (
    <Link component="button" type="button" variant="body2" onClick={() => onOpen(row.id)} sx={{ fontWeight: 600 }}>
      {say(INCIDENT_TYPE_LABEL_IDS[row.incident_type])}
    </Link>
  );
}

function IncidentList({ canManage }: { canManage: boolean }) {
  const say = useSay();
  const [filters, setFilters] = useState({ status: "", severity: "", from: "", to: "" });
  const paging = usePaging(10);
  // A reminder's link names the report waiting for review: it opens at once.
  const [params, setParams] = useSearchParams();
  const open = params.get("report");
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set("report", id);
        else next.delete("report");
        return next;
      },
      { replace: true },
    );
  const incidents = useIncidents({ ...filters, page: paging.page, limit: paging.limit });
  const setFilter = (name: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [name]: event.target.value }));
    paging.restart();
  };
  // What the date fields hold; a date still being typed ("invalid") is not a filter yet.
  const [dates, setDates] = useState({ from: "", to: "" });
  const setDate = (name: "from" | "to") => (value: string) => {
    setDates((current) => ({ ...current, [name]: value }));
    if (value === "invalid") return;
    setFilters((current) => ({ ...current, [name]: value }));
    paging.restart();
  };
  const data = incidents.data;
  const page = data && {
    rows: data.incidents,
    pagination: {
      page: data.pagination.current_page,
      limit: paging.limit,
      total: data.pagination.total_items,
      totalPages: data.pagination.total_pages,
    },
  };
  const columns: Column<IncidentListItem>[] = [
    { header: say("incidents.columnDate"), cell: (row) => formatDateTime(row.incident_date), nowrap: true },
    { header: say("incidents.columnType"), cell: (row) => <OpenReport row={row} onOpen={setOpen} /> },
    { header: say("incidents.columnChildren"), cell: (row) => row.children.map((child) => child.name).join(", ") },
    { header: say("incidents.columnLocation"), cell: (row) => row.location },
    {
      header: say("incidents.columnSeverity"),
      cell: (row) => (
        <Chip
          size="small"
          label={say("incidents.severityLower", { severity: row.severity })}
          color={SEVERITY_COLOURS[row.severity]}
        />
      ),
    },
    { header: say("incidents.columnStatus"), cell: (row) => say("incidents.statusName", { status: row.status }) },
    {
      header: say("incidents.columnParents"),
      cell: (row) => <ParentStatus status={row.parent_status} acknowledgements={row.parent_acknowledgements} />,
    },
  ];

  return (
    <Stack spacing={2}>
      {/* Two filters a row on a phone, so that the list starts within the first screen. */}
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(4, minmax(140px, 200px))" },
        }}
      >
        <TextField
          select
          size="small"
          label={say("incidents.columnStatus")}
          value={filters.status}
          onChange={setFilter("status")}
        >
          <MenuItem value="">{say("incidents.filterAll")}</MenuItem>
          {INCIDENT_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say("incidents.statusName", { status: value })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={say("incidents.columnSeverity")}
          value={filters.severity}
          onChange={setFilter("severity")}
        >
          <MenuItem value="">{say("incidents.filterAll")}</MenuItem>
          {INCIDENT_SEVERITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {say("incidents.severityName", { severity: value })}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          size="small"
          label={say("incidents.filterFrom")}
          value={dates.from}
          max={filters.to || undefined}
          onChange={setDate("from")}
        />
        <DateField
          size="small"
          label={say("incidents.filterTo")}
          value={dates.to}
          min={filters.from || undefined}
          onChange={setDate("to")}
        />
      </Box>
      <PagedTable
        label={say("incidents.listLabel")}
        columns={columns}
        card={(row) => <IncidentCard row={row} onOpen={() => setOpen(row.id)} />}
        rowKey={(row) => row.id}
        page={page}
        paging={paging}
        loading={incidents.isPending}
        error={incidents.isError ? refusalMessage(incidents.error, say("incidents.fetchFailed")) : undefined}
        empty={say("incidents.noIncidents")}
        pageSizes={INCIDENT_PAGE_SIZES}
      />
      <IncidentDetailsDialog id={open} canManage={canManage} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** A report on a phone: the whole card opens it. */
function IncidentCard({ row, onOpen }: { row: IncidentListItem; onOpen: () => void }) {
  const say = useSay();
  return (
    <CardActionArea onClick={onOpen} sx={{ m: -1, p: 1, width: "auto" }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{say(INCIDENT_TYPE_LABEL_IDS[row.incident_type])}</Typography>
        <Chip
          size="small"
          label={say("incidents.severityLower", { severity: row.severity })}
          color={SEVERITY_COLOURS[row.severity]}
        />
      </Box>
      <Typography variant="body2">{row.children.map((child) => child.name).join(", ")}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(row.incident_date)} · {row.location} · {say("incidents.statusName", { status: row.status })}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <ParentStatus status={row.parent_status} acknowledgements={row.parent_acknowledgements} />
      </Box>
    </CardActionArea>
  );
}
