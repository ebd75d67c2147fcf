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
  EXIT_PERSON_TYPE_LABELS,
  EXIT_PERSON_TYPES,
  type ExitPersonType,
  type ExitRecord,
  FEE_COMPONENT_TYPE_LABELS,
  type FeeStructure,
  PROGRAM_TYPE_LABELS,
} from "@sprout/shared/schemas/fees";
import { isIsoDate } from "@sprout/shared/schemas/primitives";
import { useState } from "react";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { DateField } from "../../components/DateField";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatCurrency, formatDate } from "../../format";
import { type ExitsFilter, useExitRecords, useFeeMutations, useFeeStructures } from "./api";
import { FeeStructureDialog } from "./FeeStructureDialog";

/** Fee Management: the Fee Structures tab and the Exit Records tab. */
export function FeesPage() {
  const [tab, setTab] = useState(0);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          Fee Management
        </Typography>
        <Typography color="text.secondary">What each program costs, and who has left</Typography>
      </Box>
      <Tabs value={tab} onChange={(_, next) => setTab(next)} aria-label="Fee management" variant="scrollable">
        <Tab label="Fee Structures" id="fees-tab-0" aria-controls="fees-panel-0" />
        <Tab label="Exit Records" id="fees-tab-1" aria-controls="fees-panel-1" />
      </Tabs>
      <Box role="tabpanel" id={`fees-panel-${tab}`} aria-labelledby={`fees-tab-${tab}`}>
        {tab === 0 ? <FeeStructuresTab /> : <ExitRecordsTab />}
      </Box>
    </Stack>
  );
}

function FeeStructuresTab() {
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
      header: "Program",
      cell: (structure) => (
        <Box sx={{ minWidth: 150 }}>
          <ProgramName structure={structure} />
        </Box>
      ),
    },
    { header: "Year", cell: (structure) => structure.academic_year, nowrap: true },
    { header: "Monthly", cell: (structure) => formatCurrency(structure.monthly_fee), align: "right" },
    {
      header: "One-time fees and discounts",
      cell: (structure) => (
        <Box sx={{ minWidth: 150 }}>
          <OneTimeFees structure={structure} />
        </Box>
      ),
    },
    {
      header: "Components",
      cell: (structure) => (
        <Box sx={{ maxWidth: 220 }}>
          <Components structure={structure} />
        </Box>
      ),
    },
    { header: "Students", cell: (structure) => structure.students_count, align: "right" },
    ...(canEdit
      ? [
          {
            header: "Edit",
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
          Fee Structures
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing("new")}
            sx={{ whiteSpace: "nowrap" }}
          >
            New Fee Structure
          </Button>
        )}
      </Stack>
      {structures.isFetching && page && <LinearProgress aria-label="Loading fee structures" />}
      <PagedTable
        label="Fee structures"
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
              {formatCurrency(structure.monthly_fee)} a month · {structure.students_count} students
            </Typography>
            <OneTimeFees structure={structure} />
            <Components structure={structure} />
          </>
        )}
        rowKey={(structure) => structure.id}
        page={page}
        paging={paging}
        loading={structures.isPending}
        error={structures.isError ? "Failed to load fee structures" : undefined}
        empty="No fee structures yet."
      />
      <FeeStructureDialog
        open={editing !== null}
        structure={editing === "new" ? null : editing}
        pending={save.isPending}
        error={
          save.isError
            ? save.error instanceof ApiError && save.error.hasServerMessage
              ? save.error.message
              : "Failed to save fee structure"
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
                setSaved(`Fee structure for ${structure.program_name} saved.`);
              },
            },
          )
        }
      />
      <Snackbar open={saved !== null} autoHideDuration={6000} onClose={() => setSaved(null)} message={saved} />
    </Paper>
  );
}

const ProgramName = ({ structure, withYear = false }: { structure: FeeStructure; withYear?: boolean }) => (
  <>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {structure.program_name}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {PROGRAM_TYPE_LABELS[structure.program_type as keyof typeof PROGRAM_TYPE_LABELS] ?? structure.program_type}
      {structure.age_group ? ` · ${structure.age_group}` : ""}
      {structure.service_hours ? ` · ${structure.service_hours} h` : ""}
      {withYear ? ` · ${structure.academic_year}` : ""}
    </Typography>
  </>
);

