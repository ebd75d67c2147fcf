import Lock from "@mui/icons-material/Lock";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { KioskMatches } from "@sprout/shared/schemas/attendance";
import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { refusalMessage } from "../../api/errors";
import { CentrePicker } from "../../components/CentrePicker";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { useSay } from "../../i18n/useSay";
import { ChooseCentre } from "./ChooseCentre";
import { useKioskActions, useKioskSearch } from "./kioskApi";
import { PinPad } from "./PinPad";
import { useAttendanceCentre } from "./useAttendanceCentre";

/** Kept for this tab only, so a reload of the tablet stays in kiosk mode. */
const KIOSK_FLAG = "kioskMode";
/** How long a greeting stays before the kiosk is ready for the next family. */
const GREETING_MS = 6000;

type Chosen =
  | { kind: "child"; id: string; name: string; action: "check_in" | "check_out" }
  | { kind: "staff"; id: string; name: string };

/**
 * The centre tablet. A director opens kiosk mode; families then check their own children in
 * and out with their 4-digit PIN and staff clock in and out with theirs. Leaving needs the
 * password of the member of staff who opened it.
 */
export function KioskPage() {
  const [on, setOn] = useState(() => sessionStorage.getItem(KIOSK_FLAG) === "1");
  const navigate = useNavigate();
  const say = useSay();
  // An owner or the super admin opens the kiosk for the centre chosen on Attendance (?center=).
  const centre = useAttendanceCentre();
  const open = () => {
    sessionStorage.setItem(KIOSK_FLAG, "1");
    setOn(true);
    void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const leave = () => {
    sessionStorage.removeItem(KIOSK_FLAG);
    setOn(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    navigate(`/attendance${centre.search}`);
  };
  if (!on) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            {say("attendance.kiosk")}
          </Typography>
          <Typography>{say("attendance.kioskIntro")}</Typography>
          {centre.picks && (
            <CentrePicker centres={centre.list} value={centre.centerId ?? ""} onChange={centre.choose} />
          )}
          {!centre.ready && <ChooseCentre centre={centre} prompt={say("attendance.chooseCentreForKiosk")} />}
          {/* On a phone the two buttons stack instead of each breaking over two lines. */}
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={2}
            sx={{ alignItems: { xs: "stretch", sm: "center" } }}
          >
            <Button variant="contained" size="large" onClick={open} disabled={!centre.ready}>
              {say("attendance.openKiosk")}
            </Button>
            <Button component={RouterLink} to={`/attendance${centre.search}`}>
              {say("attendance.backToAttendance")}
            </Button>
          </Stack>
        </Stack>
      </Container>
    );
  }
  return <KioskScreen onLeave={leave} centerId={centre.centerId} />;
}

function KioskScreen({ onLeave, centerId }: { onLeave: () => void; centerId?: string }) {
  const say = useSay();
  const [typed, setTyped] = useState("");
  const q = useDebouncedValue(typed.trim(), 250);
  const matches = useKioskSearch(q, centerId);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [greeting, setGreeting] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!greeting) return;
    const timer = setTimeout(() => setGreeting(null), GREETING_MS);
    return () => clearTimeout(timer);
  }, [greeting]);

  const done = (message: string) => {
    setChosen(null);
    setTyped("");
    setGreeting(message);
  };

  return (
    <Box sx={{ minHeight: "100vh", bgcolor: "background.default", display: "flex", flexDirection: "column" }}>
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 }, flex: 1 }}>
        <Stack spacing={3}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: "2rem", sm: "3rem" }, textAlign: "center" }}>
            {say("attendance.kioskWelcome")}
          </Typography>
          {greeting && (
            <Alert severity="success" variant="filled" role="status" sx={{ fontSize: 22, alignItems: "center" }}>
              {greeting}
            </Alert>
          )}
          <TextField
            label={say("attendance.kioskSearch")}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { style: { fontSize: 24 }, maxLength: 40 } }}
          />
          {matches.isFetching && <LinearProgress aria-label={say("attendance.searching")} />}
          {matches.isError && (
            <Alert severity="error">{refusalMessage(matches.error, say("attendance.searchFailed"))}</Alert>
          )}
          {matches.data && q.length >= 2 && q === typed.trim() && (
            <Matches matches={matches.data} onChoose={setChosen} />
          )}
        </Stack>
      </Container>
      <Box sx={{ textAlign: "center", pb: 2 }}>
        <Button size="small" color="inherit" startIcon={<Lock />} onClick={() => setLeaving(true)}>
          {say("attendance.leaveKiosk")}
        </Button>
      </Box>
      {chosen && <PinDialog chosen={chosen} onClose={() => setChosen(null)} onDone={done} />}
      {leaving && <UnlockDialog onClose={() => setLeaving(false)} onUnlocked={onLeave} />}
    </Box>
  );
}

