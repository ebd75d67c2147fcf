import { Alert, LinearProgress } from "@mui/material";
import { refusalMessage } from "../../api/errors";
import type { useAttendanceCentre } from "./useAttendanceCentre";

/**
 * What an owner or the super admin sees before choosing a centre (the picker is above it): their
 * centres loading, none at all, or what choosing one will show.
 */
export function ChooseCentre({ centre, purpose }: { centre: ReturnType<typeof useAttendanceCentre>; purpose: string }) {
  if (centre.centres.isPending) return <LinearProgress aria-label="Loading your centres" />;
  if (centre.centres.isError)
    return <Alert severity="error">{refusalMessage(centre.centres.error, "Could not load your centres.")}</Alert>;
  if (centre.list.length === 0)
    return <Alert severity="info">There are no centres yet. Add one under Settings first.</Alert>;
  return (
    <Alert severity="info" data-testid="choose-centre">
      Choose a centre {purpose}.
    </Alert>
  );
}
