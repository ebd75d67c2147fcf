import ArrowBack from "@mui/icons-material/ArrowBack";
import Edit from "@mui/icons-material/Edit";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  List,
  ListItem,
  ListItemText,
  Snackbar,
  Stack,
  Typography,
} from "@mui/material";
import type { ChildDetails, ChildHistory } from "@sprout/shared/schemas/child-edit";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { formatCurrency, formatDate, formatDateTime } from "../../format";
import { PickupPeopleCard } from "../attendance/PickupPeopleCard";
import { HealthPanel } from "../child-day/HealthPanel";
import { useAllClassrooms, useCentres, useChildDetails, useChildHistory, useChildMoves } from "./api";
import { ChildEditDialog } from "./ChildEditDialog";

const FIELD_LABELS: Record<string, string> = {
  first_name: "First name",
  last_name: "Last name",
  date_of_birth: "Date of birth",
  gender: "Gender",
  avatar_color: "Initials colour",
  monthly_fee: "Monthly fee override",
  notes: "Notes",
  phone: "phone",
  email: "e-mail",
  relation: "relation",
};

/** "guardians.<id>.phone" -> "Vikram Malhotra: phone"; plain fields by their label. */
function fieldLabel(field: string, child: ChildDetails) {
  const [, guardianId, part] = /^guardians\.([^.]+)\.(.+)$/.exec(field) ?? [];
  if (!guardianId || !part) return FIELD_LABELS[field] ?? field;
  const guardian = child.guardians.find((row) => row.id === guardianId);
  const who = guardian ? `${guardian.first_name} ${guardian.last_name}`.trim() : "Guardian";
  return `${who}: ${part === "first_name" || part === "last_name" ? "name" : (FIELD_LABELS[part] ?? part)}`;
}

const shown = (field: string, value: unknown) => {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "date_of_birth" && typeof value === "string") return formatDate(value);
  if (field === "monthly_fee" && typeof value === "number") return formatCurrency(value);
  return String(value);
};

