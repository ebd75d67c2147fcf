import { Alert, Stack } from "@mui/material";
import type { Policy } from "@sprout/shared/schemas/policies";
import { useState } from "react";
import { errorMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { CardGrid, CardPageHeader, SuccessBanner } from "../../components/CardGrid/CardGrid";
import { useSay } from "../../i18n/useSay";
import { centreToday } from "../child-day/api";
import { AcknowledgementsDialog } from "./AcknowledgementsDialog";
import { usePolicies, usePolicyMutations } from "./api";
import { PolicyCard } from "./PolicyCard";
import { PolicyForm } from "./PolicyForm";

/** `/policies`: owners and directors publish and follow up; everyone in an audience acknowledges. */
export function PoliciesPage() {
  const say = useSay();
  const user = useSignedInUser();
  const manager = user.role === "owner" || user.role === "center_director";
  const [page, setPage] = useState(1);
  const list = usePolicies(page);
  const { acknowledge, remind } = usePolicyMutations();
  const [editing, setEditing] = useState<Policy | "new" | null>(null);
  const [following, setFollowing] = useState<Policy | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const failed = acknowledge.error ?? remind.error;

  return (
    <Stack spacing={2}>
      <CardPageHeader
        title={say("policies.pageTitle")}
        addLabel={say("policies.publishPolicy")}
        onAdd={manager ? () => setEditing("new") : undefined}
      />
      {(list.data?.pending ?? 0) > 0 && (
        <Alert severity="warning">{say("policies.pendingCount", { count: list.data?.pending ?? 0 })}</Alert>
      )}
      <CardGrid
        loading={list.isPending}
        loadingLabel={say("policies.loadingPolicies")}
        alerts={
          <>
            {list.isError && <Alert severity="error">{say("policies.loadFailed")}</Alert>}
            {failed && <Alert severity="error">{errorMessage(failed)}</Alert>}
          </>
        }
        empty={list.data?.policies.length === 0 ? say("policies.noPolicies") : null}
        page={page}
        totalPages={list.data?.pagination.total_pages ?? 0}
        onPage={setPage}
        cards="wide"
      >
        {list.data?.policies.map((item) => (
          <PolicyCard
            key={item.id}
            item={item}
            busy={acknowledge.isPending || remind.isPending}
            onAcknowledge={() =>
              acknowledge.mutate(item.id, { onSuccess: () => setBanner(say("policies.acknowledged")) })
            }
            onNewVersion={() => setEditing(item)}
            onAcknowledgements={() => setFollowing(item)}
            onRemind={() =>
              remind.mutate(item.id, {
                onSuccess: ({ reminded }) => setBanner(say("policies.remindedTo", { count: reminded })),
              })
            }
          />
        ))}
      </CardGrid>
      {editing && (
        <PolicyForm
          item={editing === "new" ? null : editing}
          today={centreToday()}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setBanner(message);
          }}
        />
      )}
      {following && <AcknowledgementsDialog item={following} onClose={() => setFollowing(null)} />}
      <SuccessBanner message={banner} hideAfterMs={4000} onClose={() => setBanner(null)} />
    </Stack>
  );
}
