import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Rating,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import { FEEDBACK_CATEGORY_LABELS, type Feedback, feedbackResponseInput } from "@sprout/shared/schemas/communication";
import { useState } from "react";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { formatDateTime } from "../../format";
import { LiveChip } from "../../realtime/LiveChip";
import { useFeedback, useFeedbackMutations } from "./api";
import { Conversations } from "./MessagingPage";
import { NoticesDesk } from "./NoticesDesk";
import { ReminderSetting } from "./ReminderSetting";

/** /parent-communication (owner, director): notices, the feedback inbox and the read-only view of conversations. */
export function ParentCommunicationPage() {
  const user = useSignedInUser();
  const setsReminders = hasFeature(user.role, "parent_feedback");
  const [tab, setTab] = useState<"notices" | "feedback" | "conversations" | "reminders">("notices");
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          Parent Communication
        </Typography>
        <LiveChip />
      </Stack>
      {/* On a phone the last tabs lie past the edge: the arrows say there is more. */}
      <Tabs
        value={tab}
        onChange={(_event, value) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        <Tab value="notices" label="Notices" />
        <Tab value="feedback" label="Parent feedback" />
        <Tab value="conversations" label="Conversations" />
        {setsReminders && <Tab value="reminders" label="Reminders" />}
      </Tabs>
      {tab === "notices" && <NoticesDesk />}
      {tab === "feedback" && <FeedbackInbox />}
      {tab === "conversations" && <Conversations />}
      {tab === "reminders" && setsReminders && <ReminderSetting />}
    </Stack>
  );
}

function FeedbackInbox() {
  const [status, setStatus] = useState<"pending" | "responded" | undefined>("pending");
  const query = useFeedback(status);
  const shown = query.data?.pages.flatMap((page) => page.feedback) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        {(
          [
            [undefined, "All"],
            ["pending", "Pending"],
            ["responded", "Responded"],
          ] as const
        ).map(([value, label]) => (
          <Chip
            key={label}
            label={label}
            color={status === value ? "primary" : "default"}
            onClick={() => setStatus(value)}
          />
        ))}
      </Stack>
      {query.isPending && <LinearProgress aria-label="Loading feedback" />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.data && shown.length === 0 && <Alert severity="info">No feedback here</Alert>}
      {shown.map((item) => (
        <FeedbackCard key={item.id} item={item} />
      ))}
      {query.hasNextPage && (
        <Box sx={{ textAlign: "center" }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            sx={{ minHeight: 44 }}
          >
            {query.isFetchingNextPage ? "Loading…" : "Load more feedback"}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function FeedbackCard({ item }: { item: Feedback }) {
  const { respond } = useFeedbackMutations();
  const [text, setText] = useState("");
  const parsed = feedbackResponseInput.safeParse({ response: text });
  return (
    <Card variant="outlined" component="article" aria-label={`Feedback from ${item.parent_name}`}>
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between" }}>
          <Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {item.parent_name} · {item.child_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {FEEDBACK_CATEGORY_LABELS[item.category]} · {formatDateTime(item.created_at)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Rating value={item.rating} readOnly size="small" aria-label={`Rating ${item.rating} of 5`} />
            <Chip
              size="small"
              label={item.status === "pending" ? "Pending" : "Responded"}
              color={item.status === "pending" ? "warning" : "success"}
            />
          </Stack>
        </Stack>
        <Typography sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{item.comment}</Typography>
        {item.response ? (
          <Alert severity="success" sx={{ mt: 1 }}>
            {item.response}
            {item.responded_by_name ? ` (${item.responded_by_name})` : ""}
          </Alert>
        ) : (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1.5 }}>
            <TextField
              fullWidth
              size="small"
              label="Response"
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={respond.isError}
              helperText={respond.isError ? errorMessage(respond.error) : undefined}
            />
            <Button
              variant="contained"
              disabled={!parsed.success || respond.isPending}
              onClick={() => parsed.success && respond.mutate({ id: item.id, response: parsed.data.response })}
            >
              Respond
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
