import { Stack, Typography } from "@mui/material";
import { type ParentAccessEntry, RECORD_KIND_LABEL_IDS } from "@sprout/shared/schemas/privacy";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useChildAccessLog } from "./api";
import { roleName } from "./roleName";

/** "Who viewed <child>'s records": staff name and role, when, what kind of record. */
export function ChildAccessLog({ childId, childName }: { childId: string; childName: string }) {
  const say = useSay();
  const columns: Column<ParentAccessEntry>[] = [
    { header: say("privacy.staffMember"), cell: (entry) => entry.staff_name },
    { header: say("privacy.role"), cell: (entry) => roleName(say, entry.staff_role), nowrap: true },
    { header: say("privacy.record"), cell: (entry) => say(RECORD_KIND_LABEL_IDS[entry.kind]) },
    { header: say("privacy.date"), cell: (entry) => formatDateTime(entry.viewed_at), nowrap: true },
  ];
  const paging = usePaging(10);
  const log = useChildAccessLog(childId, paging.page, paging.limit);
  const first = childName.split(" ")[0] ?? childName;
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {say("privacy.whoViewedChild", { name: first })}
      </Typography>
      <PagedTable
        label={say("privacy.whoViewedChild", { name: first })}
        columns={columns}
        card={(entry) => (
          <Stack spacing={0.25}>
            <Typography sx={{ fontWeight: 600 }}>
              {entry.staff_name}{" "}
              <Typography component="span" variant="body2" color="text.secondary">
                ({roleName(say, entry.staff_role)})
              </Typography>
            </Typography>
            <Typography variant="body2">{say(RECORD_KIND_LABEL_IDS[entry.kind])}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(entry.viewed_at)}
            </Typography>
          </Stack>
        )}
        rowKey={(entry) => entry.id}
        page={log.data && { rows: log.data.entries, pagination: log.data.pagination }}
        paging={paging}
        loading={log.isPending}
        error={log.error ? refusalMessage(log.error, say("privacy.childLogFailed")) : undefined}
        empty={say("privacy.childNoReads", { name: first })}
      />
    </Stack>
  );
}
