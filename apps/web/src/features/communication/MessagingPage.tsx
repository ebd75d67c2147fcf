import ArrowBack from "@mui/icons-material/ArrowBack";
import {
  Alert,
  Badge,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { NewMessageEvent } from "@sprout/shared/realtime/events";
import { MESSAGE_MAX, messageInput, type Thread } from "@sprout/shared/schemas/communication";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";
import { useContacts, useMessagingMutations, useThreadMessages, useThreads } from "./api";
import { FeedbackButton } from "./FeedbackDialog";
import { TeacherStartConversation } from "./TeacherStartConversation";

/** /messaging: a parent and their child's teachers; the centre's leadership reads along. */
export function MessagingPage() {
  const say = useSay();
  const user = useSignedInUser();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: "space-between", alignItems: "center" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {say("communication.messagesTitle")}
        </Typography>
        {user.role === "parent" && <FeedbackButton />}
      </Stack>
      {user.role === "parent" && <Alert severity="info">{say("communication.oversightNotice")}</Alert>}
      <Conversations />
    </Stack>
  );
}

/** Thread list and message pane; on a phone one at a time. Also the desk's oversight tab. */
export function Conversations() {
  const say = useSay();
  const user = useSignedInUser();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("md"));
  const threads = useThreads();
  const shown = threads.data?.pages.flatMap((page) => page.threads) ?? [];
  const readOnly = threads.data?.pages[0]?.read_only ?? true;
  const [selected, setSelected] = useState<string | null>(null);
  const current = shown.find((item) => item.id === selected) ?? null;

  const list = (
    <Paper variant="outlined" sx={{ width: { md: 340 }, flexShrink: 0, overflow: "auto", maxHeight: { md: 560 } }}>
      {user.role === "parent" && <StartConversation onStarted={setSelected} />}
      {user.role === "teacher" && <TeacherStartConversation onStarted={setSelected} />}
      {threads.isPending && <LinearProgress aria-label={say("communication.loadingConversations")} />}
      {threads.isError && <Alert severity="error">{errorMessage(threads.error)}</Alert>}
      {threads.data && shown.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {say("communication.noConversations")}
        </Typography>
      )}
      <List aria-label={say("communication.conversations")} disablePadding>
        {shown.map((item) => (
          <ListItemButton key={item.id} selected={item.id === selected} onClick={() => setSelected(item.id)} divider>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center" }}>
                  <span>{titleOf(item, user.role)}</span>
                  <Badge
                    color="primary"
                    badgeContent={item.unread_count}
                    aria-label={say("communication.unreadCount", { count: item.unread_count })}
                  />
                </Stack>
              }
              secondary={item.last_message ?? say("communication.about", { name: item.child_name })}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
      {threads.hasNextPage && (
        <Box sx={{ p: 1, textAlign: "center" }}>
          <Button
            onClick={() => void threads.fetchNextPage()}
            disabled={threads.isFetchingNextPage}
            sx={{ minHeight: 44 }}
          >
            {say(threads.isFetchingNextPage ? "communication.loading" : "communication.loadMoreConversations")}
          </Button>
        </Box>
      )}
      {threads.isFetchNextPageError && <Alert severity="error">{errorMessage(threads.error)}</Alert>}
    </Paper>
  );
  const pane = current ? (
    <MessagePane thread={current} readOnly={readOnly} onBack={() => setSelected(null)} phone={phone} />
  ) : (
    <Paper
      variant="outlined"
      sx={{ flexGrow: 1, p: 3, display: "flex", alignItems: "center", justifyContent: "center" }}
    >
      <Typography color="text.secondary">{say("communication.selectConversation")}</Typography>
    </Paper>
  );
  if (phone) return current ? pane : list;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "stretch", minHeight: 480 }}>
      {list}
      {pane}
    </Stack>
  );
}

function titleOf(thread: Thread, role: string) {
  if (role === "parent") return `${thread.teacher_name} · ${thread.child_name}`;
  if (role === "teacher") return `${thread.parent_name} · ${thread.child_name}`;
  return `${thread.teacher_name} ↔ ${thread.parent_name} · ${thread.child_name}`;
}

