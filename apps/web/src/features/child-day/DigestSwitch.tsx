import { FormControlLabel, Switch, Typography } from "@mui/material";
import { useDigestPreference } from "./health-api";

/** The parent's choice to get the evening e-mail about their children's day. */
export function DigestSwitch() {
  const { preference, change } = useDigestPreference();
  if (!preference.data) return null;
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={change.isPending ? Boolean(change.variables) : preference.data.daily_digest}
            disabled={change.isPending}
            onChange={(event) => change.mutate(event.target.checked)}
          />
        }
        label="Evening e-mail about my child's day"
      />
      {change.isError && (
        <Typography variant="body2" color="error">
          Could not change the setting. Please try again.
        </Typography>
      )}
    </div>
  );
}
