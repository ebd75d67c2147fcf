import {
  Alert,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { INCIDENT_REVIEW_REMINDER_MINUTES } from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";
import { useChangeReviewSetting, useReviewSetting } from "./api";

/** Centre settings: whether a manager reviews each incident report before the family sees it. */
export function IncidentReviewSection() {
  const say = useSay();
  const centres = useCentres();
  const [chosen, setChosen] = useState<string | null>(null);
  const centreId = chosen ?? centres.data?.[0]?.id ?? null;
  const setting = useReviewSetting(centreId);
  const change = useChangeReviewSetting();
  const checked = change.isPending ? change.variables.review_before_parents : setting.data?.review_before_parents;
  return (
    <Card variant="outlined" component="section" aria-labelledby="incident-review-title">
      <CardContent>
        <Typography id="incident-review-title" variant="h6" component="h2">
          {say("incidents.reviewTitle")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {say("incidents.reviewExplain", { minutes: INCIDENT_REVIEW_REMINDER_MINUTES })}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          {(centres.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={say("incidents.reviewCentre")}
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
          {setting.data && centreId && (
            <FormControlLabel
              control={
                <Switch
                  checked={checked ?? true}
                  disabled={change.isPending}
                  onChange={(event) =>
                    change.mutate({ center_id: centreId, review_before_parents: event.target.checked })
                  }
                />
              }
              label={say("incidents.reviewSwitch")}
            />
          )}
        </Stack>
        {setting.data?.updated_at && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {say("incidents.reviewChanged", {
              by: setting.data.updated_by ?? "—",
              date: formatDateTime(setting.data.updated_at),
            })}
          </Typography>
        )}
        {(setting.isError || change.isError) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusalMessage(change.error ?? setting.error, say("incidents.reviewFailed"))}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
