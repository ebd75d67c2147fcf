import { Button, Card, CardContent, Chip, Grid, Stack, Typography } from "@mui/material";
import { SparkLineChart } from "@mui/x-charts/SparkLineChart";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { DirectorDashboard, Kpi, KpiStatus } from "@sprout/shared/schemas/center-director";
import { useState } from "react";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { KpiTargetDialog } from "./KpiTargetDialog";
import { KPI_NAME_LABELS } from "./labels";
import { UpcomingTasksCard } from "./UpcomingTasksCard";

const STATUS_COLOURS: Record<KpiStatus, "success" | "info" | "warning" | "error"> = {
  excellent: "success",
  good: "info",
  warning: "warning",
  critical: "error",
};

const STATUS_LABELS: Record<KpiStatus, MessageId> = {
  excellent: "centerDirector.kpiExcellent",
  good: "centerDirector.kpiGood",
  warning: "centerDirector.kpiWarning",
  critical: "centerDirector.kpiCritical",
};

const valueText = (value: number, unit: string) =>
  unit === "%" ? `${value}%` : unit === "/5" ? `${value} / 5` : String(value);

/** Operational KPIs with their trend and target, and the Upcoming Tasks card beside them. */
export function KpiTab({ data }: { data: DirectorDashboard["data"] }) {
  const say = useSay();
  const [editing, setEditing] = useState<Kpi | null>(null);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        {data.kpis.length === 0 ? (
          <Typography color="text.secondary">{say("centerDirector.noKpis")}</Typography>
        ) : (
          <Grid container spacing={2}>
            {data.kpis.map((kpi) => (
              <Grid key={kpi.metric_name} size={{ xs: 12, sm: 6 }}>
                <Card variant="outlined" data-testid={`kpi-${kpi.metric_name}`}>
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
                      <Typography variant="subtitle2" color="text.secondary">
                        {say(KPI_NAME_LABELS[kpi.metric_name])}
                      </Typography>
                      {/* Without a target the figure stands alone: nothing to call it good or bad by. */}
                      {kpi.status && (
                        <Chip size="small" label={say(STATUS_LABELS[kpi.status])} color={STATUS_COLOURS[kpi.status]} />
                      )}
                    </Stack>
                    <Stack direction="row" sx={{ alignItems: "center", gap: 2 }}>
                      <Typography variant="h5" component="p" sx={{ fontWeight: 700, minWidth: 80 }}>
                        {valueText(kpi.metric_value, kpi.metric_unit)}
                      </Typography>
                      {kpi.history.length > 1 && (
                        <SparkLineChart
                          data={kpi.history.map((point) => point.value)}
                          height={40}
                          width={140}
                          curve="linear"
                          aria-label={say("centerDirector.kpiTrend", {
                            label: say(KPI_NAME_LABELS[kpi.metric_name]),
                            count: kpi.history.length,
                          })}
                        />
                      )}
                    </Stack>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center" }}>
                      <Typography variant="caption" color="text.secondary">
                        {kpi.target_value === null
                          ? say("centerDirector.noTarget")
                          : say("centerDirector.target", { value: valueText(kpi.target_value, kpi.metric_unit) })}{" "}
                        · {formatDate(kpi.measurement_date)}
                      </Typography>
                      {data.may_manage && (
                        <Button size="small" onClick={() => setEditing(kpi)}>
                          {say("centerDirector.setTarget")}
                        </Button>
                      )}
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <UpcomingTasksCard tasks={data.upcoming_tasks} centerId={data.center.id} />
      </Grid>
      {editing && <KpiTargetDialog kpi={editing} centerId={data.center.id} onClose={() => setEditing(null)} />}
    </Grid>
  );
}
