import { Alert, LinearProgress } from "@mui/material";
import { refusalMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import type { useAttendanceCentre } from "./useAttendanceCentre";

/**
 * What an owner or the super admin sees before choosing a centre (the picker is above it): their
 * centres loading, none at all, or what choosing one will show (`prompt`, a whole sentence).
 */
export function ChooseCentre({ centre, prompt }: { centre: ReturnType<typeof useAttendanceCentre>; prompt: string }) {
  const say = useSay();
  if (centre.centres.isPending) return <LinearProgress aria-label={say("attendance.loadingCentres")} />;
  if (centre.centres.isError)
    return <Alert severity="error">{refusalMessage(centre.centres.error, say("attendance.centresFailed"))}</Alert>;
  if (centre.list.length === 0) return <Alert severity="info">{say("attendance.noCentres")}</Alert>;
  return (
    <Alert severity="info" data-testid="choose-centre">
      {prompt}
    </Alert>
  );
}