const OneTimeFees = ({ structure }: { structure: FeeStructure }) => (
  <Typography variant="caption" component="div" color="text.secondary" sx={{ lineHeight: 1.6 }}>
    Registration {formatCurrency(structure.registration_fee)}
    <br />
    Deposit {formatCurrency(structure.security_deposit)} · Material {formatCurrency(structure.material_fee)}
    <br />
    Discounts: quarterly {structure.quarterly_discount_percent}%, annual {structure.annual_discount_percent}%
  </Typography>
);

const Components = ({ structure }: { structure: FeeStructure }) => (
  <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: { xs: 1, md: 0 } }}>
    {structure.components.map((component) => (
      <Tooltip
        key={component.id}
        title={`${FEE_COMPONENT_TYPE_LABELS[component.component_type]}${component.is_refundable ? ", refundable" : ""}${component.is_optional ? ", optional" : ""}`}
      >
        <Chip size="small" variant="outlined" label={`${component.name} ${formatCurrency(component.amount)}`} />
      </Tooltip>
    ))}
  </Stack>
);

const EditButton = ({ structure, onEdit }: { structure: FeeStructure; onEdit: (structure: FeeStructure) => void }) => (
  <IconButton
    aria-label={`Edit ${structure.program_name} ${structure.academic_year}`}
    size="small"
    onClick={() => onEdit(structure)}
  >
    <Edit fontSize="small" />
  </IconButton>
);

function ExitRecordsTab() {
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
          Exit Records
        </Typography>
        <TextField
          select
          size="small"
          label="Type"
          value={filters.type ?? ""}
          onChange={(event) => set({ type: (event.target.value || undefined) as ExitPersonType | undefined })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All types</MenuItem>
          {EXIT_PERSON_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {EXIT_PERSON_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        <DateField size="small" fullWidth={false} label="From" value={from} onChange={pickDate(setFrom)} />
        <DateField
          size="small"
          fullWidth={false}
          label="To"
          value={to}
          onChange={pickDate(setTo)}
          error={invalidRange}
          helperText={invalidRange ? "End date is before start date" : undefined}
        />
      </Stack>
      {exits.isFetching && page && <LinearProgress aria-label="Loading exit records" />}
      <PagedTable
        label="Exit records"
        columns={EXIT_COLUMNS}
        card={(record) => (
          <>
            <Stack direction="row" sx={{ justifyContent: "space-between", gap: 1 }}>
              <Typography variant="subtitle2">{record.person_name}</Typography>
              <Chip size="small" label={EXIT_PERSON_TYPE_LABELS[record.person_type]} variant="outlined" />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {[record.job_title, record.center_name ?? "All centres"].filter(Boolean).join(" · ")}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Left on {formatDate(record.exit_date)}: {record.exit_reason}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              Recorded by {record.recorded_by_name ?? "—"} on {formatDate(record.recorded_at)}
            </Typography>
          </>
        )}
        rowKey={(record) => record.id}
        page={page}
        paging={paging}
        loading={exits.isPending}
        error={exits.isError ? "Failed to load exit records" : undefined}
        empty="No exit records found."
      />
    </Paper>
  );
}

const EXIT_COLUMNS: Column<ExitRecord>[] = [
  { header: "Name", cell: (record) => record.person_name },
  {
    header: "Type",
    cell: (record) => <Chip size="small" label={EXIT_PERSON_TYPE_LABELS[record.person_type]} variant="outlined" />,
  },
  { header: "Job title", cell: (record) => record.job_title ?? "—" },
  { header: "Exit date", cell: (record) => formatDate(record.exit_date), nowrap: true },
  { header: "Reason", cell: (record) => record.exit_reason },
  { header: "Centre", cell: (record) => record.center_name ?? "All centres" },
  {
    header: "Recorded by",
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
