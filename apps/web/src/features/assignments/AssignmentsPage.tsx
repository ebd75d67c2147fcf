import { Alert, Stack } from "@mui/material";
import type { Assignment } from "@sprout/shared/schemas/assignments";
import { useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { CardGrid, CardPageHeader, DeleteDialog, SuccessBanner } from "../../components/CardGrid/CardGrid";
import { useSay } from "../../i18n/useSay";
import { catalogueError } from "../lesson-plans/api";
import { AssignmentCard } from "./AssignmentCard";
import { AssignmentForm } from "./AssignmentForm";
import { useAssignmentMutations, useAssignments } from "./api";
import { RosterDialog } from "./RosterDialog";
import { SubmitDialog } from "./SubmitDialog";

/** Spec 3, section 4: assignment success banners hide after 3 s. */
const BANNER_MS = 3000;

/** `/assignments`: the card grid; teachers set work and read submissions, parents submit. */
export function AssignmentsPage() {
  const user = useSignedInUser();
  const say = useSay();
  const [page, setPage] = useState(1);
  const list = useAssignments(page, "");
  const { remove } = useAssignmentMutations();
  const [editing, setEditing] = useState<Assignment | "new" | null>(null);
  const [deleting, setDeleting] = useState<Assignment | null>(null);
  const [roster, setRoster] = useState<Assignment | null>(null);
  const [submitting, setSubmitting] = useState<Assignment | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  return (
    <Stack spacing={2}>
      <CardPageHeader
        title={say("assignments.title")}
        addLabel={say("assignments.newAssignment")}
        onAdd={user.role === "teacher" ? () => setEditing("new") : undefined}
      />
      <CardGrid
        loading={list.isPending}
        loadingLabel={say("assignments.loading")}
        alerts={
          <>
            {list.isError && <Alert severity="error">{catalogueError(list.error, "view assignments", say)}</Alert>}
            {remove.isError && (
              <Alert severity="error">{catalogueError(remove.error, "delete assignments", say)}</Alert>
            )}
          </>
        }
        empty={list.data?.assignments.length === 0 ? say("assignments.noAssignments") : null}
        page={page}
        totalPages={list.data?.pagination.total_pages ?? 0}
        onPage={setPage}
      >
        {list.data?.assignments.map((item) => (
          <AssignmentCard
            key={item.id}
            item={item}
            onEdit={() => setEditing(item)}
            onDelete={() => setDeleting(item)}
            onRoster={() => setRoster(item)}
            onSubmit={() => setSubmitting(item)}
          />
        ))}
      </CardGrid>

      {editing && (
        <AssignmentForm
          item={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setBanner(message);
          }}
        />
      )}
      {submitting && (
        <SubmitDialog
          item={submitting}
          onClose={() => setSubmitting(null)}
          onSubmitted={() => {
            setSubmitting(null);
            setBanner(say("assignments.submitted"));
          }}
        />
      )}
      {roster && (
        <RosterDialog
          item={roster}
          onClose={() => setRoster(null)}
          onCommented={() => setBanner(say("assignments.commented"))}
        />
      )}
      {deleting && (
        <DeleteDialog
          question={say("assignments.deleteConfirm")}
          name={deleting.title}
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onDelete={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setBanner(say("assignments.deleted")),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
      <SuccessBanner message={banner} hideAfterMs={BANNER_MS} onClose={() => setBanner(null)} />
    </Stack>
  );
}
