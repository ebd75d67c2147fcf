import Delete from "@mui/icons-material/Delete";
import PhotoCamera from "@mui/icons-material/PhotoCamera";
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import {
  PICKUP_PHOTO_MAX_BYTES,
  type PickupPerson,
  pickupList,
  pickupPersonInput,
} from "@sprout/shared/schemas/attendance";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { showAnswer } from "../../api/queryClient";
import { useRelation } from "../../i18n/useRelation";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { PickupAvatar } from "./PickupAvatar";

const keyOf = (studentId: string) => ["attendance", "pickups", studentId] as const;

/**
 * Who may collect a child: the guardians (always) and the people the family or the centre
 * added. Admins keep it on the child page; parents for their own children in the portal.
 */
export function PickupPeopleCard({ studentId, childName }: { studentId: string; childName: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keyOf(studentId),
    queryFn: () => api.get(`/attendance/children/${studentId}/pickup-people`, pickupList),
  });
  const onSuccess = (answer: z.infer<typeof pickupList>) => showAnswer(queryClient, keyOf(studentId), answer);
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/attendance/children/${studentId}/pickup-people/${id}`, pickupList),
    onSuccess,
  });
  const photoPath = (id: string) => `/attendance/children/${studentId}/pickup-people/${id}/photo`;
  const setPhoto = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append("photo", file);
      return api.put(photoPath(id), form, pickupList);
    },
    onSuccess,
  });
  const removePhoto = useMutation({
    mutationFn: (id: string) => api.delete(photoPath(id), pickupList),
    onSuccess,
  });
  const say = useSay();
  const relation = useRelation();
  const [photoError, setPhotoError] = useState("");
  const choosePhoto = (person: PickupPerson, file: File | undefined) => {
    setPhotoError("");
    if (!file) return;
    // The server checks the content; these checks only spare a pointless upload.
    if (file.size > PICKUP_PHOTO_MAX_BYTES) return setPhotoError(say("pickup.photoTooLarge"));
    if (!file.type.startsWith("image/")) return setPhotoError(say("pickup.photoType"));
    setPhoto.mutate({ id: person.id, file });
  };
  const photoBusy = setPhoto.isPending || removePhoto.isPending;
  const [adding, setAdding] = useState(false);
  const confirmRemove = (person: PickupPerson) => {
    if (window.confirm(say("pickup.confirmRemove", { name: person.name, child: childName }))) remove.mutate(person.id);
  };
  return (
    <Card variant="outlined" component="section" aria-label={say("pickup.list", { child: childName })}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center" }}>
          <Typography variant="h6" component="h2">
            {say("pickup.heading", { child: childName })}
          </Typography>
          {!adding && (
            // The heading wraps on a phone; the button keeps its one line.
            <Button size="small" onClick={() => setAdding(true)} sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
              {say("pickup.add")}
            </Button>
          )}
        </Stack>
        {list.isPending && <LinearProgress aria-label={say("pickup.loading")} />}
        {list.isError && <Alert severity="error">{refusalMessage(list.error, say("pickup.loadFailed"))}</Alert>}
        {list.data && (
          <List dense>
            {list.data.people.map((person) => (
              <ListItem
                key={person.id}
                disableGutters
                secondaryAction={
                  person.kind === "authorised" && (
                    <Stack direction="row">
                      <IconButton
                        component="label"
                        aria-label={say(person.photo_url ? "pickup.replacePhoto" : "pickup.addPhoto", {
                          name: person.name,
                        })}
                        disabled={photoBusy}
                      >
                        <PhotoCamera />
                        <input
                          hidden
                          type="file"
                          accept="image/png,image/jpeg,image/gif,image/webp"
                          onChange={(event) => {
                            choosePhoto(person, event.target.files?.[0]);
                            event.target.value = "";
                          }}
                        />
                      </IconButton>
                      <IconButton
                        edge="end"
                        aria-label={say("pickup.remove", { name: person.name })}
                        disabled={remove.isPending}
                        onClick={() => confirmRemove(person)}
                      >
                        <Delete />
                      </IconButton>
                    </Stack>
                  )
                }
                sx={{ pr: person.kind === "authorised" ? 10 : 0 }}
              >
                <ListItemAvatar>
                  <PickupAvatar person={person} />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    <>
                      {person.name}{" "}
                      {person.kind === "guardian" && (
                        <Chip size="small" label={say("pickup.guardian")} sx={{ ml: 0.5 }} />
                      )}
                    </>
                  }
                  secondary={
                    <>
                      {[relation(person.relation), person.phone].filter(Boolean).join(" · ")}
                      {person.photo_url && (
                        <Button
                          size="small"
                          sx={{ display: "block", p: 0, minWidth: 0 }}
                          disabled={photoBusy}
                          onClick={() => removePhoto.mutate(person.id)}
                          aria-label={say("pickup.removePhotoOf", { name: person.name })}
                        >
                          {say("pickup.removePhoto")}
                        </Button>
                      )}
                    </>
                  }
                  slotProps={{ secondary: { component: "div" } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {remove.isError && <Alert severity="error">{refusalMessage(remove.error, say("pickup.removeFailed"))}</Alert>}
        {(photoError || setPhoto.isError || removePhoto.isError) && (
          <Alert severity="error">
            {photoError || refusalMessage(setPhoto.error ?? removePhoto.error, say("pickup.photoFailed"))}
          </Alert>
        )}
        {adding && <AddPickupPerson studentId={studentId} onDone={() => setAdding(false)} onSaved={onSuccess} />}
      </CardContent>
    </Card>
  );
}

type Input = z.input<typeof pickupPersonInput>;

function AddPickupPerson({
  studentId,
  onDone,
  onSaved,
}: {
  studentId: string;
  onDone: () => void;
  onSaved: (answer: z.infer<typeof pickupList>) => void;
}) {
  const say = useSay();
  const form = useForm<Input, unknown, z.output<typeof pickupPersonInput>>({
    resolver: zodResolver(pickupPersonInput),
    mode: "onBlur",
    defaultValues: { name: "", relation: "", phone: "" },
  });
  const add = useMutation({
    mutationFn: (input: z.output<typeof pickupPersonInput>) =>
      api.post(`/attendance/children/${studentId}/pickup-people`, input, pickupList),
    onSuccess: (answer) => {
      onSaved(answer);
      onDone();
    },
  });
  const { errors } = form.formState;
  const field = (name: keyof Input, label: string, extra: object = {}) => (
    <TextField
      label={label}
      {...form.register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? " "}
      {...extra}
    />
  );
  return (
    <Stack component="form" noValidate spacing={1} onSubmit={form.handleSubmit((values) => add.mutate(values))}>
      {field("name", say("pickup.name"))}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        {field("relation", say("pickup.relation"), { sx: { flex: 1 } })}
        {field("phone", say("pickup.phone"), { sx: { flex: 1 }, type: "tel", autoComplete: "tel" })}
      </Stack>
      {add.isError && <Alert severity="error">{refusalMessage(add.error, say("pickup.addFailed"))}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={add.isPending}>
          {say("pickup.addToList")}
        </Button>
        <Button onClick={onDone}>{say("pickup.cancel")}</Button>
      </Stack>
    </Stack>
  );
}
