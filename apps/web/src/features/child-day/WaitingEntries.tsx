import CloudUpload from "@mui/icons-material/CloudUpload";
import { List, ListItem, ListItemIcon, ListItemText } from "@mui/material";
import { formatTime } from "../../format";
import { waitingTaps } from "../../offline/tapQueue";
import { useTapQueue } from "../../offline/useTapQueue";

/** A child's taps still on the device, above the entries the server has: "Lunch · Aanya, 8:42 am". */
export function WaitingEntries({ childId }: { childId: string }) {
  const waiting = waitingTaps(useTapQueue()).filter((tap) => tap.childIds.includes(childId));
  if (waiting.length === 0) return null;
  return (
    <List dense disablePadding aria-label="Waiting to send">
      {waiting.map((tap) => (
        <ListItem key={tap.id} disableGutters>
          <ListItemIcon sx={{ minWidth: 32 }}>
            <CloudUpload fontSize="small" color="warning" />
          </ListItemIcon>
          <ListItemText primary={tap.what} secondary={`${formatTime(tap.tappedAt)} · waiting to send`} />
        </ListItem>
      ))}
    </List>
  );
}
