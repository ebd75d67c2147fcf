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
import { may } from "@sprout/shared/access";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { ChildDetails, ChildHistory } from "@sprout/shared/schemas/child-edit";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { formatCurrency, formatDate, formatDateTime } from "../../format";
import { useRelation } from "../../i18n/useRelation";
import { type Say, useSay } from "../../i18n/useSay";
import { PickupPeopleCard } from "../attendance/PickupPeopleCard";
import { HealthPanel } from "../child-day/HealthPanel";
import { ChildDevelopment } from "../development/ProgressChart";
import { useAllClassrooms, useCentres, useChildDetails, useChildHistory, useChildMoves } from "./api";
import { ChildEditDialog } from "./ChildEditDialog";
import { genderLabel, STATUS_LABELS } from "./labels";

const FIELD_LABELS: Record<string, MessageId> = {
  first_name: "children.firstName",
  last_name: "children.lastName",
  date_of_birth: "children.colBirth",
  gender: "children.gender",
  avatar_color: "children.initialsColour",
  monthly_fee: "children.fieldFeeOverride",
  notes: "children.notes",
  phone: "children.fieldPhone",
  email: "children.fieldEmail",
  relation: "children.fieldRelation",
};
const label = (say: Say, field: string) => (FIELD_LABELS[field] ? say(FIELD_LABELS[field]) : field);

/** "guardians.<id>.phone" -> "Vikram Malhotra: phone"; plain fields by their label. */
function fieldLabel(say: Say, field: string, child: ChildDetails) {
  const [, guardianId, part] = /^guardians\.([^.]+)\.(.+)$/.exec(field) ?? [];
  if (!guardianId || !part) return label(say, field);
  const guardian = child.guardians.find((row) => row.id === guardianId);
  const who = guardian ? `${guardian.first_name} ${guardian.last_name}`.trim() : say("children.guardian");
  return `${who}: ${part === "first_name" || part === "last_name" ? say("children.fieldName") : label(say, part)}`;
}

const shown = (field: string, value: unknown) => {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "date_of_birth" && typeof value === "string") return formatDate(value);
  if (field === "monthly_fee" && typeof value === "number") return formatCurrency(value);
  return String(value);
};

