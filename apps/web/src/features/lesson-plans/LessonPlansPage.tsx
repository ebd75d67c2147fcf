import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from "@mui/material";
import type { LessonPlan } from "@sprout/shared/schemas/lesson-plans";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { CardGrid, CardPageHeader, DeleteDialog, SuccessBanner } from "../../components/CardGrid/CardGrid";
import { useSay } from "../../i18n/useSay";
import { centreToday } from "../child-day/api";
import { catalogueError, useClassroomOptions, useLessonPlanMutations, useLessonPlans, useTeacherRooms } from "./api";
import { LessonPlanCard } from "./LessonPlanCard";
import { LessonPlanForm } from "./LessonPlanForm";
import { mondayOf, WeekView } from "./WeekView";

/** Spec 3, section 4: lesson-plan success banners hide after 3 s. */
const BANNER_MS = 3000;

/** `/lesson-plans`: the card grid (all plans, newest first) and a week view per classroom. */
export function LessonPlansPage() {
  const user = useSignedInUser();
  const say = useSay();
  const editor = user.role === "admin" || user.role === "academic_coordinator";
  const today = centreToday();
  const rooms = useClassroomOptions();
  const [view, setView] = useState<"cards" | "week">("cards");
  const [roomFilter, setRoomFilter] = useState("");
  const [page, setPage] = useState(1);
  const [monday, setMonday] = useState(mondayOf(today));
  const [editing, setEditing] = useState<LessonPlan | "new" | null>(null);
  const [deleting, setDeleting] = useState<LessonPlan | null>(null);
  const [opened, setOpened] = useState<LessonPlan | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  // `?competency=C-3.2`: the coordinator's class view links to the plans working on a competency.
  const [params, setParams] = useSearchParams();
  const competency = params.get("competency") || undefined;
  const plans = useLessonPlans({ page, classroom_id: roomFilter || undefined, competency });
  const { remove, checkoff } = useLessonPlanMutations();
  const mine = useTeacherRooms(user.role === "teacher");
  const weekRoom = roomFilter || mine.data?.[0]?.id || rooms.data?.[0]?.id || "";

  const cardFor = (plan: LessonPlan) => (
    <LessonPlanCard
      key={plan.id}
      plan={plan}
      busy={checkoff.isPending}
      onCheck={(parts) =>
        checkoff.mutate(
          { id: plan.id, parts },
          {
            onSuccess: (saved) => {
              setBanner(say("lessonPlans.checkedOff"));
              if (opened?.id === saved.id) setOpened(saved);
            },
          },
        )
      }
      onEdit={() => setEditing(plan)}
      onDelete={() => setDeleting(plan)}
    />
  );

  return (
    <Stack spacing={2}>
      <CardPageHeader
        title={say("lessonPlans.title")}
        addLabel={say("lessonPlans.newPlan")}
        onAdd={editor ? () => setEditing("new") : undefined}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next) => next && setView(next)}
          aria-label={say("lessonPlans.view")}
        >
          <ToggleButton value="cards">{say("lessonPlans.cards")}</ToggleButton>
          <ToggleButton value="week">{say("lessonPlans.week")}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={say("lessonPlans.classroom")}
          value={view === "week" ? weekRoom : roomFilter}
          onChange={(event) => {
            setRoomFilter(event.target.value);
            setPage(1);
          }}
          sx={{ minWidth: 220 }}
        >
          {view === "cards" && <MenuItem value="">{say("lessonPlans.allClassrooms")}</MenuItem>}
          {(rooms.data ?? []).map((room) => (
            <MenuItem key={room.id} value={room.id}>
              {room.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {competency && (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Chip
            color="primary"
            label={say("development.plansTagged", { code: competency })}
            onDelete={() => {
              params.delete("competency");
              setParams(params);
              setPage(1);
            }}
            aria-label={say("development.plansTagged", { code: competency })}
          />
          <Button
            size="small"
            onClick={() => {
              params.delete("competency");
              setParams(params);
              setPage(1);
            }}
          >
            {say("development.showAllPlans")}
          </Button>
        </Stack>
      )}
      {(remove.isError || checkoff.isError) && (
        <Alert severity="error">
          {catalogueError(
            remove.error ?? checkoff.error,
            remove.isError ? "delete lesson plans" : "check off lesson plans",
            say,
          )}
        </Alert>
      )}

      {view === "week" ? (
        weekRoom && <WeekView classroomId={weekRoom} monday={monday} onWeek={setMonday} onOpen={setOpened} />
      ) : (
        <CardGrid
          loading={plans.isPending}
          loadingLabel={say("lessonPlans.loading")}
          alerts={
            plans.isError && <Alert severity="error">{catalogueError(plans.error, "view lesson plans", say)}</Alert>
          }
          empty={plans.data?.lesson_plans.length === 0 ? say("lessonPlans.noPlans") : null}
          page={page}
          totalPages={plans.data?.pagination.total_pages ?? 0}
          onPage={setPage}
        >
          {plans.data?.lesson_plans.map(cardFor)}
        </CardGrid>
      )}

      {opened && (
        <Dialog
          open
          onClose={() => setOpened(null)}
          fullWidth
          maxWidth="sm"
          aria-label={say("lessonPlans.planAria", { topic: opened.topic })}
        >
          <DialogContent sx={{ p: 1 }}>{cardFor(opened)}</DialogContent>
          <DialogActions>
            <Button onClick={() => setOpened(null)}>{say("lessonPlans.close")}</Button>
          </DialogActions>
        </Dialog>
      )}
      {editing && (
        <LessonPlanForm
          plan={editing === "new" ? null : editing}
          today={today}
          classroomId={roomFilter || null}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setOpened(null);
            setBanner(message);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          question={say("lessonPlans.deleteConfirm")}
          name={deleting.topic}
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onDelete={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null);
                setOpened(null);
                setBanner(say("lessonPlans.deleted"));
              },
              onError: () => setDeleting(null),
            })
          }
        />
      )}
      <SuccessBanner message={banner} hideAfterMs={BANNER_MS} onClose={() => setBanner(null)} />
    </Stack>
  );
}
