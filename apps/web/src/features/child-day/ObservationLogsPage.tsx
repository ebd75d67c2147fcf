import Add from "@mui/icons-material/Add";
import { Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ObservationLog } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useMyChildren } from "../parents/useMyChildren";
import { centreToday } from "./api";
import { MilestonesDialog } from "./MilestonesDialog";
import { ObservationForm } from "./ObservationForm";
import { ObservationList } from "./ObservationList";

/** Who extends a centre's milestone list (the server decides; this only shows the button). */
const MILESTONE_KEEPERS = new Set(["super_admin", "owner", "center_director", "admin", "academic_coordinator"]);

/** `/observation-logs`: teachers and coordinators write them; parents read their children's. */
export function ObservationLogsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const writer = user.role === "teacher" || user.role === "academic_coordinator";
  const [editing, setEditing] = useState<ObservationLog | "new" | null>(null);
  const [managing, setManaging] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="h4" component="h1">
          {say("childDay.observationLogs")}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <LiveChip />
          {MILESTONE_KEEPERS.has(user.role) && (
            <Button variant="outlined" onClick={() => setManaging(true)} sx={{ minHeight: 44 }}>
              {say("childDay.milestones")}
            </Button>
          )}
          {writer && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")} sx={{ minHeight: 44 }}>
              {say("childDay.newObservation")}
            </Button>
          )}
        </Stack>
      </Stack>
      {user.role === "parent" ? <ParentLogs /> : <ObservationList childId={null} onEdit={setEditing} />}
      {managing && <MilestonesDialog onClose={() => setManaging(false)} />}
      {editing && (
        <ObservationForm
          log={editing === "new" ? null : editing}
          today={centreToday()}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ParentLogs() {
  const say = useSay();
  const children = useMyChildren();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = children.data ?? [];
  const childId = chosen ?? list[0]?.id ?? null;
  return (
    <>
      {list.length > 1 && (
        <TextField
          select
          label={say("childDay.child")}
          value={childId ?? ""}
          onChange={(event) => setChosen(event.target.value)}
        >
          {list.map((child) => (
            <MenuItem key={child.id} value={child.id}>
              {child.first_name} {child.last_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {childId && <ObservationList childId={childId} />}
    </>
  );
}
