import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type Announcement, announcementInput } from "@sprout/shared/schemas/communication";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useAnnouncementMutations, useAnnouncements, useFamily, useMyClassrooms } from "./api";

/** /classroom-announcements: a teacher posts to their rooms; a parent reads their child's room. */
export function AnnouncementsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const isTeacher = user.role === "teacher";
  const rooms = useMyClassrooms(isTeacher);
  const children = useFamily(user.role === "parent");
  const options = isTeacher
    ? (rooms.data ?? []).map((room) => ({ id: room.id, label: room.name }))
    : (children.data ?? [])
        .filter((child) => child.classroom_id)
        .map((child) => ({
          id: child.classroom_id!,
          label: `${child.first_name} · ${child.classroom_name}`,
        }));
  // The parent portal's tile opens the child's own room (?classroom=).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get("classroom"));
  const classroomId = options.some((option) => option.id === chosen) ? chosen : (options[0]?.id ?? null);
  const loading = isTeacher ? rooms.isPending : children.isPending;

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "space-between" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {say("communication.announcementsTitle")}
        </Typography>
        {options.length > 1 && classroomId && (
          <TextField
            select
            size="small"
            label={say(isTeacher ? "communication.classroom" : "communication.child")}
            value={classroomId}
            onChange={(event) => setChosen(event.target.value)}
            sx={{ minWidth: 240 }}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {loading && <LinearProgress aria-label={say("communication.loadingClassrooms")} />}
      {!loading && !classroomId && <Alert severity="info">{say("communication.noClassroom")}</Alert>}
      {classroomId && isTeacher && <PostForm classroomId={classroomId} />}
      {classroomId && <AnnouncementList classroomId={classroomId} />}
    </Stack>
  );
}

function PostForm({ classroomId }: { classroomId: string }) {
  const say = useSay();
  const { post } = useAnnouncementMutations();
  const form = useForm<z.input<typeof announcementInput>, unknown, z.output<typeof announcementInput>>({
    resolver: zodResolver(announcementInput),
    defaultValues: { classroom_id: classroomId, title: "", message: "" },
  });
  useEffect(() => form.setValue("classroom_id", classroomId), [classroomId, form]);
  const [title, message] = form.watch(["title", "message"]);
  // spec: the post button is disabled unless both are non-empty.
  const ready = (title ?? "").trim() !== "" && (message ?? "").trim() !== "";
  const submit = form.handleSubmit(async (values) => {
    await post.mutateAsync(values);
    form.reset({ classroom_id: classroomId, title: "", message: "" });
  });
  return (
    <Card
      variant="outlined"
      component="form"
      aria-label={say("communication.postAnnouncement")}
      onSubmit={submit}
      noValidate
    >
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {say("communication.postAnnouncement")}
          </Typography>
          {post.isError && <Alert severity="error">{errorMessage(post.error)}</Alert>}
          <TextField
            label={say("communication.title")}
            {...form.register("title")}
            error={Boolean(form.formState.errors.title)}
            helperText={form.formState.errors.title?.message}
          />
          <TextField
            label={say("communication.message")}
            multiline
            minRows={3}
            {...form.register("message")}
            error={Boolean(form.formState.errors.message)}
            helperText={form.formState.errors.message?.message}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!ready || post.isPending}>
              {say("communication.post")}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function AnnouncementList({ classroomId }: { classroomId: string }) {
  const say = useSay();
  const query = useAnnouncements(classroomId);
  if (query.isPending) return <LinearProgress aria-label={say("communication.loadingAnnouncements")} />;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const { announcements, classroom_name: name, unread } = query.data;
  return (
    <Box component="section" aria-label={say("communication.announcementsFor", { name })}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
        <Typography variant="h6" component="h2">
          {name}
        </Typography>
        {unread > 0 && (
          <Chip size="small" color="primary" label={say("communication.unreadCount", { count: unread })} />
        )}
      </Stack>
      {announcements.length === 0 ? (
        <Alert severity="info">{say("communication.noAnnouncements")}</Alert>
      ) : (
        <Stack spacing={1.5}>
          {announcements.map((item) => (
            <AnnouncementCard key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** An unread post shows its mark and a short preview until the reader opens it. */
function AnnouncementCard({ item }: { item: Announcement }) {
  const say = useSay();
  const { markRead } = useAnnouncementMutations();
  const [open, setOpen] = useState(item.read);
  const openIt = () => {
    setOpen(true);
    if (!item.read) markRead.mutate(item.id);
  };
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={item.title}
      sx={{ borderColor: item.read ? "divider" : "primary.main" }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
          <Badge color="primary" variant="dot" invisible={item.read}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, pr: 1 }}>
              {item.title}
            </Typography>
          </Badge>
          {!item.read && <Chip size="small" color="primary" variant="outlined" label={say("communication.unread")} />}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(item.posted_at)}
          {item.posted_by_name ? ` · ${item.posted_by_name}` : ""}
        </Typography>
        {open ? (
          <Typography sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{item.message}</Typography>
        ) : (
          <Box sx={{ mt: 1 }}>
            <Button size="small" onClick={openIt}>
              {say("communication.open")}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
