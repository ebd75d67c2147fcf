import { Chip, Stack, Typography } from "@mui/material";
import {
  INCIDENT_PARENT_STATUS_LABEL_IDS,
  type IncidentAcknowledgement,
  type IncidentParentStatus,
} from "@sprout/shared/schemas/incidents";
import { formatDateTime } from "../../format";
import { useSay } from "../../i18n/useSay";

const COLOURS = { awaiting_review: "warning", notified: "info", acknowledged: "success" } as const;

/** Where a report stands with the families: "Awaiting review", "Notified" or "Acknowledged". */
export function ParentStatusChip({ status }: { status: IncidentParentStatus }) {
  const say = useSay();
  return (
    <Chip
      size="small"
      variant={status === "notified" ? "outlined" : "filled"}
      color={COLOURS[status]}
      label={say(INCIDENT_PARENT_STATUS_LABEL_IDS[status])}
    />
  );
}

/** Who acknowledged and when, one line each: "Vikram Malhotra, 20 Nov 2026, 10:05 am". */
export function Acknowledgements({
  items,
  variant = "caption",
}: {
  items: IncidentAcknowledgement[];
  /** Small under a list's chip; the size of the text around it in a report's details. */
  variant?: "caption" | "body2";
}) {
  const say = useSay();
  if (items.length === 0) return null;
  return (
    <Stack component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={say("incidents.acknowledgedByList")}>
      {items.map((ack) => (
        <Typography
          component="li"
          variant={variant}
          color={variant === "caption" ? "text.secondary" : "text.primary"}
          key={`${ack.name}-${ack.at}`}
        >
          {ack.name}, {formatDateTime(ack.at)}
        </Typography>
      ))}
    </Stack>
  );
}

/** The chip with its acknowledgements under it, as a list cell shows it. */
export function ParentStatus({
  status,
  acknowledgements,
}: {
  status: IncidentParentStatus;
  acknowledgements: IncidentAcknowledgement[];
}) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <ParentStatusChip status={status} />
      <Acknowledgements items={acknowledgements} />
    </Stack>
  );
}
