import { Card, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { ROLE_LABELS, type Role } from "@sprout/shared/roles";
import { type CentreAccessEntry, RECORD_KIND_LABELS } from "@sprout/shared/schemas/privacy";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { useAccessLogFilters, useCentreAccessLog } from "./api";

const columns: Column<CentreAccessEntry>[] = [
  { header: "Date", cell: (entry) => formatDateTime(entry.viewed_at), nowrap: true },
  { header: "Staff member", cell: (entry) => entry.staff_name },
  { header: "Role", cell: (entry) => entry.staff_role, nowrap: true },
  { header: "Child", cell: (entry) => entry.child_name },
  { header: "Record", cell: (entry) => RECORD_KIND_LABELS[entry.kind] },
  { header: "Screen", cell: (entry) => entry.screen ?? "—", nowrap: true },
];

/** The centre's access log, filtered by staff member (to spot snooping) and by child. */
export function CentreAccessLog() {
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
          Who viewed children's records
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Every time a member of staff opens a child's profile, health, observations, documents, photos, messages or
          invoices. Families see their own child's entries.
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label="Staff member"
            value={filters.staffId}
            onChange={choose("staffId")}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">All staff</MenuItem>
            {(choices.data?.staff ?? []).map((person) => (
              <MenuItem key={person.id} value={person.id}>
                {person.name} ({ROLE_LABELS[person.role as Role] ?? person.role})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Child"
            value={filters.childId}
            onChange={choose("childId")}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">All children</MenuItem>
            {(choices.data?.children ?? []).map((child) => (
              <MenuItem key={child.id} value={child.id}>
                {child.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <PagedTable
        label="Access log"
        columns={columns}
        card={(entry) => (
          <Stack spacing={0.25}>
            <Typography sx={{ fontWeight: 600 }}>
              {entry.staff_name}{" "}
              <Typography component="span" variant="body2" color="text.secondary">
                ({entry.staff_role})
              </Typography>
            </Typography>
            <Typography variant="body2">
              {RECORD_KIND_LABELS[entry.kind]} of {entry.child_name}
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
        error={
          log.error ? refusalMessage(log.error, "The access log could not be loaded. Please try again.") : undefined
        }
        empty={
          filters.staffId || filters.childId
            ? "No reads match these filters."
            : "No child's record has been opened yet."
        }
      />
    </Card>
  );
}
