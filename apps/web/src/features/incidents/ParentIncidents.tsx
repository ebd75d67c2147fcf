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
import { INCIDENT_TYPE_LABEL_IDS } from "@sprout/shared/schemas/incidents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LiveChip } from "../../realtime/LiveChip";
import { useAcknowledgeIncident, useParentIncidents } from "./api";
import { Acknowledgements, ParentStatusChip } from "./ParentStatus";
import { PhotoThumb } from "./PhotoThumb";

/** The parent portal's incident reports: read, then acknowledge. */
export function ParentIncidents() {
  const say = useSay();
  const [page, setPage] = useState(1);
  const reports = useParentIncidents(page);
  const acknowledge = useAcknowledgeIncident();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {say("incidents.parentTitle")}
        </Typography>
        {/* A report arrives here as soon as the centre shares it. */}
        <LiveChip />
      </Stack>
      {reports.isPending && <CircularProgress aria-label={say("incidents.loadingReports")} />}
      {reports.isError && <Alert severity="error">{refusalMessage(reports.error, say("incidents.fetchFailed"))}</Alert>}
      {reports.data?.incidents.length === 0 && (
        <Typography color="text.secondary">{say("incidents.parentEmpty")}</Typography>
      )}
      {reports.data?.incidents.map((report) => (
        <Card key={report.id} variant="outlined" data-testid="parent-incident">
          <CardContent>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {say(INCIDENT_TYPE_LABEL_IDS[report.incident_type])} ·{" "}
                {report.children.map((child) => child.name).join(", ")}
              </Typography>
              <Chip size="small" label={say("incidents.statusName", { status: report.status })} />
              {report.acknowledgements.length > 0 && <ParentStatusChip status="acknowledged" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(report.incident_date)} · {report.location} · {report.center_name}
            </Typography>
            <Typography sx={{ mt: 1 }}>{report.description}</Typography>
            {report.first_aid && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {say("incidents.firstAid", { text: report.first_aid })}
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
                  <Typography variant="body2">{say("incidents.acknowledgedBy")}</Typography>
                  <Acknowledgements items={report.acknowledgements} />
                </Box>
              )}
              {report.acknowledged_at ? (
                <Typography variant="body2" color="success.main">
                  {say("incidents.youAcknowledged", { date: formatDateTime(report.acknowledged_at) })}
                </Typography>
              ) : (
                <Button
                  variant="contained"
                  disabled={acknowledge.isPending}
                  onClick={() => acknowledge.mutate(report.id)}
                >
                  {say("incidents.iHaveRead")}
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
