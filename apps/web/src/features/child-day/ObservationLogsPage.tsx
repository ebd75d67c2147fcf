import Add from "@mui/icons-material/Add";
import { Autocomplete, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { ObservationLog } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useCentres } from "../children/api";
import { CompetencyFilter, type PickedCompetency } from "../development/CompetencyPicker";
import { useDevelopmentSettings, useFramework } from "../development/frameworks-api";
import { useMyChildren } from "../parents/useMyChildren";
import { centreToday } from "./api";
import { MilestonesDialog } from "./MilestonesDialog";
import { ObservationForm, useChildPicker } from "./ObservationForm";
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
      {user.role === "parent" ? <ParentLogs /> : <StaffLogs onEdit={setEditing} />}
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

/** Staff read the logs of every child they may see, or one child's, by domain and competency. */
function StaffLogs({ onEdit }: { onEdit: (log: ObservationLog) => void }) {
  const say = useSay();
  const user = useSignedInUser();
  const centres = useCentres();
  const centreId = user.center_id ?? centres.data?.[0]?.id ?? null;
  const settings = useDevelopmentSettings(centreId);
  const framework = useFramework(settings.data?.framework_key ?? null);
  const [search, setSearch] = useState("");
  const children = useChildPicker(useDebouncedValue(search, 250));
  const [child, setChild] = useState<{ id: string; name: string } | null>(null);
  const [domain, setDomain] = useState("");
  const [competency, setCompetency] = useState<PickedCompetency | null>(null);
  const options = (children.data ?? []).map((entry) => ({
    id: entry.id,
    name: `${entry.first_name} ${entry.last_name}`.trim(),
  }));
  return (
    <>
      <Stack direction={{ xs: "column", md: "row" }} spacing={1.5}>
        <Autocomplete
          options={options}
          value={child}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          filterOptions={(list) => list}
          onInputChange={(_event, value, reason) => reason === "input" && setSearch(value)}
          onChange={(_event, value) => setChild(value)}
          renderInput={(params) => (
            <TextField {...params} label={say("development.filterChild")} placeholder={say("development.anyChild")} />
          )}
          sx={{ minWidth: 220, flex: 1 }}
        />
        <TextField
          select
          label={say("development.domain")}
          value={domain}
          onChange={(event) => {
            setDomain(event.target.value);
            setCompetency(null);
          }}
          sx={{ minWidth: 200, flex: 1 }}
        >
          <MenuItem value="">{say("development.anyDomain")}</MenuItem>
          {(framework.data?.domains ?? []).map((entry) => (
            <MenuItem key={entry.code} value={entry.code}>
              {entry.code} · {entry.name}
            </MenuItem>
          ))}
        </TextField>
        <CompetencyFilter
          value={competency}
          onChange={setCompetency}
          centerId={centreId}
          domain={domain || undefined}
        />
      </Stack>
      <ObservationList
        key={`${child?.id ?? ""}:${domain}:${competency?.code ?? ""}`}
        childId={child?.id ?? null}
        onEdit={onEdit}
        domain={domain || undefined}
        competency={competency?.code}
      />
    </>
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
