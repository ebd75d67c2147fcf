import { Alert, Box, Button, Card, CardContent, LinearProgress, Pagination, Stack, Typography } from "@mui/material";
import type { ObservationLog } from "@sprout/shared/schemas/child-day";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { CompetencyChip } from "../development/CompetencyPicker";
import { Attachment } from "./Attachment";
import { useObservationMutations, useObservations } from "./api";

/** Observation logs, newest first, a page at a time; edit and delete where the caller may. */
export function ObservationList({
  childId,
  onEdit,
  domain,
  competency,
}: {
  childId: string | null;
  onEdit?: (log: ObservationLog) => void;
  /** Only logs tagged with a competency of this domain, or with this competency. */
  domain?: string;
  competency?: string;
}) {
  const say = useSay();
  const [page, setPage] = useState(1);
  const logs = useObservations(childId, page, { domain, competency });
  const { remove } = useObservationMutations();
  if (logs.isPending) return <LinearProgress aria-label={say("childDay.loadingObservations")} />;
  if (logs.isError) return <Alert severity="error">{say("childDay.observationsLoadFailed")}</Alert>;
  if (logs.data.logs.length === 0)
    return <Typography color="text.secondary">{say("childDay.noObservations")}</Typography>;
  return (
    <Stack spacing={1.5}>
      {remove.isError && (
        <Alert severity="error">{refusalMessage(remove.error, say("childDay.observationDeleteFailed"))}</Alert>
      )}
      {logs.data.logs.map((log) => (
        <Card
          key={log.id}
          variant="outlined"
          component="article"
          aria-label={say("childDay.observationOf", { name: log.child_name })}
        >
          <CardContent>
            <Typography variant="body2" color="text.secondary">
              {formatDate(log.date)} · {log.child_name} · {log.created_by}
            </Typography>
            {log.milestone && <Typography sx={{ fontWeight: 600 }}>{log.milestone}</Typography>}
            {log.milestone && log.milestone_source && (
              <Typography variant="caption" color="text.secondary" component="p">
                {say("childDay.source", { source: log.milestone_source })}
              </Typography>
            )}
            {log.notes && (
              <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{log.notes}</Typography>
            )}
            {log.competencies.length > 0 && (
              <Box
                sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, mt: 1 }}
                aria-label={say("development.competencies")}
              >
                {log.competencies.map((tag) => (
                  <CompetencyChip key={`${tag.framework_key}:${tag.code}`} tag={tag} />
                ))}
              </Box>
            )}
            {log.attachments.length > 0 && (
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mt: 1 }}>
                {log.attachments.map((file) => (
                  <Attachment key={file.id} file={file} />
                ))}
              </Box>
            )}
            {log.can_edit && onEdit && (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button size="small" onClick={() => onEdit(log)}>
                  {say("childDay.edit")}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => window.confirm(say("childDay.observationDeleteConfirm")) && remove.mutate(log.id)}
                >
                  {say("childDay.delete")}
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
      {logs.data.pagination.total_pages > 1 && (
        <Pagination count={logs.data.pagination.total_pages} page={page} onChange={(_event, next) => setPage(next)} />
      )}
    </Stack>
  );
}
