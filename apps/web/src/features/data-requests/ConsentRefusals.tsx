import { Box, Card, Link, Stack, Typography } from "@mui/material";
import type { ConsentRefusal } from "@sprout/shared/schemas/privacy";
import { refusalMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { useConsentRefusals } from "../privacy/api";

const contact = (row: ConsentRefusal) => (
  <Stack spacing={0.25}>
    <Typography variant="body2">{row.refused_by_name ?? "A parent"}</Typography>
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

const columns: Column<ConsentRefusal>[] = [
  { header: "Child", cell: (row) => row.child_name },
  { header: "Centre", cell: (row) => row.center_name },
  { header: "Parent", cell: contact },
  { header: "Refused on", cell: (row) => formatDate(row.refused_at), nowrap: true },
];

/**
 * Families who refused core records and billing: the centre cannot keep these children's records
 * without that consent, so the desk calls them. A child leaves the list when the family agrees.
 */
export function ConsentRefusals() {
  const paging = usePaging(10);
  const refusals = useConsentRefusals(paging.page, paging.limit);
  return (
    <Card variant="outlined" data-testid="consent-refusals">
      <Box sx={{ p: 2, pb: 0 }}>
        <Typography variant="h6" component="h2">
          Consent refused: core records and billing
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The centre cannot keep these children's records without this consent. Call the family to talk it through; the
          child leaves this list when they agree on the Privacy page.
        </Typography>
      </Box>
      <PagedTable
        label="Consent refusals"
        columns={columns}
        rowKey={(row) => row.child_id}
        page={refusals.data && { rows: refusals.data.refusals, pagination: refusals.data.pagination }}
        paging={paging}
        loading={refusals.isPending}
        error={refusals.isError ? refusalMessage(refusals.error, "Could not load the refusals.") : undefined}
        empty="No family has refused."
        card={(row) => (
          <Stack spacing={0.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {row.child_name} · {row.center_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Refused on {formatDate(row.refused_at)}
            </Typography>
            {contact(row)}
          </Stack>
        )}
      />
    </Card>
  );
}
