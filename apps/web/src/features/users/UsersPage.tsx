import Edit from "@mui/icons-material/Edit";
import LockReset from "@mui/icons-material/LockReset";
import PersonOff from "@mui/icons-material/PersonOff";
import PersonOutline from "@mui/icons-material/PersonOutline";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Snackbar,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { ROLE_LABELS } from "@sprout/shared/roles";
import type { ManagedUser } from "@sprout/shared/schemas/users";
import { type ReactNode, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { DEFAULT_ROLES, useCentres, useRoles, useUserMutations, useUsers } from "./api";
import { UserForm, type UserFormValues } from "./UserForm";

const toBody = (values: UserFormValues) => ({
  fullName: values.fullName,
  email: values.email,
  role: values.role,
  centerId: values.centerId ? values.centerId : null,
  phoneNumber: values.phoneNumber ?? "",
  jobTitle: values.jobTitle ?? "",
});

type Confirm = { kind: "toggle" | "reset"; user: ManagedUser } | null;

/** User Management: add a user, see them all, edit, (de)activate and force a password reset. */
export function UsersPage() {
  const me = useSignedInUser();
  const paging = usePaging();
  const users = useUsers(paging.query);
  const roles = useRoles();
  const centres = useCentres();
  const { create, update, toggle, forceReset } = useUserMutations();
  const [editing, setEditing] = useState<ManagedUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [snack, setSnack] = useState<{ message: string; severity: "success" | "error" } | null>(null);
  // A new add-user form after each creation (a fresh mount clears every field and label).
  const [formKey, setFormKey] = useState(0);
  const roleOptions = roles.data?.roles ?? DEFAULT_ROLES;
  const phone = useMediaQuery(useTheme().breakpoints.down("md"));

  const columns: Column<ManagedUser>[] = [
    {
      header: "Name",
      cell: (user) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {user.full_name}
          </Typography>
          {user.job_title && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {user.job_title}
            </Typography>
          )}
        </>
      ),
    },
    { header: "Email", cell: (user) => user.email },
    { header: "Role", cell: (user) => <Chip size="small" variant="outlined" label={ROLE_LABELS[user.role]} /> },
    { header: "Centre", cell: (user) => user.center_name ?? "—" },
    { header: "Status", cell: (user) => <UserStatus user={user} /> },
    {
      header: "Actions",
      align: "right",
      nowrap: true,
      cell: (user) => <UserActions user={user} self={user.id === me.id} onEdit={setEditing} onConfirm={setConfirm} />,
    },
  ];

  const onCreate = (values: UserFormValues) =>
    create.mutate(
      { ...toBody(values), password: values.password ?? "" },
      {
        onSuccess: (answer) => {
          setSnack({ message: answer.message, severity: "success" });
          setFormKey((key) => key + 1);
        },
      },
    );
  const onUpdate = (values: UserFormValues) =>
    update.mutate(
      { id: editing!.id, body: { ...toBody(values), isActive: values.isActive } },
      {
        onSuccess: (answer) => {
          setEditing(null);
          setSnack({ message: answer.message, severity: "success" });
        },
      },
    );
  const onConfirm = () => {
    if (!confirm) return;
    const mutation = confirm.kind === "toggle" ? toggle : forceReset;
    const fallback = confirm.kind === "toggle" ? "Failed to toggle user status" : "Failed to force password reset";
    mutation.mutate(confirm.user.id, {
      onSuccess: (answer) => setSnack({ message: answer.message, severity: "success" }),
      onError: (error) => setSnack({ message: refusalMessage(error, fallback), severity: "error" }),
      onSettled: () => setConfirm(null),
    });
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          User Management
        </Typography>
        <Typography color="text.secondary">Create sign-ins, change roles and centres, and control access.</Typography>
      </Box>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Add User
          </Typography>
          <UserForm
            key={formKey}
            mode="create"
            roles={roleOptions}
            centres={centres.data ?? []}
            pending={create.isPending}
            error={create.isError ? refusalMessage(create.error, "Failed to create user") : undefined}
            onSubmit={onCreate}
          />
        </CardContent>
      </Card>

      <Card variant="outlined">
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={2}
          sx={{ p: 2, pb: 0, alignItems: { sm: "center" }, justifyContent: "space-between" }}
        >
          <Typography variant="h6" component="h2">
            All Users {users.data ? `(${users.data.pagination.total})` : ""}
          </Typography>
          <SearchField paging={paging} label="Search by name or email" />
        </Stack>
        {centres.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            Failed to load users or centers
          </Alert>
        )}
        <Box sx={{ pt: 2 }}>
          <PagedTable
            label="All users"
            columns={columns}
            card={(user) => (
              <UserCard user={user}>
                <UserActions user={user} self={user.id === me.id} onEdit={setEditing} onConfirm={setConfirm} />
              </UserCard>
            )}
            rowKey={(user) => user.id}
            page={users.data && { rows: users.data.users, pagination: users.data.pagination }}
            paging={paging}
            loading={users.isPending}
            error={users.isError ? "Failed to load users or centers" : undefined}
            empty={paging.search ? "No users match your search." : "No users yet."}
          />
        </Box>
      </Card>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="md" fullScreen={phone}>
        <DialogTitle>Edit User</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            {editing && (
              <UserForm
                key={editing.id}
                mode="edit"
                user={editing}
                roles={editing.id === me.id ? [{ value: editing.role, label: ROLE_LABELS[editing.role] }] : roleOptions}
                centres={centres.data ?? []}
                pending={update.isPending}
                error={update.isError ? refusalMessage(update.error, "Failed to update user") : undefined}
                onSubmit={onUpdate}
                onCancel={() => {
                  setEditing(null);
                  update.reset();
                }}
              />
            )}
          </Box>
        </DialogContent>
      </Dialog>

      <Dialog open={confirm !== null} onClose={() => setConfirm(null)}>
        <DialogTitle>
          {confirm?.kind === "reset"
            ? "Force password reset"
            : confirm?.user.is_active
              ? "Deactivate user"
              : "Activate user"}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm?.kind === "reset"
              ? `${confirm.user.full_name} will be signed out now and must set a new password at their next sign-in.`
              : confirm?.user.is_active
                ? `${confirm.user.full_name} will be signed out everywhere at once and cannot sign in until activated again.`
                : `${confirm?.user.full_name} will be able to sign in again.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>Cancel</Button>
          <Button
            variant="contained"
            color={confirm?.kind === "toggle" && confirm.user.is_active ? "error" : "primary"}
            onClick={onConfirm}
            disabled={toggle.isPending || forceReset.isPending}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>

      <Snackbar
        open={snack !== null}
        autoHideDuration={6000}
        onClose={() => setSnack(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      >
        {snack ? (
          <Alert severity={snack.severity} variant="filled" onClose={() => setSnack(null)}>
            {snack.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Stack>
  );
}

const UserStatus = ({ user }: { user: ManagedUser }) => (
  <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", gap: 0.5 }}>
    <Chip size="small" color={user.is_active ? "success" : "default"} label={user.is_active ? "Active" : "Inactive"} />
    {user.must_reset_password && <Chip size="small" color="warning" label="Reset pending" />}
    {user.two_factor_enabled && <Chip size="small" variant="outlined" color="primary" label="2FA" />}
  </Stack>
);

function UserActions({
  user,
  self,
  onEdit,
  onConfirm,
}: {
  user: ManagedUser;
  self: boolean;
  onEdit: (user: ManagedUser) => void;
  onConfirm: (confirm: Confirm) => void;
}) {
  return (
    <>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${user.full_name}`} onClick={() => onEdit(user)} size="small">
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={user.is_active ? "Deactivate" : "Activate"}>
        <span>
          <IconButton
            aria-label={`${user.is_active ? "Deactivate" : "Activate"} ${user.full_name}`}
            onClick={() => onConfirm({ kind: "toggle", user })}
            disabled={self}
            size="small"
            color={user.is_active ? "error" : "success"}
          >
            {user.is_active ? <PersonOff fontSize="small" /> : <PersonOutline fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Force password reset">
        <IconButton
          aria-label={`Force password reset for ${user.full_name}`}
          onClick={() => onConfirm({ kind: "reset", user })}
          size="small"
        >
          <LockReset fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** A user on a phone: the row's facts one under the other, actions at the foot. */
function UserCard({ user, children }: { user: ManagedUser; children: ReactNode }) {
  return (
    <>
      <Typography variant="subtitle2">{user.full_name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", wordBreak: "break-all" }}>
        {user.email}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {[user.job_title, user.center_name ?? "All centres"].filter(Boolean).join(" · ")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 1 }}>
        <Chip size="small" variant="outlined" label={ROLE_LABELS[user.role]} />
        <UserStatus user={user} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 0.5 }}>
        {children}
      </Stack>
    </>
  );
}
