import Add from "@mui/icons-material/Add";
import Edit from "@mui/icons-material/Edit";
import MeetingRoom from "@mui/icons-material/MeetingRoom";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { CONTRACT_TYPE_LABELS, STAFF_ROLE_LABELS, type StaffMember } from "@sprout/shared/schemas/staff";
import { useState } from "react";
import { ApiError } from "../../api/errors";
import { formatDate } from "../../format";
import { useStaff, useStaffCentres, useStaffMutations } from "./api";
import { StaffDialog, type StaffFormValues } from "./StaffDialog";
import { StaffExitDialog } from "./StaffExitDialog";
import { StaffRoomsDialog } from "./StaffRoomsDialog";

/** Staff records whose sign-in is a teacher's, who can be given classrooms. */
const TEACHING = new Set<StaffMember["role"]>(["teacher", "staff"]);

const failure = (error: unknown) =>
  error instanceof ApiError && error.hasServerMessage && error.status < 500
    ? error.message
    : "Failed to save staff member";

/** Staff Management: the centres' staff, with an add/edit dialog. */
export function StaffPage() {
  const [centreFilter, setCentreFilter] = useState("");
  const staff = useStaff(centreFilter);
  const centres = useStaffCentres();
  const { create, update } = useStaffMutations();
  const [dialog, setDialog] = useState<{ member: StaffMember | null } | null>(null);
  const [snack, setSnack] = useState("");
  const [roomsOf, setRoomsOf] = useState<StaffMember | null>(null);
  const [leaving, setLeaving] = useState<StaffMember | null>(null);
  const centreOptions = (centres.data ?? []).map((centre) => ({ id: centre.id, name: centre.center_name }));
  const saving = dialog?.member ? update : create;

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
            Staff Management
          </Typography>
          <Typography color="text.secondary">Employees of your centres and their sign-in accounts.</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ member: null })}
          disabled={centreOptions.length === 0}
        >
          Add Staff
        </Button>
      </Stack>

      {centreOptions.length > 1 && (
        <TextField
          select
          label="Centre"
          value={centreFilter}
          onChange={(event) => setCentreFilter(event.target.value)}
          sx={{ maxWidth: 320 }}
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All centres</MenuItem>
          {centreOptions.map((centre) => (
            <MenuItem key={centre.id} value={centre.id}>
              {centre.name}
            </MenuItem>
          ))}
        </TextField>
      )}

      <Card variant="outlined">
        {staff.isError && <Alert severity="error">Failed to fetch staff data</Alert>}
        {staff.isPending && (
          <Stack sx={{ alignItems: "center", py: 4 }}>
            <CircularProgress aria-label="Loading staff" />
          </Stack>
        )}
        {staff.data && staff.data.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            No staff members have been added yet.
          </Typography>
        )}
        {staff.data && staff.data.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label="Staff" sx={{ "& th": { whiteSpace: "nowrap" } }}>
              <TableHead>
                <TableRow>
                  <TableCell>Employee ID</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Role</TableCell>
                  <TableCell>Designation</TableCell>
                  <TableCell>Centre</TableCell>
                  <TableCell>Joined</TableCell>
                  <TableCell>Contract</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {staff.data.map((member) => (
                  <TableRow key={member.id} hover>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{member.employee_id}</TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {member.first_name} {member.last_name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: "nowrap" }}>
                        {member.email}
                      </Typography>
                      {member.contact_number && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: "block", whiteSpace: "nowrap" }}
                        >
                          {member.contact_number}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{STAFF_ROLE_LABELS[member.role]}</TableCell>
                    <TableCell>
                      <Typography variant="body2">{member.designation ?? "—"}</Typography>
                      {member.department && (
                        <Typography variant="caption" color="text.secondary">
                          {member.department}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{member.center_name}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      {member.joining_date ? formatDate(member.joining_date) : "—"}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>{CONTRACT_TYPE_LABELS[member.contract_type]}</TableCell>
                    <TableCell>
                      {!member.active_status && member.exit ? (
                        <>
                          <Chip size="small" label={`Left ${formatDate(member.exit.exit_date)}`} />
                          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
                            {member.exit.exit_reason}
                          </Typography>
                        </>
                      ) : (
                        <Chip
                          size="small"
                          color={member.active_status ? "success" : "default"}
                          label={member.active_status ? "Active" : "Inactive"}
                        />
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {TEACHING.has(member.role) && member.active_status && (
                        <Tooltip title="Classrooms">
                          <IconButton
                            aria-label={`Classrooms of ${member.first_name} ${member.last_name}`}
                            size="small"
                            onClick={() => setRoomsOf(member)}
                          >
                            <MeetingRoom fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      <Tooltip title="Edit">
                        <IconButton
                          aria-label={`Edit ${member.first_name} ${member.last_name}`}
                          size="small"
                          onClick={() => setDialog({ member })}
                        >
                          <Edit fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>

      {dialog && (
        <StaffDialog
          key={dialog.member?.id ?? "new"}
          open
          member={dialog.member}
          centres={centreOptions}
          defaultCentre={centreFilter || (centreOptions.length === 1 ? centreOptions[0]!.id : "")}
          pending={saving.isPending}
          error={saving.isError ? failure(saving.error) : undefined}
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
