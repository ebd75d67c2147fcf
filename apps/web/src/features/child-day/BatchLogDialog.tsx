import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { BatchInput, ClassroomDay } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { centreToday, useBatchLog } from "./api";
import {
  type BatchFormProps,
  FoodBatchForm,
  PottyBatchForm,
  SleepBatchForm,
  StarBatchForm,
  WakeBatchForm,
} from "./BatchForms";

const TABS = ["Food", "Sleep", "Potty", "Star"] as const;
type TabName = (typeof TABS)[number];
type Child = ClassroomDay["children"][number];

/** The first names of the selected children, shortened past a handful. */
function names(children: Child[], say: Say): string {
  const shown = children.slice(0, 4).map((child) => child.first_name);
  const rest = children.length - shown.length;
  return rest > 0 ? say("childDay.namesMore", { names: shown.join(", "), count: rest }) : shown.join(", ");
}

/**
 * One log for the children selected on the class list (issue 30, point 9): a meal, a nap (its
 * start or its end), a potty visit or a star, saved for each of them at once.
 */
export function BatchLogDialog({
  date,
  selected,
  onClose,
  onSaved,
}: {
  date: string;
  selected: Child[];
  onClose: () => void;
  onSaved: (count: number) => void;
}) {
  const say = useSay();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const [tab, setTab] = useState<TabName>("Food");
  // When everyone selected is asleep, the nap to log is most likely its end.
  const [napMode, setNapMode] = useState<"start" | "end">(() =>
    selected.length > 0 && selected.every((child) => child.asleep) ? "end" : "start",
  );
  const log = useBatchLog();
  const count = selected.length;
  const props: BatchFormProps = {
    date,
    children: selected,
    pending: log.isPending,
    error: log.error,
    send: (input: BatchInput) => log.mutate(input, { onSuccess: onSaved }),
  };
  const switchTo = (next: TabName) => {
    log.reset();
    setTab(next);
  };
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="batch-log-title">
      <DialogTitle id="batch-log-title" sx={{ pb: 0 }}>
        {say("childDay.logFor", { count })}
      </DialogTitle>
      <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, overflowWrap: "anywhere" }}>
        {names(selected, say)}
        {date < centreToday() && say("childDay.forDate", { date: formatDate(date) })}
      </Typography>
      <DialogContent sx={{ px: { xs: 2, sm: 3 } }}>
        {count === 0 ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {say("childDay.nobodyHere")}
          </Alert>
        ) : (
          <>
            <Tabs
              value={tab}
              onChange={(_event, next: TabName) => switchTo(next)}
              variant="fullWidth"
              sx={{ mb: 2 }}
              aria-label={say("childDay.whatToLog")}
            >
              {TABS.map((name) => (
                <Tab key={name} value={name} label={say("childDay.tab", { tab: name })} sx={{ minWidth: 64 }} />
              ))}
            </Tabs>
            {tab === "Food" && <FoodBatchForm {...props} />}
            {tab === "Sleep" && (
              <>
                <ToggleButtonGroup
                  exclusive
                  color="primary"
                  value={napMode}
                  onChange={(_event, next: "start" | "end" | null) => {
                    if (!next) return;
                    log.reset();
                    setNapMode(next);
                  }}
                  aria-label={say("childDay.nap")}
                  fullWidth
                  sx={{ mb: 2 }}
                >
                  <ToggleButton value="start" sx={{ minHeight: 44 }}>
                    {say("childDay.startNap")}
                  </ToggleButton>
                  <ToggleButton value="end" sx={{ minHeight: 44 }}>
                    {say("childDay.endNap")}
                  </ToggleButton>
                </ToggleButtonGroup>
                {napMode === "start" ? <SleepBatchForm {...props} /> : <WakeBatchForm {...props} />}
              </>
            )}
            {tab === "Potty" && <PottyBatchForm {...props} />}
            {tab === "Star" && <StarBatchForm {...props} />}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {say("childDay.cancel")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
