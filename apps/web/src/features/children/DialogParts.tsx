import { Alert, type AlertColor, List, ListItem, ListItemText, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** Which child a pause or resume dialog is about: name, student ID and a status chip. */
export function ChildHeading({ name, studentId, chip }: { name?: string; studentId?: string; chip: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      <Typography color="text.secondary">({studentId})</Typography>
      {chip}
    </Stack>
  );
}

/** What follows from the change, as a short bulleted list in an alert. */
export function ConsequenceList({ severity, title, lines }: { severity: AlertColor; title: string; lines: string[] }) {
  return (
    <Alert severity={severity}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {lines.map((line) => (
          <ListItem key={line} disableGutters sx={{ py: 0 }}>
            <ListItemText primary={`• ${line}`} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