/** A child's page: details, guardians, and the history of pauses, moves and corrections. */
export function ChildPage() {
  const { id = "" } = useParams();
  const details = useChildDetails(id);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState("");
  const child = details.data;

  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/children" startIcon={<ArrowBack />} sx={{ alignSelf: "flex-start" }}>
        Children
      </Button>
      {details.isPending && <CircularProgress aria-label="Loading the child" />}
      {details.isError && <Alert severity="error">This child could not be found.</Alert>}
      {child && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <Avatar sx={{ bgcolor: child.avatar_color ?? "primary.main", width: 56, height: 56 }} aria-hidden>
              {child.first_name[0]}
              {child.last_name[0] ?? ""}
            </Avatar>
            <Box sx={{ flex: "1 1 240px", minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2.125rem" } }}>
                {child.name}
              </Typography>
              <Typography color="text.secondary">
                {child.student_id} · {child.classroom_name ?? "Unassigned"} · {child.center_name}
              </Typography>
            </Box>
            <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
              Edit details
            </Button>
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    Details
                  </Typography>
                  <Facts
                    rows={[
                      ["Status", child.status[0]!.toUpperCase() + child.status.slice(1)],
                      ["Date of birth", child.date_of_birth ? formatDate(child.date_of_birth) : "—"],
                      ["Gender", child.gender ?? "—"],
                      ["Enrolled", formatDate(child.enrollment_date)],
                      ["Program", child.program_name ?? "—"],
                      [
                        "Monthly fee",
                        child.monthly_fee === null ? "From the fee structure" : formatCurrency(child.monthly_fee),
                      ],
                      ["Notes", child.notes ?? "—"],
                    ]}
                  />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    Guardians
                  </Typography>
                  <List dense aria-label="Guardians">
                    {child.guardians.map((guardian) => (
                      <ListItem key={guardian.id} divider>
                        <ListItemText
                          primary={`${guardian.first_name} ${guardian.last_name} (${guardian.relation})`}
                          secondary={
                            [guardian.phone, guardian.email].filter(Boolean).join(" · ") || "No contact details"
                          }
                        />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
          <Card variant="outlined" component="section" aria-label="Health">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Health
              </Typography>
              <HealthPanel childId={child.id} childName={child.first_name} />
            </CardContent>
          </Card>
          <PickupPeopleCard studentId={child.id} childName={child.first_name} />
          <History child={child} />
          {editing && (
            <ChildEditDialog
              child={child}
              onClose={() => setEditing(false)}
              onDone={() => {
                setEditing(false);
                setNotice("Child details saved");
              }}
            />
          )}
        </>
      )}
      <Snackbar open={Boolean(notice)} autoHideDuration={4000} onClose={() => setNotice("")}>
        <Alert severity="success" variant="filled" onClose={() => setNotice("")}>
          {notice}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: "contents" }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const ENDED: Record<NonNullable<ChildHistory["pauses"][number]["ended_how"]>, string> = {
  manual: "Resumed",
  automatic: "Resumed automatically",
  left: "Ended when the child left",
};
const MOVE_KINDS = { assign: "Assigned", promote: "Promoted", transfer: "Transferred" } as const;

function History({ child }: { child: ChildDetails }) {
  const history = useChildHistory(child.id);
  const moves = useChildMoves(child.id);
  const rooms = useAllClassrooms();
  const centres = useCentres();
  const roomName = (id: string | null) =>
    id ? (rooms.data?.find((room) => room.id === id)?.name ?? "another room") : "none";
  const centreName = (id: string | null) =>
    centres.data?.find((centre) => centre.id === id)?.center_name ?? "another centre";

  return (
    <Card variant="outlined" component="section" aria-label="History">
      <CardContent>
        <Typography variant="h6" component="h2">
          History
        </Typography>
        {(history.isError || moves.isError) && <Alert severity="error">Failed to load the history.</Alert>}
        {(history.isPending || moves.isPending) && <CircularProgress size={24} aria-label="Loading the history" />}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Moves
        </Typography>
        {moves.data?.length === 0 && <Typography color="text.secondary">No moves yet.</Typography>}
        <List dense aria-label="Moves">
          {moves.data?.map((move) => (
            <ListItem key={move.id} divider>
              <ListItemText
                primary={`${MOVE_KINDS[move.kind]}: ${roomName(move.from_class_id)} → ${roomName(move.to_class_id)}${
                  move.kind === "transfer"
                    ? ` (${centreName(move.from_center_id)} → ${centreName(move.to_center_id)})`
                    : ""
                }`}
                secondary={formatDateTime(move.moved_at)}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Pauses
        </Typography>
        {history.data?.pauses.length === 0 && <Typography color="text.secondary">No pauses.</Typography>}
        <List dense aria-label="Pauses">
          {history.data?.pauses.map((pause) => (
            <ListItem key={pause.paused_at} divider>
              <ListItemText
                primary={`${formatDate(pause.start_date)} – ${formatDate(pause.end_date)} · ${pause.reason}`}
                secondary={[
                  pause.paused_by_name ? `Paused by ${pause.paused_by_name}` : null,
                  pause.ended_how
                    ? `${ENDED[pause.ended_how]}${pause.ended_at ? ` ${formatDate(pause.ended_at)}` : ""}`
                    : "Ongoing",
                  pause.notes,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          Corrections
        </Typography>
        {history.data?.corrections.length === 0 && <Typography color="text.secondary">No corrections.</Typography>}
        <List dense aria-label="Corrections">
          {history.data?.corrections.map((correction) => (
            <ListItem key={correction.at} divider sx={{ display: "block" }}>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(correction.at)}
                {correction.by_name ? ` · ${correction.by_name}` : ""}
              </Typography>
              {correction.changes.map((change) => (
                <Typography key={change.field} variant="body2">
                  {fieldLabel(change.field, child)}: {shown(change.field, change.before)} →{" "}
                  {shown(change.field, change.after)}
                </Typography>
              ))}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
