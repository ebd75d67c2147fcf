import { Alert, AlertTitle, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatTime } from "../format";
import { sendQueued } from "./sendTaps";
import { type QueuedTap, removeTap, resendTap, waitingTaps } from "./tapQueue";
import { clockTime, movedTap } from "./tapTime";
import { useTapQueue } from "./useTapQueue";

/**
 * Above every signed-in page while taps wait on the device: how many are still to send, and the
 * ones the server refused, each with its words and the choice to discard it or change its time
 * and send it again.
 */
export function TapQueuePanel() {
  const taps = useTapQueue();
  const waiting = waitingTaps(taps).length;
  const refused = taps.filter((tap) => tap.refused);
  const intl = useIntl();
  if (taps.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {waiting > 0 && (
        <Alert severity="info" role="status" data-testid="taps-to-send">
          <FormattedMessage id="offline.toSend" values={{ count: waiting }} />
        </Alert>
      )}
      {refused.length > 0 && (
        <Card
          variant="outlined"
          component="section"
          aria-label={intl.formatMessage({ id: "offline.needsAttention" })}
          sx={{ borderColor: "error.main" }}
        >
          <CardContent>
            <Typography variant="h6" component="h2">
              <FormattedMessage id="offline.needsAttention" />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              <FormattedMessage id="offline.refusedExplained" />
            </Typography>
            <Stack spacing={1}>
              {refused.map((tap) => (
                <RefusedTap key={tap.id} tap={tap} />
              ))}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}

function RefusedTap({ tap }: { tap: QueuedTap }) {
  const client = useQueryClient();
  const intl = useIntl();
  const [time, setTime] = useState(clockTime(tap.tappedAt));
  const timed = "tapped_at" in tap.body;
  const resend = () => {
    const tappedAt = timed ? movedTap(tap.tappedAt, time) : tap.tappedAt;
    resendTap(tap.id, { tappedAt, body: timed ? { ...tap.body, tapped_at: tappedAt } : tap.body });
    void sendQueued(client);
  };
  return (
    <Alert severity="error" role="group" aria-label={tap.what} icon={false}>
      <AlertTitle>
        {tap.what} · {formatTime(tap.tappedAt)}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {tap.refused}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        {timed && (
          <TextField
            label={intl.formatMessage({ id: "offline.time" })}
            type="time"
            size="small"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        <Button variant="contained" size="small" onClick={resend} disabled={!/^\d{2}:\d{2}$/.test(time)}>
          <FormattedMessage id="offline.sendAgain" />
        </Button>
        <Button color="error" size="small" onClick={() => removeTap(tap.id)}>
          <FormattedMessage id="offline.discard" />
        </Button>
      </Stack>
    </Alert>
  );
}
