import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from "@mui/material";
import { POLICY_AUDIENCE_LABEL_IDS, type Policy } from "@sprout/shared/schemas/policies";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { Attachment } from "../child-day/Attachment";

/** One policy: what it says, for whom, from when; a member acknowledges it, a manager follows it up. */
export function PolicyCard({
  item,
  busy,
  onAcknowledge,
  onNewVersion,
  onAcknowledgements,
  onRemind,
}: {
  item: Policy;
  busy: boolean;
  onAcknowledge: () => void;
  onNewVersion: () => void;
  onAcknowledgements: () => void;
  onRemind: () => void;
}) {
  const say = useSay();
  const member = item.acknowledged_at !== undefined;
  const waiting = member && item.acknowledged_at === null;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={say("policies.cardLabel", { title: item.title })}
      sx={{ height: "100%" }}
    >
      <CardContent>
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", mb: 0.5 }}>
          <Chip size="small" label={say("policies.versionNumber", { version: item.version })} />
          <Chip size="small" variant="outlined" label={say(POLICY_AUDIENCE_LABEL_IDS[item.audience])} />
          {waiting && (
            <Chip size="small" color="warning" label={say(item.version > 1 ? "policies.changed" : "policies.new")} />
          )}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("policies.inForceFrom", { centre: item.center_name, date: formatDate(item.effective_date) })}
        </Typography>
        {item.body && (
          <Typography
            variant="body2"
            sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere", maxHeight: 240, overflowY: "auto" }}
          >
            {item.body}
          </Typography>
        )}
        {item.pdf && (
          <Box sx={{ mt: 1 }}>
            <Attachment file={{ name: item.pdf.name, mime_type: "application/pdf", url: item.pdf.url }} />
          </Box>
        )}
        {member && item.acknowledged_at && (
          <Typography variant="body2" color="success.main" sx={{ mt: 1 }}>
            {say("policies.acknowledgedOn", { date: formatDate(item.acknowledged_at) })}
          </Typography>
        )}
        {item.audience_count !== undefined && (
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {say("policies.acknowledgedCount", { done: item.acknowledged_count ?? 0, total: item.audience_count })}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end", flexWrap: "wrap", gap: 0.5 }}>
        {waiting && (
          <Button variant="contained" onClick={onAcknowledge} disabled={busy}>
            {say("policies.acknowledge")}
          </Button>
        )}
        {item.can_manage && (
          <>
            <Button onClick={onAcknowledgements}>{say("policies.whoAcknowledged")}</Button>
            <Button onClick={onRemind} disabled={busy || item.acknowledged_count === item.audience_count}>
              {say("policies.remind")}
            </Button>
            <Button onClick={onNewVersion}>{say("policies.newVersionButton")}</Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}
