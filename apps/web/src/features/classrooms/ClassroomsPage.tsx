import Delete from "@mui/icons-material/Delete";
import Edit from "@mui/icons-material/Edit";
import Groups from "@mui/icons-material/Groups";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import type { ClassroomWithStaff } from "@sprout/shared/schemas/classroom-staff";
import { type Classroom, createClassroomRequest } from "@sprout/shared/schemas/classrooms";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { NoClassroom } from "../../components/NoClassroom";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentres } from "../children/api";
import { AssignStaffDialog } from "./AssignStaffDialog";
import { useClassroomMutations, useClassrooms } from "./api";
import { ClassroomRoll, staffLine } from "./ClassroomRoll";

type Form = typeof createClassroomRequest;

/**
 * Classroom Management: create a classroom, assign its lead teacher and assistants, rename or
 * remove it. A teacher sees their own rooms with the children in them.
 */
export function ClassroomsPage() {
  const user = useSignedInUser();
  const say = useSay();
  const canManage = hasFeature(user.role, "classroom_management");
  const teacherView = !canManage && !hasFeature(user.role, "children_management");
  const classrooms = useClassrooms();
  const centres = useCentres();
  const { create, update, remove } = useClassroomMutations();
  const multiCentre = (centres.data?.length ?? 0) > 1;
  const [notice, setNotice] = useState("");
  const [editing, setEditing] = useState<Classroom | null>(null);
  const [removing, setRemoving] = useState<Classroom | null>(null);
  const [assigning, setAssigning] = useState<ClassroomWithStaff | null>(null);
  const form = useForm<z.input<Form>, unknown, z.output<Form>>({
    resolver: zodResolver(createClassroomRequest),
    mode: "onTouched",
    defaultValues: { name: "", description: "", center_id: undefined },
  });

  const submit = form.handleSubmit(async (values) => {
    if (multiCentre && !values.center_id)
      return form.setError("center_id", { message: say("classrooms.chooseCentre") });
    try {
      const room = await create.mutateAsync(values);
      setNotice(say("classrooms.created", { name: room.name }));
      form.reset({ name: "", description: "", center_id: values.center_id });
    } catch {
      /* shown from the mutation */
    }
  });

  if (teacherView) return <TeacherClassrooms rooms={classrooms} userId={user.id} />;

  const grouped = new Map<string, ClassroomWithStaff[]>();
  for (const room of classrooms.data ?? [])
    grouped.set(room.center_name, [...(grouped.get(room.center_name) ?? []), room]);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("classrooms.title")}
        </Typography>
        <Typography color="text.secondary">
          {say(canManage ? "classrooms.introManage" : "classrooms.introAssigned")}
        </Typography>
      </Box>
      {canManage && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {say("classrooms.createHeading")}
            </Typography>
            <Box component="form" noValidate onSubmit={submit} aria-label={say("classrooms.createForm")}>
              <Grid container spacing={2}>
                {multiCentre && (
                  <Grid size={{ xs: 12, md: 3 }}>
                    <Controller
                      control={form.control}
                      name="center_id"
                      render={({ field, fieldState }) => (
                        <TextField
                          {...field}
                          value={field.value ?? ""}
                          onChange={(event) => {
                            field.onChange(event);
                            create.reset();
                          }}
                          select
                          label={say("classrooms.centre")}
                          required
                          fullWidth
                          error={Boolean(fieldState.error)}
                          helperText={fieldState.error?.message}
                        >
                          {(centres.data ?? []).map((centre) => (
                            <MenuItem key={centre.id} value={centre.id}>
                              {centre.center_name}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    />
                  </Grid>
                )}
                <Grid size={{ xs: 12, md: multiCentre ? 3 : 4 }}>
                  <Controller
                    control={form.control}
                    name="name"
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        onChange={(event) => {
                          field.onChange(event);
                          // A refusal about the old name no longer applies to the new one.
                          create.reset();
                        }}
                        label={say("classrooms.name")}
                        required
                        fullWidth
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: multiCentre ? 4 : 6 }}>
                  <Controller
                    control={form.control}
                    name="description"
                    render={({ field }) => <TextField {...field} label={say("classrooms.description")} fullWidth />}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 2 }}>
                  <Button type="submit" variant="contained" fullWidth sx={{ height: 56 }} disabled={create.isPending}>
                    {say(create.isPending ? "classrooms.creating" : "classrooms.create")}
                  </Button>
                </Grid>
              </Grid>
              {create.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {refusalMessage(create.error, say("classrooms.createFailed"))}
                </Alert>
              )}
            </Box>
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {say("classrooms.list")}
          </Typography>
          {classrooms.isError && <Alert severity="error">{say("classrooms.fetchFailed")}</Alert>}
          {classrooms.isPending && (
            <Stack sx={{ alignItems: "center", py: 4 }}>
              <CircularProgress aria-label={say("classrooms.loading")} />
            </Stack>
          )}
          {classrooms.data?.length === 0 && <Typography color="text.secondary">{say("classrooms.empty")}</Typography>}
          {[...grouped].map(([centreName, rooms]) => (
            <Box key={centreName} sx={{ mt: 1 }}>
              {grouped.size > 1 && (
                <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
                  {centreName}
                </Typography>
              )}
              <List aria-label={say("classrooms.ofCentre", { centre: centreName })}>
                {rooms.map((room) => (
                  <ListItem
                    key={room.id}
                    divider
                    secondaryAction={
                      canManage && (
                        <Stack direction="row">
                          <Tooltip title={say("classrooms.assignStaff")}>
                            <IconButton
                              onClick={() => setAssigning(room)}
                              aria-label={say("classrooms.assignStaffTo", { name: room.name })}
                            >
                              <Groups />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={say("classrooms.rename")}>
                            <IconButton
                              onClick={() => setEditing(room)}
                              aria-label={say("classrooms.renameName", { name: room.name })}
                            >
                              <Edit />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={say(room.student_count > 0 ? "classrooms.onlyEmpty" : "classrooms.remove")}>
                            <span>
                              <IconButton
                                onClick={() => setRemoving(room)}
                                disabled={room.student_count > 0}
                                aria-label={say("classrooms.removeName", { name: room.name })}
                              >
                                <Delete />
                              </IconButton>
                            </span>
                          </Tooltip>
                        </Stack>
                      )
                    }
                    sx={{ pr: canManage ? 18 : 2 }}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                          <span>{room.name}</span>
                          <Chip size="small" label={say("classrooms.childCount", { count: room.student_count })} />
                        </Stack>
                      }
                      secondary={
                        <>
                          <span>{room.description || say("classrooms.noDescription")}</span>
                          <br />
                          <span>{staffLine(room, say)}</span>
                        </>
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          ))}
        </CardContent>
      </Card>
      <RenameDialog
        room={editing}
        onClose={() => setEditing(null)}
        onDone={(message) => {
          setEditing(null);
          setNotice(message);
        }}
        update={update}
      />
      <AssignStaffDialog
        room={assigning}
        onClose={() => setAssigning(null)}
        onDone={(message) => {
          setAssigning(null);
          setNotice(message);
        }}
      />
      <Dialog open={Boolean(removing)} onClose={() => setRemoving(null)} aria-labelledby="remove-classroom-title">
        <DialogTitle id="remove-classroom-title">{say("classrooms.removeTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{say("classrooms.removeText", { name: removing?.name ?? "" })}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(remove.error, say("classrooms.removeFailed"))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{say("classrooms.cancel")}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(removing!.id, {
                onSuccess: () => {
                  create.reset();
                  setNotice(say("classrooms.removed", { name: removing!.name }));
                  setRemoving(null);
                },
              })
            }
          >
            {say(remove.isPending ? "classrooms.removing" : "classrooms.remove")}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={4000}
        onClose={() => setNotice("")}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity="success" variant="filled" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

/** A teacher's Classrooms page: each of their rooms with its children. */
function TeacherClassrooms({ rooms, userId }: { rooms: ReturnType<typeof useClassrooms>; userId: string }) {
  const say = useSay();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {say("classrooms.myTitle")}
        </Typography>
        <Typography color="text.secondary">{say("classrooms.myIntro")}</Typography>
      </Box>
      {rooms.isError && <Alert severity="error">{say("classrooms.fetchFailed")}</Alert>}
      {rooms.isPending && <CircularProgress aria-label={say("classrooms.loading")} />}
      {rooms.data?.length === 0 && <NoClassroom />}
      {rooms.data?.map((room) => (
        <ClassroomRoll key={room.id} room={room} userId={userId} />
      ))}
    </Stack>
  );
}

function RenameDialog({
  room,
  onClose,
  onDone,
  update,
}: {
  room: Classroom | null;
  onClose: () => void;
  onDone: (message: string) => void;
  update: ReturnType<typeof useClassroomMutations>["update"];
}) {
  const say = useSay();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields reset only when another record opens the dialog
  useEffect(() => {
    if (room) {
      setName(room.name);
      setDescription(room.description ?? "");
      update.reset();
    }
  }, [room?.id]);
  const blank = !name.trim();
  return (
    <Dialog open={Boolean(room)} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="rename-classroom-title">
      <DialogTitle id="rename-classroom-title">{say("classrooms.editTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {update.isError && (
            <Alert severity="error">{refusalMessage(update.error, say("classrooms.saveFailed"))}</Alert>
          )}
          <TextField
            label={say("classrooms.name")}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={blank}
            helperText={blank ? say("classrooms.nameRequired") : undefined}
          />
          <TextField
            label={say("classrooms.description")}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("classrooms.cancel")}</Button>
        <Button
          variant="contained"
          disabled={blank || update.isPending}
          onClick={() =>
            update.mutate(
              { id: room!.id, body: { name, description } },
              { onSuccess: (saved) => onDone(say("classrooms.saved", { name: saved.name })) },
            )
          }
        >
          {say(update.isPending ? "classrooms.saving" : "classrooms.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
