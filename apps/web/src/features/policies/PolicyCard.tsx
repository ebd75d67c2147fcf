import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from "@mui/material";
import { POLICY_AUDIENCE_LABELS, type Policy } from "@sprout/shared/schemas/policies";
import { formatDate } from "../../format";
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
  const member = item.acknowledged_at !== undefined;
  const waiting = member && item.acknowledged_at === null;
  return (
    <Card variant="outlined" component="article" aria-label={`Policy ${item.title}`} sx={{ height: "100%" }}>
      <CardContent>
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", mb: 0.5 }}>
          <Chip size="small" label={`Version ${item.version}`} />
          <Chip size="small" variant="outlined" label={POLICY_AUDIENCE_LABELS[item.audience]} />
          {waiting && <Chip size="small" color="warning" label={item.version > 1 ? "Changed" : "New"} />}
        </Stack>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere" }}>
          {item.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.center_name} · in force from {formatDate(item.effective_date)}
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
            Acknowledged {formatDate(item.acknowledged_at)}
          </Typography>
        )}
        {item.audience_count !== undefined && (
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {item.acknowledged_count} of {item.audience_count} acknowledged
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: "flex-end", flexWrap: "wrap", gap: 0.5 }}>
        {waiting && (
          <Button variant="contained" onClick={onAcknowledge} disabled={busy}>
            Acknowledge
          </Button>
        )}
        {item.can_manage && (
          <>
            <Button onClick={onAcknowledgements}>Who has acknowledged</Button>
            <Button onClick={onRemind} disabled={busy || item.acknowledged_count === item.audience_count}>
              Remind
            </Button>
            <Button onClick={onNewVersion}>New version</Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}
