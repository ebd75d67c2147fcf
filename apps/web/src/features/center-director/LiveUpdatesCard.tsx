import Campaign from "@mui/icons-material/Campaign";
import CheckCircle from "@mui/icons-material/CheckCircle";
import Feedback from "@mui/icons-material/Feedback";
import HowToReg from "@mui/icons-material/HowToReg";
import ReportProblem from "@mui/icons-material/ReportProblem";
import {
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { LIVE_UPDATES_SHOWN, type LiveUpdate } from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { formatTime } from "../../format";
import { useSay } from "../../i18n/useSay";

const ICONS: Record<LiveUpdate["kind"], typeof Campaign> = {
  check_in: HowToReg,
  incident: ReportProblem,
  feedback: Feedback,
  approval: CheckCircle,
  alert: Campaign,
};

/** Spec 2: the latest 3 of the 5 updates kept; the other two are one click away. */
export function LiveUpdatesCard({ updates }: { updates: LiveUpdate[] }) {
  const say = useSay();
  const [all, setAll] = useState(false);
  const shown = all ? updates : updates.slice(0, LIVE_UPDATES_SHOWN);
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
          <Typography variant="h6" component="h2">
            {say("centerDirector.liveUpdates")}
          </Typography>
          {updates.length > LIVE_UPDATES_SHOWN && (
            <Button size="small" onClick={() => setAll(!all)}>
              {all ? say("centerDirector.showFewer") : say("centerDirector.showAll", { count: updates.length })}
            </Button>
          )}
        </Stack>
        {updates.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {say("centerDirector.noUpdates")}
          </Typography>
        ) : (
          <List dense aria-label={say("centerDirector.liveUpdatesList")} disablePadding>
            {shown.map((update) => {
              const Icon = ICONS[update.kind];
              return (
                <ListItem key={`${update.kind}-${update.id}`} disableGutters data-testid="live-update">
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon
                      fontSize="small"
                      color={update.kind === "alert" || update.kind === "incident" ? "error" : "primary"}
                    />
                  </ListItemIcon>
                  <ListItemText primary={update.title} secondary={formatTime(update.at)} />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
