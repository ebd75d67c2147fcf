import { FormControlLabel, Switch, Typography } from "@mui/material";
import { FormattedMessage } from "react-intl";
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
        label={<FormattedMessage id="digest.switch" />}
      />
      {change.isError && (
        <Typography variant="body2" color="error">
          <FormattedMessage id="digest.failed" />
        </Typography>
      )}
    </div>
  );
}
