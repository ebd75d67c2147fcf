import { zodResolver } from "@hookform/resolvers/zod";
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
import { CLASSROOM_MESSAGES, type Classroom, createClassroomRequest } from "@sprout/shared/schemas/classrooms";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { NoClassroom } from "../../components/NoClassroom";
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
      return form.setError("center_id", { message: CLASSROOM_MESSAGES.chooseCentre });
    try {
      const room = await create.mutateAsync(values);
      setNotice(`Classroom ${room.name} created`);
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
          Classroom Management
        </Typography>
        <Typography color="text.secondary">
          {canManage ? "Create classrooms and keep their names up to date." : "The classrooms assigned to you."}
        </Typography>
      </Box>
      {canManage && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Create Classroom
            </Typography>
            <Box component="form" noValidate onSubmit={submit} aria-label="Create classroom">
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
                          label="Centre"
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
                        label="Classroom Name"
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
                    render={({ field }) => <TextField {...field} label="Description" fullWidth />}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 2 }}>
                  <Button type="submit" variant="contained" fullWidth sx={{ height: 56 }} disabled={create.isPending}>
                    {create.isPending ? "Creating..." : "Create"}
                  </Button>
                </Grid>
              </Grid>
              {create.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {refusalMessage(create.error, CLASSROOM_MESSAGES.createFailed)}
                </Alert>
              )}
            </Box>
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Classrooms
          </Typography>
          {classrooms.isError && <Alert severity="error">{CLASSROOM_MESSAGES.fetchFailed}</Alert>}
          {classrooms.isPending && (
            <Stack sx={{ alignItems: "center", py: 4 }}>
              <CircularProgress aria-label="Loading classrooms" />
            </Stack>
          )}
          {classrooms.data?.length === 0 && <Typography color="text.secondary">{CLASSROOM_MESSAGES.empty}</Typography>}
          {[...grouped].map(([centreName, rooms]) => (
            <Box key={centreName} sx={{ mt: 1 }}>
              {grouped.size > 1 && (
                <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 2 }}>
                  {centreName}
                </Typography>
              )}
              <List aria-label={`Classrooms of ${centreName}`}>
                {rooms.map((room) => (
                  <ListItem
                    key={room.id}
                    divider
                    secondaryAction={
                      canManage && (
                        <Stack direction="row">
                          <Tooltip title="Assign staff">
                            <IconButton onClick={() => setAssigning(room)} aria-label={`Assign staff to ${room.name}`}>
                              <Groups />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title="Rename">
                            <IconButton onClick={() => setEditing(room)} aria-label={`Rename ${room.name}`}>
                              <Edit />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={room.student_count > 0 ? "Only an empty classroom can be removed" : "Remove"}>
                            <span>
                              <IconButton
                                onClick={() => setRemoving(room)}
                                disabled={room.student_count > 0}
                                aria-label={`Remove ${room.name}`}
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
                          <Chip
                            size="small"
                            label={`${room.student_count} ${room.student_count === 1 ? "child" : "children"}`}
                          />
                        </Stack>
                      }
                      secondary={
                        <>
                          <span>{room.description || "No description"}</span>
                          <br />
                          <span>{staffLine(room)}</span>
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
        <DialogTitle id="remove-classroom-title">Remove classroom?</DialogTitle>
        <DialogContent>
          <DialogContentText>{removing?.name} will be removed. This cannot be undone.</DialogContentText>
          {remove.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusalMessage(remove.error, "Failed to remove classroom.")}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(removing!.id, {
                onSuccess: () => {
                  create.reset();
                  setNotice(`Classroom ${removing!.name} removed`);
                  setRemoving(null);
                },
              })
            }
          >
            {remove.isPending ? "Removing..." : "Remove"}
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
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          My Classrooms
        </Typography>
        <Typography color="text.secondary">The classrooms you work in and the children in them.</Typography>
      </Box>
      {rooms.isError && <Alert severity="error">{CLASSROOM_MESSAGES.fetchFailed}</Alert>}
      {rooms.isPending && <CircularProgress aria-label="Loading classrooms" />}
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
      <DialogTitle id="rename-classroom-title">Edit classroom</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {update.isError && (
            <Alert severity="error">{refusalMessage(update.error, "Failed to save classroom.")}</Alert>
          )}
          <TextField
            label="Classroom Name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={blank}
            helperText={blank ? CLASSROOM_MESSAGES.nameRequired : undefined}
          />
          <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={blank || update.isPending}
          onClick={() =>
            update.mutate(
              { id: room!.id, body: { name, description } },
              { onSuccess: (saved) => onDone(`Classroom ${saved.name} saved`) },
            )
          }
        >
          {update.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
