import WarningAmber from "@mui/icons-material/WarningAmber";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Tab,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { ScrollableTabs } from "../../components/ScrollableTabs";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { centreToday, useChildActivities } from "./api";
import { EntryList } from "./EntryList";
import { HealthPanel } from "./HealthPanel";
import { FoodForm, HealthForm, PottyForm, SleepForm, StarForm, type Target } from "./RecordForms";
import { WaitingEntries } from "./WaitingEntries";

const TABS = ["Food", "Sleep", "Potty", "Star", "Health"] as const;
type TabName = (typeof TABS)[number];

/** One tap on a child opens this: record anything for them, see and correct the day's entries. */
export function ChildSheet({
  child,
  date,
  onClose,
}: {
  child: { id: string; name: string } | null;
  date: string;
  onClose: () => void;
}) {
  const say = useSay();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const [tab, setTab] = useState<TabName>("Food");
  // Each save remounts the form empty, ready for the next entry.
  const [saves, setSaves] = useState(0);
  const day = useChildActivities(child?.id ?? null, date);
  if (!child) return null;
  const earlier = date < centreToday();
  const target: Target = { childId: child.id, name: child.name, date };
  const onSaved = () => setSaves((count) => count + 1);
  const form = {
    Food: <FoodForm key={saves} target={target} onSaved={onSaved} />,
    Sleep: <SleepForm key={saves} target={target} onSaved={onSaved} />,
    Potty: <PottyForm key={saves} target={target} onSaved={onSaved} />,
    Star: <StarForm key={saves} target={target} onSaved={onSaved} />,
    Health: (
      <Stack spacing={3}>
        <HealthForm key={saves} target={target} onSaved={onSaved} />
        <HealthPanel childId={child.id} childName={child.name} />
      </Stack>
    ),
  }[tab];
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="child-sheet-title">
      <DialogTitle id="child-sheet-title" sx={{ pb: 0 }}>
        {child.name}
      </DialogTitle>
      {earlier && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 } }}>
          {say("childDay.recordingFor", { date: formatDate(date) })}
        </Typography>
      )}
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        {day.data && day.data.allergies.length > 0 && (
          <Alert severity="warning" icon={<WarningAmber />} sx={{ my: 1 }}>
            {say("childDay.allergies", { allergies: day.data.allergies.join(", ") })}
          </Alert>
        )}
        <ScrollableTabs value={tab} onChange={(_event, next: TabName) => setTab(next)} sx={{ mb: 2 }}>
          {TABS.map((name) => (
            <Tab key={name} value={name} label={say("childDay.tab", { tab: name })} sx={{ minWidth: 64 }} />
          ))}
        </ScrollableTabs>
        {form}
        <Box component="section" aria-labelledby="today-entries" sx={{ mt: 3 }}>
          <Typography id="today-entries" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {earlier ? formatDate(date) : say("childDay.today")}
          </Typography>
          {day.isPending && <LinearProgress aria-label={say("childDay.loadingEntries")} />}
          {day.isError && <Alert severity="error">{say("childDay.loadFailed")}</Alert>}
          <WaitingEntries childId={child.id} />
          {day.data && <EntryList day={day.data} earlier={earlier} />}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {say("childDay.done")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
