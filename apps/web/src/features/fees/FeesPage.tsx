import Add from "@mui/icons-material/Add";
import Edit from "@mui/icons-material/Edit";
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { hasAnyFeature } from "@sprout/shared/roles";
import {
  EXIT_PERSON_TYPE_LABEL_IDS,
  EXIT_PERSON_TYPES,
  type ExitPersonType,
  type ExitRecord,
  FEE_COMPONENT_TYPE_LABEL_IDS,
  type FeeStructure,
  PROGRAM_TYPE_LABEL_IDS,
} from "@sprout/shared/schemas/fees";
import { isIsoDate } from "@sprout/shared/schemas/primitives";
import { useState } from "react";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { DateField } from "../../components/DateField";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate, formatHours } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { type ExitsFilter, useExitRecords, useFeeMutations, useFeeStructures } from "./api";
import { FeeStructureDialog } from "./FeeStructureDialog";

/** Fee Management: the Fee Structures tab and the Exit Records tab. */
export function FeesPage() {
  const say = useSay();
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("fees.title")}
        </Typography>
        <Typography color="text.secondary">{say("fees.subtitle")}</Typography>
      </Box>
      <Tabs value={tab} onChange={(_, next) => setTab(next)} aria-label={say("fees.tabsLabel")} variant="scrollable">
        <Tab label={say("fees.structures")} id="fees-tab-0" aria-controls="fees-panel-0" />
        <Tab label={say("fees.exitRecords")} id="fees-tab-1" aria-controls="fees-panel-1" />
      </Tabs>
      <Box role="tabpanel" id={`fees-panel-${tab}`} aria-labelledby={`fees-tab-${tab}`}>
        {tab === 0 ? <FeeStructuresTab /> : <ExitRecordsTab />}
      </Box>
    </Stack>
  );
}

