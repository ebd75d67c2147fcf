import { Alert, Box, Card, CardContent, LinearProgress, Link, List, ListItem, Stack, Typography } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import type { DevelopmentProgress } from "@sprout/shared/schemas/development/progress-card";
import { Link as RouterLink } from "react-router";
import { useCategoryXAxis } from "../../components/charts/categoryAxis";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useChildCards, useDevelopmentProgress } from "./progress-card-api";

/** One domain's competencies as lines across the terms, the scale's words on the value axis. */
function DomainChart({
  progress,
  domain,
}: {
  progress: DevelopmentProgress;
  domain: DevelopmentProgress["domains"][number];
}) {
  const say = useSay();
  const { ref, axis, margin } = useCategoryXAxis(
    progress.terms.map((term) => term.name),
    { scale: "point", valueAxisWidth: 80 },
  );
  const levelName = (value: number | null) =>
    value === null ? say("development.progress.notAssessed") : (progress.scale[value]?.label ?? String(value));
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={say("development.progress.chartOf", { domain: domain.name })}>
      <Typography component="figcaption" variant="subtitle2">
        {domain.name} ({domain.code})
      </Typography>
      <Box ref={ref}>
        <LineChart
          height={220}
          margin={margin}
          xAxis={[{ scaleType: "point", data: progress.terms.map((term) => term.name), ...axis }]}
          yAxis={[
            {
              min: 0,
              max: Math.max(progress.scale.length - 1, 1),
              tickInterval: progress.scale.map((_, index) => index),
              valueFormatter: (value: number) => progress.scale[value]?.label.split(" ")[0] ?? "",
              width: 80,
            },
          ]}
          series={domain.competencies.map((competency) => ({
            label: competency.code,
            data: competency.levels,
            valueFormatter: levelName,
            connectNulls: true,
          }))}
          slotProps={{ legend: { direction: "horizontal", position: { vertical: "bottom", horizontal: "center" } } }}
        />
      </Box>
    </Box>
  );
}

/**
 * The staff child page's Development section (issue 36, point 5): each competency's level across
 * the published terms, by domain, and the child's progress cards.
 */
export function ChildDevelopment({ childId }: { childId: string }) {
  const say = useSay();
  const progress = useDevelopmentProgress(childId);
  const cards = useChildCards(childId);
  return (
    <Card variant="outlined" component="section" aria-label={say("development.progress.title")}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {say("development.progress.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {say("development.progress.explained")}
        </Typography>
        {(progress.isPending || cards.isPending) && <LinearProgress aria-label={say("development.cards.loading")} />}
        {(progress.isError || cards.isError) && (
          <Alert severity="error">{say("development.progress.loadFailed")}</Alert>
        )}
        {progress.data?.terms.length === 0 && (
          <Typography color="text.secondary">{say("development.progress.none")}</Typography>
        )}
        {cards.data && cards.data.items.length > 0 && (
          <List dense disablePadding aria-label={say("development.cards.listTitle")}>
            {cards.data.items.map((card) => (
              <ListItem key={card.assessment_id} disableGutters>
                <Link component={RouterLink} to={`/progress-cards/${card.assessment_id}`}>
                  {card.term.name}
                </Link>
                <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {say("development.cards.version", { version: card.version, date: formatDate(card.published_at) })}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
        {progress.data && progress.data.terms.length > 0 && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {progress.data.domains.map((domain) => (
              <DomainChart key={domain.code} progress={progress.data} domain={domain} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
