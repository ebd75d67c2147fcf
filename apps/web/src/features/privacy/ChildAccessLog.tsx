import { Stack, Typography } from "@mui/material";
import { type ParentAccessEntry, RECORD_KIND_LABELS } from "@sprout/shared/schemas/privacy";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { useChildAccessLog } from "./api";

const columns: Column<ParentAccessEntry>[] = [
  { header: "Staff member", cell: (entry) => entry.staff_name },
  { header: "Role", cell: (entry) => entry.staff_role, nowrap: true },
  { header: "Record", cell: (entry) => RECORD_KIND_LABELS[entry.kind] },
  { header: "Date", cell: (entry) => formatDateTime(entry.viewed_at), nowrap: true },
];

/** "Who viewed <child>'s records": staff name and role, when, what kind of record. */
export function ChildAccessLog({ childId, childName }: { childId: string; childName: string }) {
  const paging = usePaging(10);
  const log = useChildAccessLog(childId, paging.page, paging.limit);
  const first = childName.split(" ")[0];
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        Who viewed {first}'s records
      </Typography>
      <PagedTable
        label={`Who viewed ${first}'s records`}
        columns={columns}
        card={(entry) => (
          <Stack spacing={0.25}>
            <Typography sx={{ fontWeight: 600 }}>
              {entry.staff_name}{" "}
              <Typography component="span" variant="body2" color="text.secondary">
                ({entry.staff_role})
              </Typography>
            </Typography>
            <Typography variant="body2">{RECORD_KIND_LABELS[entry.kind]}</Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(entry.viewed_at)}
            </Typography>
          </Stack>
        )}
        rowKey={(entry) => entry.id}
        page={log.data && { rows: log.data.entries, pagination: log.data.pagination }}
        paging={paging}
        loading={log.isPending}
        error={log.error ? refusalMessage(log.error, "The log could not be loaded. Please try again.") : undefined}
        empty={`No staff member has opened ${first}'s records yet.`}
      />
    </Stack>
  );
}