function FeeStructuresTab() {
  const say = useSay();
  const user = useSignedInUser();
  const canEdit = hasAnyFeature(user.role, ["fee_settings"]);
  const paging = usePaging(25);
  const structures = useFeeStructures({ page: paging.page, limit: paging.limit });
  const { save } = useFeeMutations();
  const [editing, setEditing] = useState<FeeStructure | null | "new">(null);
  const [saved, setSaved] = useState<string | null>(null);
  const page = structures.data && { rows: structures.data.structures, pagination: structures.data.pagination };
  // One-time fees and discounts share a cell so Components, Students and Edit fit at 1366 px.
  const columns: Column<FeeStructure>[] = [
    {
      header: say("fees.program"),
      cell: (structure) => (
        <Box sx={{ minWidth: 150 }}>
          <ProgramName structure={structure} />
        </Box>
      ),
    },
    { header: say("fees.year"), cell: (structure) => structure.academic_year, nowrap: true },
    { header: say("fees.monthly"), cell: (structure) => formatCurrency(structure.monthly_fee), align: "right" },
    {
      header: say("fees.oneTimeAndDiscounts"),
      cell: (structure) => (
        <Box sx={{ minWidth: 150 }}>
          <OneTimeFees structure={structure} />
        </Box>
      ),
    },
    {
      header: say("fees.components"),
      cell: (structure) => (
        <Box sx={{ maxWidth: 220 }}>
          <Components structure={structure} />
        </Box>
      ),
    },
    { header: say("fees.students"), cell: (structure) => structure.students_count, align: "right" },
    ...(canEdit
      ? [
          {
            header: say("fees.edit"),
            cell: (structure: FeeStructure) => <EditButton structure={structure} onEdit={setEditing} />,
            align: "right" as const,
          },
        ]
      : []),
  ];

  return (
    <Paper variant="outlined">
      <Stack direction="row" sx={{ p: 2, alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {say("fees.structures")}
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing("new")}
            sx={{ whiteSpace: "nowrap" }}
          >
            {say("fees.newStructure")}
          </Button>
        )}
      </Stack>
      {structures.isFetching && page && <LinearProgress aria-label={say("fees.loadingStructures")} />}
      <PagedTable
        label={say("fees.structuresLabel")}
        columns={columns}
        card={(structure) => (
          <>
            <Stack direction="row" sx={{ alignItems: "flex-start", gap: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <ProgramName structure={structure} withYear />
              </Box>
              {canEdit && <EditButton structure={structure} onEdit={setEditing} />}
            </Stack>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {say("fees.monthlyAndStudents", {
                amount: formatCurrency(structure.monthly_fee),
                count: structure.students_count,
              })}
            </Typography>
            <OneTimeFees structure={structure} />
            <Components structure={structure} />
          </>
        )}
        rowKey={(structure) => structure.id}
        page={page}
        paging={paging}
        loading={structures.isPending}
        error={structures.isError ? say("fees.loadFailed") : undefined}
        empty={say("fees.noStructures")}
      />
      <FeeStructureDialog
        open={editing !== null}
        structure={editing === "new" ? null : editing}
        pending={save.isPending}
        error={
          save.isError
            ? save.error instanceof ApiError && save.error.hasServerMessage
              ? save.error.message
              : say("fees.saveFailed")
            : undefined
        }
        onClose={() => {
          setEditing(null);
          save.reset();
        }}
        onSubmit={(body) =>
          save.mutate(
            { id: editing && editing !== "new" ? editing.id : undefined, body },
            {
              onSuccess: (structure) => {
                setEditing(null);
                setSaved(say("fees.saved", { name: structure.program_name }));
              },
            },
          )
        }
      />
      <Snackbar open={saved !== null} autoHideDuration={6000} onClose={() => setSaved(null)} message={saved} />
    </Paper>
  );
}

function ProgramName({ structure, withYear = false }: { structure: FeeStructure; withYear?: boolean }) {
  const say = useSay();
  const type = structure.program_type as keyof typeof PROGRAM_TYPE_LABEL_IDS;
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {structure.program_name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {PROGRAM_TYPE_LABEL_IDS[type] ? say(PROGRAM_TYPE_LABEL_IDS[type]) : structure.program_type}
        {structure.age_group ? ` · ${structure.age_group}` : ""}
        {structure.service_hours ? ` · ${formatHours(structure.service_hours, say)}` : ""}
        {withYear ? ` · ${structure.academic_year}` : ""}
      </Typography>
    </>
  );
}

function OneTimeFees({ structure }: { structure: FeeStructure }) {
  const say = useSay();
  return (
    <Typography variant="caption" component="div" color="text.secondary" sx={{ lineHeight: 1.6 }}>
      {say("fees.registrationLine", { amount: formatCurrency(structure.registration_fee) })}
      <br />
      {say("fees.depositMaterialLine", {
        deposit: formatCurrency(structure.security_deposit),
        material: formatCurrency(structure.material_fee),
      })}
      <br />
      {say("fees.discountsLine", {
        quarterly: structure.quarterly_discount_percent,
        annual: structure.annual_discount_percent,
      })}
    </Typography>
  );
}

function Components({ structure }: { structure: FeeStructure }) {
  const say = useSay();
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: { xs: 1, md: 0 } }}>
      {structure.components.map((component) => (
        <Tooltip
          key={component.id}
          title={[
            say(FEE_COMPONENT_TYPE_LABEL_IDS[component.component_type]),
            component.is_refundable ? say("fees.refundable") : null,
            component.is_optional ? say("fees.optional") : null,
          ]
            .filter(Boolean)
            .join(", ")}
        >
          <Chip size="small" variant="outlined" label={`${component.name} ${formatCurrency(component.amount)}`} />
        </Tooltip>
      ))}
    </Stack>
  );
}

function EditButton({ structure, onEdit }: { structure: FeeStructure; onEdit: (structure: FeeStructure) => void }) {
  const say = useSay();
  return (
    <IconButton
      aria-label={say("fees.editStructure", { name: structure.program_name, year: structure.academic_year })}
      size="small"
      onClick={() => onEdit(structure)}
    >
      <Edit fontSize="small" />
    </IconButton>
  );
}

