import { Alert, AlertTitle, LinearProgress, Stack, Typography } from "@mui/material";
import type { OversightItem } from "@sprout/shared/schemas/budget";
import { formatCurrency } from "../../format";
import { useSay } from "../../i18n/useSay";

/** Critical alerts in the error colour, warnings in the warning colour, anything else as info. */
const colourOf = (severity: OversightItem["severity"]) =>
  severity === "critical" ? "error" : severity === "warning" ? "warning" : "info";

export function OversightTab({ items, loading }: { items: OversightItem[]; loading: boolean }) {
  const say = useSay();
  if (loading) return <LinearProgress />;
  if (items.length === 0)
    return (
      <Typography color="text.secondary" sx={{ textAlign: "center", py: 6 }}>
        {say("budget.noOversight")}
      </Typography>
    );
  return (
    <Stack sx={{ gap: 1.5 }}>
      {items.map((item) => (
        <Alert key={item.id} severity={colourOf(item.severity)} variant="outlined">
          <AlertTitle>{item.title}</AlertTitle>
          {item.description}
          {item.amount !== null && (
            <Typography component="p" sx={{ fontWeight: 600, mt: 0.5 }}>
              {formatCurrency(item.amount)}
            </Typography>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
