import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Pagination,
  Stack,
  Typography,
} from "@mui/material";
import { INCIDENT_MESSAGES, INCIDENT_TYPE_LABELS } from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { LiveChip } from "../../realtime/LiveChip";
import { useAcknowledgeIncident, useParentIncidents } from "./api";
import { Acknowledgements, ParentStatusChip } from "./ParentStatus";
import { PhotoThumb } from "./PhotoThumb";

/** The parent portal's incident reports: read, then acknowledge. */
export function ParentIncidents() {
  const [page, setPage] = useState(1);
  const reports = useParentIncidents(page);
  const acknowledge = useAcknowledgeIncident();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Incident reports
        </Typography>
        {/* A report arrives here as soon as the centre shares it. */}
        <LiveChip />
      </Stack>
      {reports.isPending && <CircularProgress aria-label="Loading reports" />}
      {reports.isError && (
        <Alert severity="error">{refusalMessage(reports.error, INCIDENT_MESSAGES.fetchFailed)}</Alert>
      )}
      {reports.data?.incidents.length === 0 && (
        <Typography color="text.secondary">There are no incident reports about your children.</Typography>
      )}
      {reports.data?.incidents.map((report) => (
        <Card key={report.id} variant="outlined" data-testid="parent-incident">
          <CardContent>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {INCIDENT_TYPE_LABELS[report.incident_type]} · {report.children.map((child) => child.name).join(", ")}
              </Typography>
              <Chip size="small" label={report.status === "resolved" ? "Resolved" : "Open"} />
              {report.acknowledgements.length > 0 && <ParentStatusChip status="acknowledged" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(report.incident_date)} · {report.location} · {report.center_name}
            </Typography>
            <Typography sx={{ mt: 1 }}>{report.description}</Typography>
            {report.first_aid && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                First aid: {report.first_aid}
              </Typography>
            )}
            {report.photos.length > 0 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap" }}>
                {report.photos.map((photo) => (
                  <PhotoThumb key={photo.id} url={photo.url} />
                ))}
              </Stack>
            )}
            <Stack spacing={1} sx={{ mt: 2, alignItems: "flex-start" }}>
              {/* The other parent's acknowledgement too, when there is one; one's own is the line below. */}
              {report.acknowledgements.length > (report.acknowledged_at ? 1 : 0) && (
                <Box>
                  <Typography variant="body2">Acknowledged by:</Typography>
                  <Acknowledgements items={report.acknowledgements} />
                </Box>
              )}
              {report.acknowledged_at ? (
                <Typography variant="body2" color="success.main">
                  You acknowledged this on {formatDateTime(report.acknowledged_at)}
                </Typography>
              ) : (
                <Button
                  variant="contained"
                  disabled={acknowledge.isPending}
                  onClick={() => acknowledge.mutate(report.id)}
                >
                  I have read this report
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      ))}
      {(reports.data?.pagination.total_pages ?? 0) > 1 && (
        <Pagination page={page} count={reports.data!.pagination.total_pages} onChange={(_, value) => setPage(value)} />
      )}
    </Stack>
  );
}