function Matches({ matches, onChoose }: { matches: KioskMatches; onChoose: (chosen: Chosen) => void }) {
  const say = useSay();
  if (matches.children.length === 0 && matches.staff.length === 0)
    return <Typography color="text.secondary">{say("attendance.noOneByName")}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
      {matches.children.map((child) => {
        const inNow = child.status === "in";
        const paused = child.status === "paused";
        return (
          <Card key={child.student_id} variant="outlined">
            <CardActionArea
              disabled={paused}
              aria-label={say(inNow ? "attendance.checkOutName" : "attendance.checkInName", { name: child.name })}
              onClick={() =>
                onChoose({
                  kind: "child",
                  id: child.student_id,
                  name: child.name,
                  action: inNow ? "check_out" : "check_in",
                })
              }
            >
              <CardContent>
                <Typography sx={{ fontSize: 22, fontWeight: 600 }}>{child.name}</Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mt: 0.5 }}>
                  <Typography color="text.secondary">
                    {child.classroom_name ?? say("attendance.noClassroom")}
                  </Typography>
                  <Chip
                    size="small"
                    color={inNow ? "success" : "default"}
                    label={say(
                      paused ? "attendance.pausedChip" : inNow ? "attendance.tapToCheckOut" : "attendance.tapToCheckIn",
                    )}
                  />
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
      {matches.staff.map((person) => (
        <Card key={person.user_id} variant="outlined">
          <CardActionArea
            aria-label={say("attendance.clockInOrOutName", { name: person.name })}
            onClick={() => onChoose({ kind: "staff", id: person.user_id, name: person.name })}
          >
            <CardContent>
              <Typography sx={{ fontSize: 22, fontWeight: 600 }}>{person.name}</Typography>
              <Chip size="small" label={say("attendance.staffClock")} sx={{ mt: 0.5 }} />
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function PinDialog({
  chosen,
  onClose,
  onDone,
}: {
  chosen: Chosen;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const say = useSay();
  const actions = useKioskActions();
  const [pin, setPin] = useState("");
  const mutation = chosen.kind === "child" ? actions.child : actions.staff;
  const submit = (value: string) => {
    const onSuccess = (result: { message: string }) => onDone(result.message);
    const onError = () => setPin("");
    if (chosen.kind === "child")
      actions.child.mutate({ student_id: chosen.id, pin: value, action: chosen.action }, { onSuccess, onError });
    else actions.staff.mutate({ user_id: chosen.id, pin: value }, { onSuccess, onError });
  };
  const title =
    chosen.kind === "staff"
      ? say("attendance.staffPinTitle", { name: chosen.name })
      : say(chosen.action === "check_in" ? "attendance.checkInName" : "attendance.checkOutName", { name: chosen.name });
  return (
    <Dialog open onClose={onClose} aria-labelledby="kiosk-pin-title">
      <DialogTitle id="kiosk-pin-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: "center" }}>
          <Typography color="text.secondary">
            {say(chosen.kind === "staff" ? "attendance.enterOwnPin" : "attendance.enterFamilyPin")}
          </Typography>
          <PinPad
            value={pin}
            disabled={mutation.isPending}
            onChange={(value) => {
              setPin(value);
              if (value.length === 4) submit(value);
            }}
          />
          {mutation.isError && (
            <Alert severity="error" sx={{ width: "100%" }}>
              {refusalMessage(mutation.error, say("attendance.recordFailed"))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("attendance.cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}

function UnlockDialog({ onClose, onUnlocked }: { onClose: () => void; onUnlocked: () => void }) {
  const say = useSay();
  const { unlock } = useKioskActions();
  const [password, setPassword] = useState("");
  return (
    <Dialog open onClose={onClose} aria-labelledby="kiosk-unlock-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) unlock.mutate(password, { onSuccess: onUnlocked });
        }}
      >
        <DialogTitle id="kiosk-unlock-title">{say("attendance.leaveKiosk")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{say("attendance.unlockIntro")}</Typography>
            <TextField
              type="password"
              label={say("attendance.password")}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
            />
            {unlock.isError && (
              <Alert severity="error">{refusalMessage(unlock.error, say("attendance.unlockFailed"))}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{say("attendance.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!password || unlock.isPending}>
            {say("attendance.leaveKiosk")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
