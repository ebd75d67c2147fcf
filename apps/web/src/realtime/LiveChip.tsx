import FiberManualRecord from "@mui/icons-material/FiberManualRecord";
import { Chip } from "@mui/material";
import { useRealtime } from "./RealtimeProvider";

/** spec 2, section 4: the chip reads Live when connected, otherwise Offline. */
export function LiveChip() {
  const { status } = useRealtime();
  const live = status === "connected";
  return (
    <Chip
      size="small"
      icon={<FiberManualRecord fontSize="small" />}
      label={live ? "Live" : "Offline"}
      color={live ? "success" : "default"}
      variant={live ? "filled" : "outlined"}
      aria-live="polite"
    />
  );
}
