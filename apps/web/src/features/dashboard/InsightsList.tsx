import ErrorIcon from "@mui/icons-material/Error";
import Info from "@mui/icons-material/Info";
import Warning from "@mui/icons-material/Warning";
import {
  Alert,
  Card,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from "@mui/material";
import type { Insight } from "@sprout/shared/schemas/analytics";
import { Link as RouterLink } from "react-router";
import { useSay } from "../../i18n/useSay";

const ICONS = { info: Info, warning: Warning, error: ErrorIcon } as const;
const COLORS = { info: "info", warning: "warning", error: "error" } as const;

/** Key Business Insights: each insight opens the page that deals with it. */
export function InsightsList({
  insights,
  loading,
  failed,
}: {
  insights: Insight[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const say = useSay();
  return (
    <Card variant="outlined" component="section" aria-labelledby="insights-heading">
      <Typography id="insights-heading" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {say("dashboard.insights")}
      </Typography>
      {loading && <LinearProgress aria-label={say("dashboard.loadingInsights")} />}
      {failed && (
        <Alert severity="error" sx={{ m: 2 }}>
          {say("dashboard.insightsFailed")}
        </Alert>
      )}
      <List>
        {insights?.map((insight) => {
          const Icon = ICONS[insight.severity];
          return (
            <ListItemButton
              key={insight.key}
              component={RouterLink}
              to={insight.link}
              data-testid={`insight-${insight.key}`}
            >
              <ListItemIcon>
                <Icon color={COLORS[insight.severity]} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={insight.title} secondary={insight.message} />
            </ListItemButton>
          );
        })}
      </List>
    </Card>
  );
}
