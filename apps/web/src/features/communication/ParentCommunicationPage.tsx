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
  TextField,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import {
  FEEDBACK_CATEGORY_LABEL_IDS,
  type Feedback,
  feedbackResponseInput,
} from "@sprout/shared/schemas/communication";
import { useState } from "react";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useFeedback, useFeedbackMutations } from "./api";
import { Conversations } from "./MessagingPage";
import { NoticesDesk } from "./NoticesDesk";
import { ReminderSetting } from "./ReminderSetting";

/** /parent-communication (owner, director): notices, the feedback inbox and the read-only view of conversations. */
export function ParentCommunicationPage() {
  const say = useSay();
  const user = useSignedInUser();
  const setsReminders = hasFeature(user.role, "parent_feedback");
  const [tab, setTab] = useState<"notices" | "feedback" | "conversations" | "reminders">("notices");
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.75rem", sm: "2.125rem" } }}>
          {say("communication.parentCommunication")}
        </Typography>
        <LiveChip />
      </Stack>
      {/* On a phone the last tabs lie past the edge: the arrows say there is more. */}
      <ScrollableTabs value={tab} onChange={(_event, value) => setTab(value)}>
        <Tab value="notices" label={say("communication.tabNotices")} />
        <Tab value="feedback" label={say("communication.tabFeedback")} />
        <Tab value="conversations" label={say("communication.tabConversations")} />
        {setsReminders && <Tab value="reminders" label={say("communication.tabReminders")} />}
      </ScrollableTabs>
      {tab === "notices" && <NoticesDesk />}
      {tab === "feedback" && <FeedbackInbox />}
      {tab === "conversations" && <Conversations />}
      {tab === "reminders" && setsReminders && <ReminderSetting />}
    </Stack>
  );
}

function FeedbackInbox() {
  const say = useSay();
  const [status, setStatus] = useState<"pending" | "responded" | undefined>("pending");
  const query = useFeedback(status);
  const shown = query.data?.pages.flatMap((page) => page.feedback) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        {(
          [
            [undefined, "communication.filterAll"],
            ["pending", "communication.pending"],
            ["responded", "communication.responded"],
          ] as const
        ).map(([value, label]) => (
          <Chip
            key={label}
            label={say(label)}
            color={status === value ? "primary" : "default"}
            onClick={() => setStatus(value)}
          />
        ))}
      </Stack>
      {query.isPending && <LinearProgress aria-label={say("communication.loadingFeedback")} />}
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.data && shown.length === 0 && <Alert severity="info">{say("communication.noFeedback")}</Alert>}
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
            {say(query.isFetchingNextPage ? "communication.loading" : "communication.loadMoreFeedback")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function FeedbackCard({ item }: { item: Feedback }) {
  const say = useSay();
  const { respond } = useFeedbackMutations();
  const [text, setText] = useState("");
  const parsed = feedbackResponseInput.safeParse({ response: text });
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={say("communication.feedbackFrom", { name: item.parent_name })}
    >
      <CardContent>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ justifyContent: "space-between" }}>
          <Box>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {item.parent_name} · {item.child_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {say(FEEDBACK_CATEGORY_LABEL_IDS[item.category])} · {formatDateTime(item.created_at)}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Rating
              value={item.rating}
              readOnly
              size="small"
              aria-label={say("communication.ratingOf", { rating: item.rating })}
            />
            <Chip
              size="small"
              label={say(item.status === "pending" ? "communication.pending" : "communication.responded")}
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
              label={say("communication.response")}
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
              {say("communication.respond")}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
