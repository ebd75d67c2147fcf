import Add from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { HEALTH_MESSAGES, type HealthRecord, type Medication } from "@sprout/shared/schemas/child-health";
import { type ReactNode, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { DoseForm, ImmunisationDialog, MedicationDialog, StandingForm } from "./HealthForms";
import { useHealthChanges, useHealthRecord } from "./health-api";

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary">
    {text}
  </Typography>
);

function consentLine(medication: Medication) {
  if (medication.withdrawn_at) return `Consent withdrawn on ${formatDate(medication.withdrawn_at)}`;
  return `Consent given by ${medication.consent_by} on ${formatDate(medication.consent_at)}`;
}

/**
 * A child's health record: parents keep allergies, conditions, medications (with consent) and
 * immunisations; the child's teachers see them, add allergies and conditions and give doses;
 * the centre's administrators keep immunisations.
 */
export function HealthPanel({ childId, childName }: { childId: string; childName: string }) {
  const record = useHealthRecord(childId);
  const changes = useHealthChanges(childId);
  const [dialog, setDialog] = useState<"medication" | "immunisation" | null>(null);
  const [withdrawing, setWithdrawing] = useState<Medication | null>(null);
  if (record.isPending) return <LinearProgress aria-label="Loading the health record" />;
  if (record.isError) return <Alert severity="error">{HEALTH_MESSAGES.loadFailed}</Alert>;
  const data: HealthRecord = record.data;
  const keepsStanding = data.can_keep || data.can_give;
  const failure = changes.removeStanding.error ?? changes.withdraw.error ?? changes.removeImmunisation.error;
  const standing = (items: HealthRecord["allergies"], empty: string, label: string) =>
    items.length === 0 ? (
      <Empty text={empty} />
    ) : (
      <List dense disablePadding aria-label={label}>
        {items.map((item) => (
          <ListItem
            key={item.id}
            disableGutters
            secondaryAction={
              keepsStanding && (
                <IconButton
                  edge="end"
                  aria-label={`Remove ${item.details}`}
                  onClick={() => changes.removeStanding.mutate(item.id)}
                >
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText primary={item.details} secondary={`Added ${formatDate(item.date)} by ${item.recorded_by}`} />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Stack spacing={2.5}>
      {failure ? <Alert severity="error">{refusalMessage(failure, "Could not change the record.")}</Alert> : null}
      <Section title="Allergies and dietary restrictions">
        {standing(data.allergies, HEALTH_MESSAGES.noAllergies, "Allergies")}
      </Section>
      <Section title="Medical conditions">
        {standing(data.conditions, HEALTH_MESSAGES.noConditions, "Conditions")}
      </Section>
      {keepsStanding && <StandingForm changes={changes} />}

      <Section
        title="Medications"
        action={
          data.can_keep && (
            <Button startIcon={<Add />} onClick={() => setDialog("medication")}>
              Add medication
            </Button>
          )
        }
      >
        {data.medications.length === 0 ? (
          <Empty text={HEALTH_MESSAGES.noMedications} />
        ) : (
          <List dense disablePadding aria-label="Medications">
            {data.medications.map((medication) => (
              <ListItem key={medication.id} disableGutters divider sx={{ display: "block" }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {medication.name} · {medication.dose}
                  </Typography>
                  <Chip
                    size="small"
                    color={medication.active ? "success" : "default"}
                    variant={medication.active ? "filled" : "outlined"}
                    label={medication.active ? "Active today" : "Not active"}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {medication.schedule} · {formatDate(medication.start_date)} to {formatDate(medication.end_date)}
                </Typography>
                {medication.notes && <Typography variant="body2">{medication.notes}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {consentLine(medication)}
                </Typography>
                {data.can_keep && !medication.withdrawn_at && (
                  <Button
                    size="small"
                    color="warning"
                    sx={{ mt: 0.5 }}
                    disabled={changes.withdraw.isPending}
                    onClick={() => setWithdrawing(medication)}
                  >
                    Withdraw consent
                  </Button>
                )}
                {data.can_give && medication.active && (
                  <Box sx={{ mt: 1 }}>
                    <DoseForm changes={changes} medication={medication} />
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      <Section
        title="Immunisations"
        action={
          data.can_keep_immunisations && (
            <Button startIcon={<Add />} onClick={() => setDialog("immunisation")}>
              Add immunisation
            </Button>
          )
        }
      >
        {data.immunisations.length === 0 ? (
          <Empty text={HEALTH_MESSAGES.noImmunisations} />
        ) : (
          <List dense disablePadding aria-label="Immunisations">
            {data.immunisations.map((shot) => (
              <ListItem
                key={shot.id}
                disableGutters
                secondaryAction={
                  data.can_keep_immunisations && (
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${shot.vaccine}`}
                      onClick={() => changes.removeImmunisation.mutate(shot.id)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={shot.vaccine}
                  secondary={`Given ${formatDate(shot.date_given)}${shot.next_due ? ` · next due ${formatDate(shot.next_due)}` : ""}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      {withdrawing && (
        <Dialog open onClose={() => setWithdrawing(null)} aria-labelledby="withdraw-title">
          <DialogTitle id="withdraw-title">Withdraw consent for {withdrawing.name}?</DialogTitle>
          <DialogContent>
            <Typography>The centre will not give {childName} any more doses of it.</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setWithdrawing(null)}>Cancel</Button>
            <Button
              color="warning"
              variant="contained"
              onClick={() => changes.withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) })}
            >
              Withdraw consent
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog === "medication" && (
        <MedicationDialog changes={changes} childName={childName} today={data.today} onClose={() => setDialog(null)} />
      )}
      {dialog === "immunisation" && (
        <ImmunisationDialog changes={changes} today={data.today} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
