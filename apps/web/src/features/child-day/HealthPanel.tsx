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
import type { HealthRecord, Medication } from "@sprout/shared/schemas/child-health";
import { type ReactNode, useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
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

function consentLine(medication: Medication, say: Say) {
  if (medication.withdrawn_at) return say("childDay.consentWithdrawnOn", { date: formatDate(medication.withdrawn_at) });
  return say("childDay.consentGivenBy", { name: medication.consent_by, date: formatDate(medication.consent_at) });
}

/**
 * A child's health record: parents keep allergies, conditions, medications (with consent) and
 * immunisations; the child's teachers see them, add allergies and conditions and give doses;
 * the centre's administrators keep immunisations.
 */
export function HealthPanel({ childId, childName }: { childId: string; childName: string }) {
  const say = useSay();
  const record = useHealthRecord(childId);
  const changes = useHealthChanges(childId);
  const [dialog, setDialog] = useState<"medication" | "immunisation" | null>(null);
  const [withdrawing, setWithdrawing] = useState<Medication | null>(null);
  if (record.isPending) return <LinearProgress aria-label={say("childDay.loadingHealth")} />;
  if (record.isError) return <Alert severity="error">{say("childDay.healthLoadFailed")}</Alert>;
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
                  aria-label={say("childDay.removeItem", { item: item.details })}
                  onClick={() => changes.removeStanding.mutate(item.id)}
                >
                  <DeleteOutline />
                </IconButton>
              )
            }
          >
            <ListItemText
              primary={item.details}
              secondary={say("childDay.addedOnBy", { date: formatDate(item.date), name: item.recorded_by })}
            />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Stack spacing={2.5}>
      {failure ? <Alert severity="error">{refusalMessage(failure, say("childDay.recordChangeFailed"))}</Alert> : null}
      <Section title={say("childDay.allergiesTitle")}>
        {standing(data.allergies, say("childDay.noAllergies"), say("childDay.allergiesList"))}
      </Section>
      <Section title={say("childDay.conditionsTitle")}>
        {standing(data.conditions, say("childDay.noConditions"), say("childDay.conditionsList"))}
      </Section>
      {keepsStanding && <StandingForm changes={changes} />}

      <Section
        title={say("childDay.medications")}
        action={
          data.can_keep && (
            <Button startIcon={<Add />} onClick={() => setDialog("medication")}>
              {say("childDay.addMedicationButton")}
            </Button>
          )
        }
      >
        {data.medications.length === 0 ? (
          <Empty text={say("childDay.noMedications")} />
        ) : (
          <List dense disablePadding aria-label={say("childDay.medications")}>
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
                    label={medication.active ? say("childDay.activeToday") : say("childDay.notActive")}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {say("childDay.scheduleLine", {
                    schedule: medication.schedule,
                    from: formatDate(medication.start_date),
                    to: formatDate(medication.end_date),
                  })}
                </Typography>
                {medication.notes && <Typography variant="body2">{medication.notes}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {consentLine(medication, say)}
                </Typography>
                {data.can_keep && !medication.withdrawn_at && (
                  <Button
                    size="small"
                    color="warning"
                    sx={{ mt: 0.5 }}
                    disabled={changes.withdraw.isPending}
                    onClick={() => setWithdrawing(medication)}
                  >
                    {say("childDay.withdrawConsent")}
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
        title={say("childDay.immunisations")}
        action={
          data.can_keep_immunisations && (
            <Button startIcon={<Add />} onClick={() => setDialog("immunisation")}>
              {say("childDay.addImmunisationButton")}
            </Button>
          )
        }
      >
        {data.immunisations.length === 0 ? (
          <Empty text={say("childDay.noImmunisations")} />
        ) : (
          <List dense disablePadding aria-label={say("childDay.immunisations")}>
            {data.immunisations.map((shot) => (
              <ListItem
                key={shot.id}
                disableGutters
                secondaryAction={
                  data.can_keep_immunisations && (
                    <IconButton
                      edge="end"
                      aria-label={say("childDay.removeItem", { item: shot.vaccine })}
                      onClick={() => changes.removeImmunisation.mutate(shot.id)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={shot.vaccine}
                  secondary={
                    shot.next_due
                      ? say("childDay.givenNextDue", {
                          date: formatDate(shot.date_given),
                          due: formatDate(shot.next_due),
                        })
                      : say("childDay.given", { date: formatDate(shot.date_given) })
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>

      {withdrawing && (
        <Dialog open onClose={() => setWithdrawing(null)} aria-labelledby="withdraw-title">
          <DialogTitle id="withdraw-title">{say("childDay.withdrawTitle", { name: withdrawing.name })}</DialogTitle>
          <DialogContent>
            <Typography>{say("childDay.withdrawText", { name: childName })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setWithdrawing(null)}>{say("childDay.cancel")}</Button>
            <Button
              color="warning"
              variant="contained"
              onClick={() => changes.withdraw.mutate(withdrawing.id, { onSettled: () => setWithdrawing(null) })}
            >
              {say("childDay.withdrawConsent")}
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