function ExitRecordsTab() {
  const say = useSay();
  const [filters, setFilters] = useState<ExitsFilter>({ type: undefined });
  // What the pickers hold; only whole dates become filters (a date being typed is not one yet).
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const startDate = isIsoDate(from) ? from : "";
  const endDate = isIsoDate(to) ? to : "";
  const invalidRange = Boolean(startDate && endDate && startDate > endDate);
  const paging = usePaging(25);
  const exits = useExitRecords({
    ...filters,
    startDate,
    endDate: invalidRange ? "" : endDate,
    page: paging.page,
    limit: paging.limit,
  });
  const page = exits.data && { rows: exits.data.records, pagination: exits.data.pagination };
  const set = (patch: ExitsFilter) => {
    setFilters((current) => ({ ...current, ...patch }));
    paging.restart();
  };
  const pickDate = (setDate: (value: string) => void) => (value: string) => {
    setDate(value);
    paging.restart();
  };

  return (
    <Paper variant="outlined">
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2, alignItems: { sm: "center" } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {say("fees.exitRecords")}
        </Typography>
        <TextField
          select
          size="small"
          label={say("fees.type")}
          value={filters.type ?? ""}
          onChange={(event) => set({ type: (event.target.value || undefined) as ExitPersonType | undefined })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{say("fees.allTypes")}</MenuItem>
          {EXIT_PERSON_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {say(EXIT_PERSON_TYPE_LABEL_IDS[type])}
            </MenuItem>
          ))}
        </TextField>
        <DateField size="small" fullWidth={false} label={say("fees.from")} value={from} onChange={pickDate(setFrom)} />
        <DateField
          size="small"
          fullWidth={false}
          label={say("fees.to")}
          value={to}
          onChange={pickDate(setTo)}
          error={invalidRange}
          helperText={invalidRange ? say("fees.endBeforeStart") : undefined}
        />
      </Stack>
      {exits.isFetching && page && <LinearProgress aria-label={say("fees.loadingExits")} />}
      <PagedTable
        label={say("fees.exitRecordsLabel")}
        columns={exitColumns(say)}
        card={(record) => (
          <>
            <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
              <Typography variant="subtitle2">{record.person_name}</Typography>
              <Chip size="small" label={say(EXIT_PERSON_TYPE_LABEL_IDS[record.person_type])} variant="outlined" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[record.job_title, record.center_name ?? say("fees.allCentres")].filter(Boolean).join(" · ")}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {say("fees.leftOn", { date: formatDate(record.exit_date), reason: record.exit_reason })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {say("fees.recordedByOn", { name: record.recorded_by_name ?? "—", date: formatDate(record.recorded_at) })}
            </Typography>
          </>
        )}
        rowKey={(record) => record.id}
        page={page}
        paging={paging}
        loading={exits.isPending}
        error={exits.isError ? say("fees.loadExitsFailed") : undefined}
        empty={say("fees.noExits")}
      />
    </Paper>
  );
}

const exitColumns = (say: Say): Column<ExitRecord>[] => [
  { header: say("fees.name"), cell: (record) => record.person_name },
  {
    header: say("fees.type"),
    cell: (record) => (
      <Chip size="small" label={say(EXIT_PERSON_TYPE_LABEL_IDS[record.person_type])} variant="outlined" />
    ),
  },
  { header: say("fees.jobTitle"), cell: (record) => record.job_title ?? "—" },
  { header: say("fees.exitDate"), cell: (record) => formatDate(record.exit_date), nowrap: true },
  { header: say("fees.reason"), cell: (record) => record.exit_reason },
  { header: say("fees.centre"), cell: (record) => record.center_name ?? say("fees.allCentres") },
  {
    header: say("fees.recordedBy"),
    cell: (record) => (
      <>
        {record.recorded_by_name ?? "—"}
        <Typography variant="caption" color="text.secondary" component="div">
          {formatDate(record.recorded_at)}
        </Typography>
      </>
    ),
  },
];
