import Insights from "@mui/icons-material/Insights";
import { Alert, Box, Button, Card, Link, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { may } from "@sprout/shared/access";
import {
  CLASS_VIEW_STATUSES,
  type ClassViewRow,
  type ClassViewStatus,
} from "@sprout/shared/schemas/development/assessments";
import { ALL_ABOUT_ME_FIELDS } from "@sprout/shared/schemas/development/card";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { ConfirmDialog, ReissueDialog } from "./AssessmentDialogs";
import { AssessmentStatusChip, STATUS_LABELS } from "./AssessmentStatusChip";
import { useClassActions, useClassView } from "./assessments-api";

/** The class view: who is assessed, what is missing, and publishing per child or per class. */
export function ClassViewPage() {
  const say = useSay();
  const user = useSignedInUser();
  const { id = "" } = useParams();
  // The term's progress page (levels per domain, who has acknowledged) reads what assessments.read allows.
  const mayReadProgress = may(user.role, "assessments.read");
  const [classroomId, setClassroomId] = useState("");
  const [status, setStatus] = useState<ClassViewStatus | "">("");
  const paging = usePaging(25);
  const view = useClassView(id, { classroomId, status }, paging.query);
  const actions = useClassActions(id);
  const [confirmClass, setConfirmClass] = useState(false);
  const [publishing, setPublishing] = useState<ClassViewRow | null>(null);
  const [reissuing, setReissuing] = useState<ClassViewRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const term = view.data?.term;
  const childLink = (row: ClassViewRow) => `/development/terms/${id}/children/${row.child_id}`;

  const missing = (row: ClassViewRow) => {
    if (row.status === "not_started") return say("development.assess.notStartedYet");
    const parts: string[] = [];
    if (row.levels_recorded < row.levels_suggested)
      parts.push(say("development.assess.missingLevels", { count: row.levels_suggested - row.levels_recorded }));
    if (row.domains_missing.length)
      parts.push(say("development.assess.missingNarratives", { count: row.domains_missing.length }));
    if (!row.page_done)
      parts.push(say("development.assess.missingPage", { done: row.page_answers, total: ALL_ABOUT_ME_FIELDS.length }));
    if (row.photos === 0) parts.push(say("development.assess.missingPhotos"));
    return parts.length ? parts.join(" · ") : say("development.assess.nothingMissing");
  };
  const rowActions = (row: ClassViewRow) =>
    term?.can_publish ? (
      row.status === "submitted" ? (
        <Button size="small" onClick={() => setPublishing(row)}>
          {say("development.assess.publish")}
        </Button>
      ) : row.status === "published" ? (
        <Button size="small" onClick={() => setReissuing(row)}>
          {say("development.assess.reissue")}
        </Button>
      ) : null
    ) : null;

  const columns: Column<ClassViewRow>[] = [
    {
      header: say("development.assess.child"),
      cell: (row) => (
        <Link component={RouterLink} to={childLink(row)}>
          {row.child_name}
        </Link>
      ),
    },
    { header: say("development.assess.classroom"), cell: (row) => row.classroom_name ?? "—" },
    {
      header: say("development.assess.status"),
      cell: (row) => <AssessmentStatusChip status={row.status} version={row.version} />,
    },
    {
      header: say("development.assess.levels"),
      align: "right",
      cell: (row) => `${formatNumber(row.levels_recorded)} / ${formatNumber(row.levels_suggested)}`,
    },
    { header: say("development.assess.missing"), cell: missing },
    {
      header: say("development.assess.acknowledged"),
      cell: (row) =>
        row.status === "published" || row.version > 0
          ? say("development.assess.acknowledgedCount", { done: row.acknowledged, total: row.family_accounts })
          : "—",
    },
    { header: say("development.assess.actions"), align: "right", nowrap: true, cell: (row) => rowActions(row) },
  ];

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "flex-end" } }}
      >
        <Box>
          <Link component={RouterLink} to="/development/terms">
            {say("development.assess.backToTerms")}
          </Link>
          <Typography variant="h4" component="h1">
            {term?.name ?? say("development.assess.classView")}
          </Typography>
          {term && (
            <Typography color="text.secondary">
              {say("development.assess.termDates", { from: formatDate(term.starts_on), to: formatDate(term.ends_on) })}{" "}
              · {term.framework_name}
            </Typography>
          )}
        </Box>
        {term && mayReadProgress && (
          <Box sx={{ flexShrink: 0 }}>
            <Button
              component={RouterLink}
              to={`/development/terms/${id}/progress`}
              variant="outlined"
              startIcon={<Insights />}
              sx={{ minHeight: 44 }}
            >
              {say("development.assess.progressLink")}
            </Button>
          </Box>
        )}
      </Stack>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <TextField
          select
          size="small"
          label={say("development.assess.classroom")}
          value={classroomId}
          onChange={(event) => {
            setClassroomId(event.target.value);
            paging.restart();
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{say("development.assess.allClassrooms")}</MenuItem>
          {(term?.classrooms ?? []).map((room) => (
            <MenuItem key={room.id} value={room.id}>
              {room.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={say("development.assess.status")}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as ClassViewStatus | "");
            paging.restart();
          }}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{say("development.assess.allStatuses")}</MenuItem>
          {CLASS_VIEW_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {say(STATUS_LABELS[value])}
            </MenuItem>
          ))}
        </TextField>
        {term?.can_publish && (
          <Box>
            <Button variant="contained" disabled={!classroomId} onClick={() => setConfirmClass(true)}>
              {say("development.assess.publishClass")}
            </Button>
          </Box>
        )}
      </Stack>
      {term?.can_publish && !classroomId && (
        <Typography variant="body2" color="text.secondary">
          {say("development.assess.chooseClassToPublish")}
        </Typography>
      )}
      <Card variant="outlined">
        <PagedTable
          label={say("development.assess.classView")}
          columns={columns}
          rowKey={(row) => row.child_id}
          card={(row) => (
            <Stack spacing={0.75}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "center" }}>
                <Link component={RouterLink} to={childLink(row)} variant="subtitle1">
                  {row.child_name}
                </Link>
                <AssessmentStatusChip status={row.status} version={row.version} />
              </Stack>
              <Typography variant="body2">
                {say("development.assess.levelsOf", { done: row.levels_recorded, total: row.levels_suggested })} ·{" "}
                {row.classroom_name ?? "—"}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {missing(row)}
              </Typography>
              {row.version > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {say("development.assess.acknowledgedCount", { done: row.acknowledged, total: row.family_accounts })}
                </Typography>
              )}
              <Box>{rowActions(row)}</Box>
            </Stack>
          )}
          page={view.data && { rows: view.data.children, pagination: view.data.pagination }}
          paging={paging}
          loading={view.isLoading}
          error={view.isError ? refusalMessage(view.error, say("development.assess.loadFailed")) : undefined}
          empty={say("development.assess.noChildren")}
        />
      </Card>
      {confirmClass && term && (
        <ConfirmDialog
          title={say("development.assess.publishClassTitle")}
          body={say("development.assess.publishClassBody", {
            room: term.classrooms.find((room) => room.id === classroomId)?.name ?? "",
          })}
          confirm={say("development.assess.publishClass")}
          pending={actions.publishClass.isPending}
          error={actions.publishClass.error}
          onClose={() => setConfirmClass(false)}
          onConfirm={() =>
            actions.publishClass.mutate(classroomId, {
              onSuccess: (result) => {
                setConfirmClass(false);
                setNotice(
                  say("development.assess.publishedClass", {
                    published: result.published,
                    waiting: result.not_submitted,
                  }),
                );
              },
            })
          }
        />
      )}
      {publishing && (
        <ConfirmDialog
          title={say("development.assess.publishTitle", { name: publishing.child_name })}
          body={say("development.assess.publishBody")}
          confirm={say("development.assess.publish")}
          pending={actions.publishChild.isPending}
          error={actions.publishChild.error}
          onClose={() => setPublishing(null)}
          onConfirm={() => actions.publishChild.mutate(publishing.child_id, { onSuccess: () => setPublishing(null) })}
        />
      )}
      {reissuing && (
        <ReissueDialog
          childName={reissuing.child_name}
          pending={actions.reissueChild.isPending}
          error={actions.reissueChild.error}
          onClose={() => setReissuing(null)}
          onReissue={(reason) =>
            actions.reissueChild.mutate(
              { childId: reissuing.child_id, reason },
              { onSuccess: () => setReissuing(null) },
            )
          }
        />
      )}
    </Stack>
  );
}
