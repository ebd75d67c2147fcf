import CloudUpload from "@mui/icons-material/CloudUpload";
import { List, ListItem, ListItemIcon, ListItemText } from "@mui/material";
import { useIntl } from "react-intl";
import { formatTime } from "../../format";
import { waitingTaps } from "../../offline/tapQueue";
import { useTapQueue } from "../../offline/useTapQueue";

/** A child's taps still on the device, above the entries the server has: "Lunch · Aanya, 8:42 am". */
export function WaitingEntries({ childId }: { childId: string }) {
  const intl = useIntl();
  const waiting = waitingTaps(useTapQueue()).filter((tap) => tap.childIds.includes(childId));
  if (waiting.length === 0) return null;
  return (
    <List dense disablePadding aria-label={intl.formatMessage({ id: "offline.waitingToSend" })}>
      {waiting.map((tap) => (
        <ListItem key={tap.id} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            <CloudUpload fontSize="small" color="warning" />
          </ListItemIcon>
          <ListItemText
            primary={tap.what}
            secondary={intl.formatMessage({ id: "offline.tapWaiting" }, { time: formatTime(tap.tappedAt) })}
          />
        </ListItem>
      ))}
    </List>
  );
}
