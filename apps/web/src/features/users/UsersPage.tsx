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
import type { ManagedUser } from "@sprout/shared/schemas/users";
import { type ReactNode, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { useSay } from "../../i18n/useSay";
import { DEFAULT_ROLES, useCentres, useRoles, useUserMutations, useUsers } from "./api";
import { ROLE_IDS } from "./labels";
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
  const say = useSay();
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
      header: say("users.colName"),
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
    { header: say("users.colEmail"), cell: (user) => user.email },
    {
      header: say("users.colRole"),
      cell: (user) => <Chip size="small" variant="outlined" label={say(ROLE_IDS[user.role])} />,
    },
    { header: say("users.colCentre"), cell: (user) => user.center_name ?? "—" },
    { header: say("users.colStatus"), cell: (user) => <UserStatus user={user} /> },
    {
      header: say("users.colActions"),
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
    const fallback = confirm.kind === "toggle" ? say("users.toggleFailed") : say("users.resetFailed");
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
          {say("users.title")}
        </Typography>
        <Typography color="text.secondary">{say("users.subtitle")}</Typography>
      </Box>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {say("users.addUser")}
          </Typography>
          <UserForm
            key={formKey}
            mode="create"
            roles={roleOptions}
            centres={centres.data ?? []}
            pending={create.isPending}
            error={create.isError ? refusalMessage(create.error, say("users.createFailed")) : undefined}
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
            {users.data ? say("users.allUsersCount", { count: users.data.pagination.total }) : say("users.allUsers")}
          </Typography>
          <SearchField paging={paging} label={say("users.search")} />
        </Stack>
        {centres.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {say("users.loadFailed")}
          </Alert>
        )}
        <Box sx={{ pt: 2 }}>
          <PagedTable
            label={say("users.allUsersLabel")}
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
            error={users.isError ? say("users.loadFailed") : undefined}
            empty={paging.search ? say("users.emptySearch") : say("users.empty")}
          />
        </Box>
      </Card>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} fullWidth maxWidth="md" fullScreen={phone}>
        <DialogTitle>{say("users.editUser")}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            {editing && (
              <UserForm
                key={editing.id}
                mode="edit"
                user={editing}
                roles={
                  editing.id === me.id ? [{ value: editing.role, label: say(ROLE_IDS[editing.role]) }] : roleOptions
                }
                centres={centres.data ?? []}
                pending={update.isPending}
                error={update.isError ? refusalMessage(update.error, say("users.updateFailed")) : undefined}
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
            ? say("users.forceReset")
            : confirm?.user.is_active
              ? say("users.deactivateUser")
              : say("users.activateUser")}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm?.kind === "reset"
              ? say("users.resetConfirm", { name: confirm.user.full_name })
              : confirm?.user.is_active
                ? say("users.deactivateConfirm", { name: confirm.user.full_name })
                : say("users.activateConfirm", { name: confirm?.user.full_name ?? "" })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{say("users.cancel")}</Button>
          <Button
            variant="contained"
            color={confirm?.kind === "toggle" && confirm.user.is_active ? "error" : "primary"}
            onClick={onConfirm}
            disabled={toggle.isPending || forceReset.isPending}
          >
            {say("users.confirm")}
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

function UserStatus({ user }: { user: ManagedUser }) {
  const say = useSay();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: "wrap", gap: 0.5 }}>
      <Chip
        size="small"
        color={user.is_active ? "success" : "default"}
        label={user.is_active ? say("users.active") : say("users.inactive")}
      />
      {user.must_reset_password && <Chip size="small" color="warning" label={say("users.resetPending")} />}
      {user.two_factor_enabled && (
        <Chip size="small" variant="outlined" color="primary" label={say("users.twoFactor")} />
      )}
    </Stack>
  );
}

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
  const say = useSay();
  return (
    <>
      <Tooltip title={say("users.edit")}>
        <IconButton
          aria-label={say("users.editName", { name: user.full_name })}
          onClick={() => onEdit(user)}
          size="small"
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={user.is_active ? say("users.deactivate") : say("users.activate")}>
        <span>
          <IconButton
            aria-label={
              user.is_active
                ? say("users.deactivateName", { name: user.full_name })
                : say("users.activateName", { name: user.full_name })
            }
            onClick={() => onConfirm({ kind: "toggle", user })}
            disabled={self}
            size="small"
            color={user.is_active ? "error" : "success"}
          >
            {user.is_active ? <PersonOff fontSize="small" /> : <PersonOutline fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={say("users.forceResetTip")}>
        <IconButton
          aria-label={say("users.forceResetFor", { name: user.full_name })}
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
  const say = useSay();
  return (
    <>
      <Typography variant="subtitle2">{user.full_name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", wordBreak: "break-all" }}>
        {user.email}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {[user.job_title, user.center_name ?? say("users.allCentres")].filter(Boolean).join(" · ")}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, mt: 1 }}>
        <Chip size="small" variant="outlined" label={say(ROLE_IDS[user.role])} />
        <UserStatus user={user} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: "flex-end", mt: 0.5 }}>
        {children}
      </Stack>
    </>
  );
}
