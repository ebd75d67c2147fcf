import { Alert, Card, CardContent, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { digestSetting } from "@sprout/shared/schemas/child-health";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../api/client";
import { refusalMessage } from "../../api/errors";
import { showAnswer } from "../../api/queryClient";
import { useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The hour (centre time) at which parents get the evening e-mail about their child's day. */
export function DigestHourSection() {
  const say = useSay();
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? centres.data?.[0]?.id ?? null;
  const queryClient = useQueryClient();
  const key = ["child-day", "digest-setting", centreId];
  const setting = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get("/child-day/digest-setting", digestSetting, { signal, query: { center_id: centreId! } }),
    enabled: centreId !== null,
  });
  const change = useMutation({
    mutationFn: (digest_hour: number) =>
      api.put("/child-day/digest-setting", { center_id: centreId, digest_hour }, digestSetting),
    onSuccess: (answer) => showAnswer(queryClient, key, answer),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="digest-hour-title">
      <CardContent>
        <Typography id="digest-hour-title" variant="h6" component="h2">
          {say("childDay.digestTitle")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {say("childDay.digestText")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {(centres.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={say("childDay.centre")}
              value={centreId ?? ""}
              onChange={(event) => setChosen(event.target.value)}
              sx={{ minWidth: 240 }}
            >
              {centres.data?.map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.center_name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {setting.data && (
            <TextField
              select
              label={say("childDay.sendAt")}
              value={change.isPending ? change.variables : setting.data.digest_hour}
              disabled={change.isPending}
              onChange={(event) => change.mutate(Number(event.target.value))}
              sx={{ minWidth: 160 }}
            >
              {HOURS.map((hour) => (
                <MenuItem key={hour} value={hour}>
                  {hourLabel(hour)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        {(setting.isError || change.isError) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusalMessage(change.error ?? setting.error, say("childDay.digestFailed"))}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
