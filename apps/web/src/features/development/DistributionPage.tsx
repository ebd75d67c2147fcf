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
  MenuItem,
  Stack,
  TextField,
  Typography,
  useTheme,
} from "@mui/material";
import { alpha } from "@mui/material/styles";
import { BarChart } from "@mui/x-charts/BarChart";
import {
  ACKNOWLEDGEMENT_FILTERS,
  type AcknowledgementsPage,
  type Distribution,
} from "@sprout/shared/schemas/development/progress-card";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { useCategoryYAxis, useValueXAxis } from "../../components/charts/categoryAxis";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate, formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAcknowledgements, useDistribution } from "./progress-card-api";

/** Stacked bars: per domain, the share of children at each level (lowest first). */
function LevelBars({ data }: { data: Distribution }) {
  const say = useSay();
  const theme = useTheme();
  // One hue, darker up the scale: the order of the levels reads without a legend, also in grey.
  const shade = (index: number) =>
    alpha(theme.palette.primary.main, 0.25 + (0.75 * index) / Math.max(1, data.scale.length - 1));
  const { ref, axis } = useCategoryYAxis(data.domains.map((domain) => domain.code));
  const valueAxis = useValueXAxis();
  return (
    <Box ref={ref} component="figure" sx={{ m: 0 }} aria-label={say("development.distribution.chart")}>
      <Typography component="figcaption" variant="subtitle2">
        {say("development.distribution.chart")}
      </Typography>
      <BarChart
        height={Math.max(220, data.domains.length * 48 + 80)}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: data.domains.map((domain) => domain.code), ...axis }]}
        xAxis={[{ min: 0, max: 1, valueFormatter: (value: number) => `${Math.round(value * 100)}%`, ...valueAxis }]}
        series={data.scale.map((level, index) => ({
          label: level.label,
          color: shade(index),
          stack: "levels",
          data: data.domains.map((domain) => domain.shares[index] ?? 0),
          valueFormatter: (value: number | null) => `${Math.round((value ?? 0) * 100)}%`,
        }))}
        slotProps={{ legend: { direction: "horizontal", position: { vertical: "bottom", horizontal: "center" } } }}
      />
    </Box>
  );
}

function Weakest({ data }: { data: Distribution }) {
  const say = useSay();
  const weak = data.domains.flatMap((domain) => domain.weakest.map((entry) => ({ ...entry, domain: domain.name })));
  if (weak.length === 0)
    return <Typography color="text.secondary">{say("development.distribution.weakestNone")}</Typography>;
  return (
    <List disablePadding aria-label={say("development.distribution.weakest")}>
      {weak.map((entry) => (
        <ListItem key={entry.code} disableGutters sx={{ display: "block", mb: 1 }}>
          <Typography>
            <Chip label={entry.code} size="small" sx={{ mr: 1 }} />
            {entry.text}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {entry.domain} ·{" "}
            {say("development.distribution.atLowest", { low: entry.at_lowest, assessed: entry.assessed })}
          </Typography>
          {entry.lesson_plans.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {say("development.distribution.noPlans")}
            </Typography>
          ) : (
            <Stack
              direction="row"
              spacing={1}
              sx={{ flexWrap: "wrap", mt: 0.5 }}
              aria-label={say("development.distribution.plans")}
            >
              {entry.lesson_plans.map((plan) => (
                <Link
                  key={plan.id}
                  component={RouterLink}
                  to={`/lesson-plans?competency=${encodeURIComponent(entry.code)}`}
                >
                  {formatDate(plan.day)}: {plan.topic}
                </Link>
              ))}
            </Stack>
          )}
          <Link
            component={RouterLink}
            to={`/lesson-plans?competency=${encodeURIComponent(entry.code)}`}
            variant="body2"
          >
            {say("development.distribution.findPlans", { code: entry.code })}
          </Link>
        </ListItem>
      ))}
    </List>
  );
}

type Ack = AcknowledgementsPage["items"][number];

