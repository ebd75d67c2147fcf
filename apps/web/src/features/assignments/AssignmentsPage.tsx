import { Alert, Stack } from "@mui/material";
import { ASSIGNMENT_MESSAGES, type Assignment } from "@sprout/shared/schemas/assignments";
import { useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { CardGrid, CardPageHeader, DeleteDialog, SuccessBanner } from "../../components/CardGrid/CardGrid";
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
        title="Assignments"
        addLabel="New Assignment"
        onAdd={user.role === "teacher" ? () => setEditing("new") : undefined}
      />
      <CardGrid
        loading={list.isPending}
        loadingLabel="Loading assignments"
        alerts={
          <>
            {list.isError && <Alert severity="error">{catalogueError(list.error, "view assignments")}</Alert>}
            {remove.isError && <Alert severity="error">{catalogueError(remove.error, "delete assignments")}</Alert>}
          </>
        }
        empty={list.data?.assignments.length === 0 ? ASSIGNMENT_MESSAGES.noAssignments : null}
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
            setBanner(ASSIGNMENT_MESSAGES.submitted);
          }}
        />
      )}
      {roster && (
        <RosterDialog
          item={roster}
          onClose={() => setRoster(null)}
          onCommented={() => setBanner(ASSIGNMENT_MESSAGES.commented)}
        />
      )}
      {deleting && (
        <DeleteDialog
          question={ASSIGNMENT_MESSAGES.deleteConfirm}
          name={deleting.title}
          pending={remove.isPending}
          onCancel={() => setDeleting(null)}
          onDelete={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setBanner(ASSIGNMENT_MESSAGES.deleted),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
      <SuccessBanner message={banner} hideAfterMs={BANNER_MS} onClose={() => setBanner(null)} />
    </Stack>
  );
}
