import Add from "@mui/icons-material/Add";
import Edit from "@mui/icons-material/Edit";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import type { StaffMember } from "@sprout/shared/schemas/staff";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useStaff, useStaffCentres, useStaffMutations } from "./api";
import { CONTRACT_TYPE_NAMES } from "./contractTypes";
import { StaffDialog, type StaffFormValues } from "./StaffDialog";
import { StaffExitDialog } from "./StaffExitDialog";
import { StaffRoomsDialog } from "./StaffRoomsDialog";

/** Staff records whose sign-in is a teacher's, who can be given classrooms. */
const TEACHING = new Set<StaffMember["role"]>(["teacher", "staff"]);

const failure = (error: unknown, say: Say) =>
  error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : say("staff.saveFailed");

/** Staff Management: the centres' staff, with an add/edit dialog. */
export function StaffPage() {
  const say = useSay();
  const [centreFilter, setCentreFilter] = useState("");
  const paging = usePaging();
  const staff = useStaff(centreFilter, paging.query);
  const centres = useStaffCentres();
  const { create, update } = useStaffMutations();
  const [dialog, setDialog] = useState<{ member: StaffMember | null } | null>(null);
  const [snack, setSnack] = useState("");
  const [roomsOf, setRoomsOf] = useState<StaffMember | null>(null);
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const centreOptions = (centres.data ?? []).map((centre) => ({ id: centre.id, name: centre.center_name }));
  const saving = dialog?.member ? update : create;
  const actions = (member: StaffMember) => (
    <StaffActions member={member} onRooms={setRoomsOf} onEdit={(chosen) => setDialog({ member: chosen })} />
  );
  const columns: Column<StaffMember>[] = [
    { header: say("staff.colEmployeeId"), cell: (member) => member.employee_id, nowrap: true },
    { header: say("staff.colName"), cell: (member) => <NameCell member={member} /> },
    {
      header: say("staff.colRole"),
      cell: (member) => (
        <>
          <Typography variant="body2">{say("staff.role", { role: member.role })}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {[member.designation, member.department].filter(Boolean).join(" · ")}
          </Typography>
        </>
      ),
    },
    ...(centreOptions.length > 1
      ? [{ header: say("staff.colCentre"), cell: (member: StaffMember) => member.center_name }]
      : []),
    {
      header: say("staff.colContract"),
      nowrap: true,
      cell: (member) => (
        <>
          <Typography variant="body2">{say(CONTRACT_TYPE_NAMES[member.contract_type])}</Typography>
          {member.joining_date && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {say("staff.joined", { date: formatDate(member.joining_date) })}
            </Typography>
          )}
        </>
      ),
    },
    { header: say("staff.colStatus"), cell: (member) => <StaffStatus member={member} /> },
    { header: say("staff.colActions"), cell: actions, align: "right", nowrap: true },
  ];

  const close = () => {
    setDialog(null);
    create.reset();
    update.reset();
  };
  const onSubmit = (values: StaffFormValues) => {
    const { center_id, password, ...fields } = values;
    const done = {
      onSuccess: (answer: { message: string }) => {
        setSnack(answer.message);
        close();
      },
    };
    if (dialog?.member) update.mutate({ id: dialog.member.id, body: fields }, done);
    else create.mutate({ ...fields, password, center_id }, done);
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {say("staff.title")}
          </Typography>
          <Typography color="text.secondary">{say("staff.intro")}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ member: null })}
          disabled={centreOptions.length === 0}
        >
          {say("staff.addStaff")}
        </Button>
      </Stack>

      <Card variant="outlined">
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ p: 2 }}>
          <SearchField paging={paging} label={say("staff.search")} />
          {centreOptions.length > 1 && (
            <TextField
              select
              label={say("staff.centre")}
              value={centreFilter}
              onChange={(event) => {
                setCentreFilter(event.target.value);
                paging.restart();
              }}
              sx={{ minWidth: 220 }}
              size="small"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{say("staff.allCentres")}</MenuItem>
              {centreOptions.map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <PagedTable
          label={say("staff.table")}
          columns={columns}
          card={(member) => <StaffCard member={member} actions={actions(member)} />}
          rowKey={(member) => member.id}
          page={staff.data && { rows: staff.data.staff, pagination: staff.data.pagination }}
          paging={paging}
          loading={staff.isPending}
          error={staff.isError ? say("staff.fetchFailed") : undefined}
          empty={say(paging.search ? "staff.noMatch" : "staff.none")}
        />
      </Card>

      {dialog && (
        <StaffDialog
          key={dialog.member?.id ?? "new"}
          open
          member={dialog.member}
          centres={centreOptions}
          defaultCentre={centreFilter || (centreOptions.length === 1 ? centreOptions[0]!.id : "")}
          pending={saving.isPending}
          error={saving.isError ? failure(saving.error, say) : undefined}
          onSubmit={onSubmit}
          onClose={close}
          onLeave={
            dialog.member && !(dialog.member.exit && !dialog.member.active_status)
              ? () => {
                  setLeaving(dialog.member);
                  close();
                }
              : undefined
          }
        />
      )}
      {roomsOf && (
        <StaffRoomsDialog
          member={roomsOf}
          onClose={() => setRoomsOf(null)}
          onDone={(message) => {
            setRoomsOf(null);
            setSnack(message);
          }}
        />
      )}
      {leaving && (
        <StaffExitDialog
          member={leaving}
          onClose={() => setLeaving(null)}
          onDone={(message) => {
            setLeaving(null);
            setSnack(message);
          }}
        />
      )}
      <Snackbar
        open={Boolean(snack)}
        autoHideDuration={6000}
        onClose={() => setSnack("")}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setSnack("")}>
          {snack}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

function NameCell({ member }: { member: StaffMember }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {member.first_name} {member.last_name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
        {member.email}
      </Typography>
      {member.contact_number && (
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", whiteSpace: "nowrap" }}>
          {member.contact_number}
        </Typography>
      )}
    </>
  );
}

function StaffStatus({ member }: { member: StaffMember }) {
  const say = useSay();
  if (!member.active_status && member.exit)
    return (
      <>
        <Chip size="small" label={say("staff.left", { date: formatDate(member.exit.exit_date) })} />
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
          {member.exit.exit_reason}
        </Typography>
      </>
    );
  return (
    <Chip
      size="small"
      color={member.active_status ? "success" : "default"}
      label={say(member.active_status ? "staff.active" : "staff.inactive")}
    />
  );
}

/** A staff member on a phone: the same facts as a row, one under the other. */
function StaffCard({ member, actions }: { member: StaffMember; actions: ReactNode }) {
  const say = useSay();
  return (
    <>
      <Typography variant="subtitle2">
        {member.first_name} {member.last_name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", wordBreak: "break-all" }}>
        {member.email}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {[member.employee_id, say("staff.role", { role: member.role }), member.designation, member.center_name]
          .filter(Boolean)
          .join(" · ")}
      </Typography>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mt: 1, gap: 1 }}>
        <Box>
          <StaffStatus member={member} />
        </Box>
        <Box sx={{ whiteSpace: "nowrap" }}>{actions}</Box>
      </Stack>
    </>
  );
}

function StaffActions({
  member,
  onRooms,
  onEdit,
}: {
  member: StaffMember;
  onRooms: (member: StaffMember) => void;
  onEdit: (member: StaffMember) => void;
}) {
  const say = useSay();
  return (
    <>
      {TEACHING.has(member.role) && member.active_status && (
        <Tooltip title={say("staff.classrooms")}>
          <IconButton
            aria-label={say("staff.classroomsOf", { name: `${member.first_name} ${member.last_name}` })}
            size="small"
            onClick={() => onRooms(member)}
          >
            <MeetingRoom fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={say("staff.edit")}>
        <IconButton
          aria-label={say("staff.editName", { name: `${member.first_name} ${member.last_name}` })}
          size="small"
          onClick={() => onEdit(member)}
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
