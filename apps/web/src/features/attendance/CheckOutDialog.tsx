import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { RosterChild } from "@sprout/shared/schemas/attendance";
import { useState } from "react";
import { useRelation } from "../../i18n/useRelation";
import { useSay } from "../../i18n/useSay";
import { PickupAvatar } from "./PickupAvatar";

const OTHER = "other";

/** Check-out asks who collected the child; someone off the list needs a name and a note. */
export function CheckOutDialog({
  child,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  child: RosterChild;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (input: { pickup_person_id?: string; override_name?: string; override_note?: string }) => void;
}) {
  const say = useSay();
  const relation = useRelation();
  const [choice, setChoice] = useState<string>("");
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const override = choice === OTHER;
  const missing = !choice || (override && (!name.trim() || !note.trim()));

  const confirm = () => {
    setTried(true);
    if (missing) return;
    onConfirm(override ? { override_name: name.trim(), override_note: note.trim() } : { pickup_person_id: choice });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{say("attendance.checkOutName", { name: child.first_name })}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{say("attendance.whoCollecting", { name: child.first_name })}</Typography>
        <RadioGroup
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          aria-label={say("attendance.whoCollectingLabel")}
        >
          {child.pickup_people.map((person) => (
            <FormControlLabel
              key={person.id}
              value={person.id}
              control={
                <Radio
                  slotProps={{
                    input: {
                      "aria-label": `${person.name} (${relation(person.relation)})${person.phone ? ` · ${person.phone}` : ""}`,
                    },
                  }}
                />
              }
              sx={{ my: 0.5 }}
              label={
                // The face is large enough to compare with the person at the door.
                <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                  <PickupAvatar person={person} size={56} />
                  <span>
                    {person.name} ({relation(person.relation)})
                    {person.phone && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: "block" }}>
                        {person.phone}
                      </Typography>
                    )}
                  </span>
                </Stack>
              }
            />
          ))}
          <FormControlLabel value={OTHER} control={<Radio />} label={say("attendance.someoneElse")} />
        </RadioGroup>
        {tried && !choice && <Alert severity="error">{say("attendance.pickupRequired")}</Alert>}
        {override && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Alert severity="warning">{say("attendance.familyTold", { name: child.first_name })}</Alert>
            <TextField
              label={say("attendance.collectorName")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={tried && !name.trim()}
              helperText={tried && !name.trim() ? say("attendance.overrideName") : " "}
            />
            <TextField
              label={say("attendance.whyAllowed")}
              value={note}
              multiline
              minRows={2}
              onChange={(event) => setNote(event.target.value)}
              error={tried && !note.trim()}
              helperText={tried && !note.trim() ? say("attendance.overrideNote") : say("attendance.whyExample")}
            />
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("attendance.cancel")}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy}>
          {say("attendance.checkOut")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
