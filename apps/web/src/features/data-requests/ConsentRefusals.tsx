import { Box, Card, Link, Stack, Typography } from "@mui/material";
import type { ConsentRefusal } from "@sprout/shared/schemas/privacy";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useConsentRefusals } from "../privacy/api";

const contact = (row: ConsentRefusal, say: Say) => (
  <Stack spacing={0.25}>
    <Typography variant="body2">{row.refused_by_name ?? say("dataRequests.aParent")}</Typography>
    {row.refused_by_phone && (
      <Link variant="body2" href={`tel:${row.refused_by_phone}`}>
        {row.refused_by_phone}
      </Link>
    )}
    {row.refused_by_email && (
      <Link variant="body2" href={`mailto:${row.refused_by_email}`}>
        {row.refused_by_email}
      </Link>
    )}
  </Stack>
);

/**
 * Families who refused core records and billing: the centre cannot keep these children's records
 * without that consent, so the desk calls them. A child leaves the list when the family agrees.
 */
export function ConsentRefusals() {
  const say = useSay();
  const columns: Column<ConsentRefusal>[] = [
    { header: say("dataRequests.child"), cell: (row) => row.child_name },
    { header: say("dataRequests.centre"), cell: (row) => row.center_name },
    { header: say("dataRequests.parent"), cell: (row) => contact(row, say) },
    { header: say("dataRequests.refusedOn"), cell: (row) => formatDate(row.refused_at), nowrap: true },
  ];
  const paging = usePaging(10);
  const refusals = useConsentRefusals(paging.page, paging.limit);
  return (
    <Card variant="outlined" data-testid="consent-refusals">
      <Box sx={{ p: 2, pb: 0 }}>
        <Typography variant="h6" component="h2">
          {say("dataRequests.refusalsTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {say("dataRequests.refusalsExplained")}
        </Typography>
      </Box>
      <PagedTable
        label={say("dataRequests.refusalsTable")}
        columns={columns}
        rowKey={(row) => row.child_id}
        page={refusals.data && { rows: refusals.data.refusals, pagination: refusals.data.pagination }}
        paging={paging}
        loading={refusals.isPending}
        error={refusals.isError ? refusalMessage(refusals.error, say("dataRequests.refusalsFailed")) : undefined}
        empty={say("dataRequests.refusalsEmpty")}
        card={(row) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {row.child_name} · {row.center_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {say("dataRequests.refusedOnDate", { date: formatDate(row.refused_at) })}
            </Typography>
            {contact(row, say)}
          </Stack>
        )}
      />
    </Card>
  );
}
