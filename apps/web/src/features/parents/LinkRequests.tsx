import { Alert, Box, Button, Card, CardActions, CardContent, Stack, Typography } from "@mui/material";
import type { LinkRequest } from "@sprout/shared/schemas/link-requests";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAnswerLinkRequest } from "./useLinkRequests";

/**
 * Pending requests to add a child to this account. Nothing about the child is shared with the
 * account until the parent accepts here; declining leaves the child unlinked. `requests` is
 * `useLinkRequests()`, read by the home, which lays out its sections once it has answered.
 */
export function LinkRequests({ requests }: { requests: UseQueryResult<LinkRequest[]> }) {
  const say = useSay();
  const answer = useAnswerLinkRequest();
  const [outcome, setOutcome] = useState<{ severity: "success" | "error"; text: string } | null>(null);
  const pending = requests.data ?? [];
  if (pending.length === 0 && !outcome) return null;

  const decide = (request: LinkRequest, decision: "accept" | "decline") =>
    answer.mutate(
      { id: request.id, decision },
      {
        onSuccess: (result) => setOutcome({ severity: "success", text: result.message }),
        onError: (error) => setOutcome({ severity: "error", text: refusalMessage(error, say("parents.linkFailed")) }),
      },
    );

  return (
    <Box component="section" aria-labelledby="link-requests-heading">
      <Typography id="link-requests-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {say("parents.isThisYourChild")}
      </Typography>
      <Stack spacing={2}>
        {outcome && (
          <Alert severity={outcome.severity} onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        )}
        {pending.map((request) => {
          const name = `${request.child_first_name} ${request.child_last_name}`.trim();
          return (
            <Card
              key={request.id}
              variant="outlined"
              component="article"
              aria-label={say("parents.linkRequestFor", { name })}
            >
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {say("parents.linkRequestText", {
                    centre: request.center_name,
                    name,
                    date: formatDate(request.requested_at),
                    firstName: request.child_first_name,
                  })}
                </Typography>
              </CardContent>
              <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: "wrap" }}>
                <Button
                  variant="contained"
                  disabled={answer.isPending}
                  onClick={() => decide(request, "accept")}
                  sx={{ minHeight: 44 }}
                >
                  {say("parents.accept")}
                </Button>
                <Button
                  variant="outlined"
                  color="inherit"
                  disabled={answer.isPending}
                  onClick={() => decide(request, "decline")}
                  sx={{ minHeight: 44 }}
                >
                  {say("parents.decline")}
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Stack>
    </Box>
  );
}