function StartConversation({ onStarted }: { onStarted: (id: string) => void }) {
  const say = useSay();
  const contacts = useContacts(true);
  const { start } = useMessagingMutations();
  const options = contacts.data?.contacts ?? [];
  if (options.length === 0) return null;
  return (
    <Box sx={{ p: 1.5, borderBottom: 1, borderColor: "divider" }}>
      <TextField
        select
        fullWidth
        size="small"
        label={say("communication.writeToTeacher")}
        value=""
        onChange={async (event) => {
          const [childId, teacherId] = event.target.value.split("|");
          const thread = await start.mutateAsync({ child_id: childId!, teacher_id: teacherId! });
          onStarted(thread.id);
        }}
      >
        {options.map((contact) => (
          <MenuItem
            key={`${contact.child_id}|${contact.teacher_id}`}
            value={`${contact.child_id}|${contact.teacher_id}`}
          >
            {contact.teacher_name} ({contact.child_name}, {contact.classroom_name})
          </MenuItem>
        ))}
      </TextField>
      {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
    </Box>
  );
}

function MessagePane({
  thread,
  readOnly,
  onBack,
  phone,
}: {
  thread: Thread;
  readOnly: boolean;
  onBack: () => void;
  phone: boolean;
}) {
  const say = useSay();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const messages = useThreadMessages(thread.id);
  const { send, markRead } = useMessagingMutations();
  const [text, setText] = useState("");
  const end = useRef<HTMLDivElement>(null);
  const recipient = user.id === thread.parent_id ? thread.teacher_id : thread.parent_id;

  // Opening the conversation reads what was waiting; a message arriving while it is open is read too.
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (!readOnly) markThreadRead(thread.id);
  }, [thread.id, readOnly, markThreadRead]);
  const onMessage = useCallback(
    (event: NewMessageEvent) => {
      if (event.thread_id !== thread.id) return;
      void queryClient.invalidateQueries({ queryKey: ["communication", "messages", thread.id] });
      if (!readOnly && event.recipient_id === user.id) markThreadRead(thread.id);
    },
    [thread.id, readOnly, user.id, queryClient, markThreadRead],
  );
  useRealtimeEvent("new-message", onMessage);
  // Pages run newest first; the pane shows the oldest loaded message at the top.
  const shown = [...(messages.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
  // The newest message stays in view as messages arrive (not when older ones are loaded above).
  const newest = shown.at(-1)?.id;
  useEffect(() => {
    if (newest) end.current?.scrollIntoView({ block: "end" });
  }, [newest]);

  const parsed = messageInput.safeParse({ recipient_id: recipient, content: text });
  const submit = async () => {
    // spec: text is sent only if non-blank after trimming.
    if (!parsed.success || send.isPending) return;
    await send.mutateAsync({ threadId: thread.id, ...parsed.data });
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };
  const tooLong = text.length > MESSAGE_MAX;

  return (
    <Paper variant="outlined" sx={{ flexGrow: 1, display: "flex", flexDirection: "column", minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1.5, borderBottom: 1, borderColor: "divider", alignItems: "center" }}>
        {phone && (
          <IconButton aria-label={say("communication.backToConversations")} onClick={onBack}>
            <ArrowBack />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {titleOf(thread, user.role)}
          </Typography>
          {readOnly && (
            <Typography variant="caption" color="text.secondary">
              {say("communication.readOnly")}
            </Typography>
          )}
        </Box>
      </Stack>
      <Box
        role="log"
        aria-label={say("communication.messagesLog")}
        sx={{ flexGrow: 1, overflow: "auto", p: 2, maxHeight: { md: 440 } }}
      >
        {messages.isPending && <LinearProgress aria-label={say("communication.loadingMessages")} />}
        {messages.isError && <Alert severity="error">{errorMessage(messages.error)}</Alert>}
        {messages.hasNextPage && (
          <Box sx={{ textAlign: "center", mb: 1 }}>
            <Button
              size="small"
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
              sx={{ minHeight: 44 }}
            >
              {say(messages.isFetchingNextPage ? "communication.loading" : "communication.loadOlderMessages")}
            </Button>
          </Box>
        )}
        <Stack spacing={1}>
          {shown.map((item) => {
            const mine = item.sender_id === user.id;
            const fromTeacher = item.sender_id === thread.teacher_id;
            const alignRight = readOnly ? fromTeacher : mine;
            return (
              <Box
                key={item.id}
                data-testid="message"
                sx={{
                  alignSelf: alignRight ? "flex-end" : "flex-start",
                  maxWidth: "80%",
                  bgcolor: alignRight ? "primary.main" : "grey.100",
                  color: alignRight ? "primary.contrastText" : "text.primary",
                  borderRadius: 2,
                  px: 1.5,
                  py: 1,
                }}
              >
                {readOnly && (
                  <Typography variant="caption" sx={{ display: "block", opacity: 0.85 }}>
                    {fromTeacher ? thread.teacher_name : thread.parent_name}
                  </Typography>
                )}
                <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{item.content}</Typography>
                <Typography variant="caption" sx={{ opacity: 0.8 }}>
                  {formatDateTime(item.sent_at)}
                </Typography>
              </Box>
            );
          })}
        </Stack>
        <div ref={end} />
      </Box>
      {!readOnly && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ p: 1.5, borderTop: 1, borderColor: "divider", alignItems: "flex-start" }}
        >
          <TextField
            fullWidth
            multiline
            maxRows={4}
            size="small"
            label={say("communication.writeMessage")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            error={tooLong || send.isError}
            helperText={
              tooLong
                ? say("communication.contentTooLong", { max: MESSAGE_MAX })
                : send.isError
                  ? errorMessage(send.error)
                  : undefined
            }
          />
          <Button variant="contained" onClick={() => void submit()} disabled={!parsed.success || send.isPending}>
            {say("communication.send")}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