function Acknowledgements({ termId, classroomId }: { termId: string; classroomId: string }) {
  const say = useSay();
  const paging = usePaging();
  const [state, setState] = useState<(typeof ACKNOWLEDGEMENT_FILTERS)[number]>("all");
  const list = useAcknowledgements(termId, {
    ...(classroomId && { classroom_id: classroomId }),
    state,
    page: paging.page,
    limit: paging.limit,
  });
  const columns: Column<Ack>[] = [
    {
      header: say("development.acks.child"),
      cell: (row) => (
        <Link component={RouterLink} to={`/progress-cards/${row.assessment_id}`}>
          {row.child_name}
        </Link>
      ),
    },
    { header: say("development.acks.classroom"), cell: (row) => row.classroom_name ?? "—" },
    { header: say("development.acks.version"), cell: (row) => formatNumber(row.version), nowrap: true },
    {
      header: say("development.acks.acknowledged"),
      cell: (row) =>
        row.acknowledged_at
          ? say("development.acks.by", { date: formatDate(row.acknowledged_at), name: row.acknowledged_by ?? "—" })
          : say("development.acks.notYet"),
    },
  ];
  return (
    <Card variant="outlined" component="section" aria-label={say("development.acks.title")}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {say("development.acks.title")}
          </Typography>
          {list.data && (
            <Typography color="text.secondary">
              {say("development.acks.pending", { count: list.data.pending })}
            </Typography>
          )}
          <TextField
            select
            label={say("development.acks.filter")}
            value={state}
            onChange={(event) => {
              setState(ACKNOWLEDGEMENT_FILTERS.find((value) => value === event.target.value) ?? "all");
              paging.restart();
            }}
            sx={{ maxWidth: 280 }}
          >
            {ACKNOWLEDGEMENT_FILTERS.map((value) => (
              <MenuItem key={value} value={value}>
                {say(`development.acks.state.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <PagedTable
            label={say("development.acks.title")}
            columns={columns}
            rowKey={(row) => row.assessment_id}
            page={list.data && { rows: list.data.items, pagination: list.data.pagination }}
            paging={paging}
            loading={list.isPending}
            error={list.isError ? say("development.acks.loadFailed") : undefined}
            empty={say("development.acks.empty")}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A term's progress for the coordinator (issue 36, point 5): levels per domain, what to plan for, who has read. */
export function DistributionPage() {
  const say = useSay();
  const { id: termId = "" } = useParams();
  const [classroomId, setClassroomId] = useState("");
  const distribution = useDistribution(termId, classroomId);
  const data = distribution.data;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <Box>
        {data && (
          <Link component={RouterLink} to={`/development/terms/${termId}`}>
            {say("development.assess.backToClass", { term: data.term.name })}
          </Link>
        )}
        <Typography variant="h4" component="h1">
          {say("development.distribution.title", { term: data?.term.name ?? "" })}
        </Typography>
        <Typography color="text.secondary">{say("development.distribution.explained")}</Typography>
      </Box>
      {distribution.isPending && <LinearProgress aria-label={say("development.cards.loading")} />}
      {distribution.isError && <Alert severity="error">{say("development.distribution.loadFailed")}</Alert>}
      {data && (
        <>
          <TextField
            select
            label={say("development.distribution.classroom")}
            value={classroomId}
            onChange={(event) => setClassroomId(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ maxWidth: 360 }}
          >
            <MenuItem value="">{say("development.distribution.allClassrooms")}</MenuItem>
            {data.classrooms.map((room) => (
              <MenuItem key={room.id} value={room.id}>
                {room.name}
              </MenuItem>
            ))}
          </TextField>
          <Card variant="outlined" component="section" aria-label={say("development.distribution.chart")}>
            <CardContent>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {say("development.distribution.children", { count: data.children })}
              </Typography>
              {data.domains.length === 0 ? (
                <Typography color="text.secondary">{say("development.distribution.none")}</Typography>
              ) : (
                <LevelBars data={data} />
              )}
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-label={say("development.distribution.weakest")}>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {say("development.distribution.weakest")}
              </Typography>
              <Weakest data={data} />
            </CardContent>
          </Card>
        </>
      )}
      <Acknowledgements termId={termId} classroomId={classroomId} />
    </Stack>
  );
}
