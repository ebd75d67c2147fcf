import { Card, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { type CentreAccessEntry, RECORD_KIND_LABEL_IDS } from "@sprout/shared/schemas/privacy";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAccessLogFilters, useCentreAccessLog } from "./api";
import { roleName } from "./roleName";

/** The centre's access log, filtered by staff member (to spot snooping) and by child. */
export function CentreAccessLog() {
  const say = useSay();
  const columns: Column<CentreAccessEntry>[] = [
    { header: say("privacy.date"), cell: (entry) => formatDateTime(entry.viewed_at), nowrap: true },
    { header: say("privacy.staffMember"), cell: (entry) => entry.staff_name },
    { header: say("privacy.role"), cell: (entry) => roleName(say, entry.staff_role), nowrap: true },
    { header: say("privacy.child"), cell: (entry) => entry.child_name },
    { header: say("privacy.record"), cell: (entry) => say(RECORD_KIND_LABEL_IDS[entry.kind]) },
    { header: say("privacy.screen"), cell: (entry) => entry.screen ?? "—", nowrap: true },
  ];
  const paging = usePaging(25);
  const [filters, setFilters] = useState({ staffId: "", childId: "" });
  const choices = useAccessLogFilters();
  const log = useCentreAccessLog(filters, paging.page, paging.limit);
  const choose = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [key]: event.target.value }));
    paging.restart();
  };
  return (
    <Card variant="outlined">
      <Stack spacing={1} sx={{ p: 2 }}>
        <Typography variant="h6" component="h2">
          {say("privacy.whoViewedTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("privacy.whoViewedExplained")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={say("privacy.staffMember")}
            value={filters.staffId}
            onChange={choose("staffId")}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">{say("privacy.allStaff")}</MenuItem>
            {(choices.data?.staff ?? []).map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.name} ({roleName(say, person.role)})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={say("privacy.child")}
            value={filters.childId}
            onChange={choose("childId")}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">{say("privacy.allChildren")}</MenuItem>
            {(choices.data?.children ?? []).map((child) => (
              <MenuItem key={child.id} value={child.id}>
                {child.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <PagedTable
        label={say("privacy.accessLog")}
        columns={columns}
        card={(entry) => (
          <Stack spacing={0.25}>
            <Typography sx={{ fontWeight: 600 }}>
              {entry.staff_name}{" "}
              <Typography component="span" variant="body2" color="text.secondary">
                ({roleName(say, entry.staff_role)})
              </Typography>
            </Typography>
            <Typography variant="body2">
              {say("privacy.recordOf", { record: say(RECORD_KIND_LABEL_IDS[entry.kind]), child: entry.child_name })}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {formatDateTime(entry.viewed_at)}
              {entry.screen && ` · ${entry.screen}`}
            </Typography>
          </Stack>
        )}
        rowKey={(entry) => entry.id}
        page={log.data && { rows: log.data.entries, pagination: log.data.pagination }}
        paging={paging}
        loading={log.isPending}
        error={log.error ? refusalMessage(log.error, say("privacy.logFailed")) : undefined}
        empty={filters.staffId || filters.childId ? say("privacy.noMatches") : say("privacy.noReads")}
      />
    </Card>
  );
}