/** A child's page: details, guardians, and the history of pauses, moves and corrections. */
export function ChildPage() {
  const say = useSay();
  const user = useSignedInUser();
  const relation = useRelation();
  const { id = "" } = useParams();
  const details = useChildDetails(id);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState("");
  const child = details.data;

  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/children" startIcon={<ArrowBack />} sx={{ alignSelf: "flex-start" }}>
        {say("children.backToChildren")}
      </Button>
      {details.isPending && <CircularProgress aria-label={say("children.loadingChild")} />}
      {details.isError && <Alert severity="error">{say("children.childNotFound")}</Alert>}
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
                {child.student_id} · {child.classroom_name ?? say("children.unassigned")} · {child.center_name}
              </Typography>
            </Box>
            <Button variant="contained" startIcon={<Edit />} onClick={() => setEditing(true)}>
              {say("children.editDetails")}
            </Button>
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {say("children.details")}
                  </Typography>
                  <Facts
                    rows={[
                      [say("children.colStatus"), say(STATUS_LABELS[child.status])],
                      [say("children.colBirth"), child.date_of_birth ? formatDate(child.date_of_birth) : "—"],
                      [say("children.gender"), genderLabel(say, child.gender)],
                      [say("children.enrolled"), formatDate(child.enrollment_date)],
                      [say("children.program"), child.program_name ?? "—"],
                      [
                        say("children.monthlyFee"),
                        child.monthly_fee === null
                          ? say("children.fromFeeStructure")
                          : formatCurrency(child.monthly_fee),
                      ],
                      [say("children.notes"), child.notes ?? "—"],
                    ]}
                  />
                </CardContent>
              </Card>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {say("children.guardians")}
                  </Typography>
                  <List dense aria-label={say("children.guardians")}>
                    {child.guardians.map((guardian) => (
                      <ListItem key={guardian.id} divider>
                        <ListItemText
                          primary={`${guardian.first_name} ${guardian.last_name} (${relation(guardian.relation)})`}
                          secondary={
                            [guardian.phone, guardian.email].filter(Boolean).join(" · ") || say("children.noContact")
                          }
                        />
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          </Grid>
          <Card variant="outlined" component="section" aria-label={say("children.health")}>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {say("children.health")}
              </Typography>
              <HealthPanel childId={child.id} childName={child.first_name} />
            </CardContent>
          </Card>
          <PickupPeopleCard studentId={child.id} childName={child.first_name} />
          {may(user.role, "progressCards.read") && <ChildDevelopment childId={child.id} />}
          <History child={child} />
          {editing && (
            <ChildEditDialog
              child={child}
              onClose={() => setEditing(false)}
              onDone={() => {
                setEditing(false);
                setNotice(say("childEdit.saved"));
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

const ENDED: Record<NonNullable<ChildHistory["pauses"][number]["ended_how"]>, MessageId> = {
  manual: "children.endedManual",
  automatic: "children.endedAutomatic",
  left: "children.endedLeft",
};
const MOVE_KINDS: Record<"assign" | "promote" | "transfer", MessageId> = {
  assign: "children.movedAssigned",
  promote: "children.movedPromoted",
  transfer: "children.movedTransferred",
};

function History({ child }: { child: ChildDetails }) {
  const say = useSay();
  const history = useChildHistory(child.id);
  const moves = useChildMoves(child.id);
  const rooms = useAllClassrooms();
  const centres = useCentres();
  const roomName = (id: string | null) =>
    id ? (rooms.data?.find((room) => room.id === id)?.name ?? say("children.anotherRoom")) : say("children.noRoom");
  const centreName = (id: string | null) =>
    centres.data?.find((centre) => centre.id === id)?.center_name ?? say("children.anotherCentre");

  return (
    <Card variant="outlined" component="section" aria-label={say("children.history")}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {say("children.history")}
        </Typography>
        {(history.isError || moves.isError) && <Alert severity="error">{say("children.historyFailed")}</Alert>}
        {(history.isPending || moves.isPending) && (
          <CircularProgress size={24} aria-label={say("children.loadingHistory")} />
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {say("children.moves")}
        </Typography>
        {moves.data?.length === 0 && <Typography color="text.secondary">{say("children.noMoves")}</Typography>}
        <List dense aria-label={say("children.moves")}>
          {moves.data?.map((move) => (
            <ListItem key={move.id} divider>
              <ListItemText
                primary={`${say(MOVE_KINDS[move.kind])}: ${roomName(move.from_class_id)} → ${roomName(move.to_class_id)}${
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
          {say("children.pauses")}
        </Typography>
        {history.data?.pauses.length === 0 && (
          <Typography color="text.secondary">{say("children.noPauses")}</Typography>
        )}
        <List dense aria-label={say("children.pauses")}>
          {history.data?.pauses.map((pause) => (
            <ListItem key={pause.paused_at} divider>
              <ListItemText
                primary={`${formatDate(pause.start_date)} – ${formatDate(pause.end_date)} · ${pause.reason}`}
                secondary={[
                  pause.paused_by_name ? say("children.pausedByName", { name: pause.paused_by_name }) : null,
                  pause.ended_how
                    ? `${say(ENDED[pause.ended_how])}${pause.ended_at ? ` ${formatDate(pause.ended_at)}` : ""}`
                    : say("children.ongoing"),
                  pause.notes,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </ListItem>
          ))}
        </List>
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {say("children.corrections")}
        </Typography>
        {history.data?.corrections.length === 0 && (
          <Typography color="text.secondary">{say("children.noCorrections")}</Typography>
        )}
        <List dense aria-label={say("children.corrections")}>
          {history.data?.corrections.map((correction) => (
            <ListItem key={correction.at} divider sx={{ display: "block" }}>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(correction.at)}
                {correction.by_name ? ` · ${correction.by_name}` : ""}
              </Typography>
              {correction.changes.map((change) => (
                <Typography key={change.field} variant="body2">
                  {fieldLabel(say, change.field, child)}: {shown(change.field, change.before)} →{" "}
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
