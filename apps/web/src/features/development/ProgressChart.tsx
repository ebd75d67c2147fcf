import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import type { DevelopmentProgress } from "@sprout/shared/schemas/development/progress-card";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { LevelScale } from "./LevelScale";
import { useChildCards, useDevelopmentProgress } from "./progress-card-api";

/**
 * One domain: a row per competency with its level in each published term (the card's filled
 * squares) and, once there are two terms, a small line of its way up or down the scale.
 */
function DomainProgress({
  progress,
  domain,
}: {
  progress: DevelopmentProgress;
  domain: DevelopmentProgress["domains"][number];
}) {
  const say = useSay();
  const steps = progress.scale.length;
  const trend = progress.terms.length > 1;
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={say("development.progress.chartOf", { domain: domain.name })}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 0.5 }}>
        {domain.name} ({domain.code})
      </Typography>
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" sx={{ "& td, & th": { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{say("development.card.competency")}</TableCell>
              {progress.terms.map((term) => (
                <TableCell key={term.id} sx={{ whiteSpace: "nowrap" }}>
                  {term.name}
                </TableCell>
              ))}
              {trend && <TableCell>{say("development.progress.trend")}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {domain.competencies.map((competency) => (
              <TableRow key={competency.code}>
                <TableCell sx={{ minWidth: 200 }}>
                  <Tooltip title={competency.text}>
                    <Chip label={competency.code} size="small" sx={{ mr: 1 }} />
                  </Tooltip>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {competency.text}
                  </Typography>
                </TableCell>
                {competency.levels.map((level, at) => (
                  <TableCell key={progress.terms[at]?.id ?? at} sx={{ whiteSpace: "nowrap" }}>
                    {level === null ? (
                      <Typography variant="body2" color="text.secondary">
                        {say("development.progress.notAssessed")}
                      </Typography>
                    ) : (
                      <LevelScale index={level} steps={steps} label={progress.scale[level]?.label ?? ""} />
                    )}
                  </TableCell>
                ))}
                {trend && (
                  <TableCell sx={{ width: 120 }}>
                    <SparkLineChart
                      data={competency.levels.map((level) => level ?? Number.NaN)}
                      height={28}
                      width={100}
                      yAxis={{ min: 0, max: Math.max(steps - 1, 1) }}
                      showHighlight
                      showTooltip
                      valueFormatter={(value: number | null) =>
                        value === null || Number.isNaN(value)
                          ? say("development.progress.notAssessed")
                          : (progress.scale[value]?.label ?? "")
                      }
                    />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
              <DomainProgress key={domain.code} progress={progress.data} domain={domain} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
