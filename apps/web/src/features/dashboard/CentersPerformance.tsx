import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import type { ComparedCentre } from "@sprout/shared/schemas/analytics";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** Centers Performance (owner) and Centers Overview (super admin): one card per centre. */
export function CentersPerformance({
  title,
  centres,
  loading,
}: {
  title: string;
  centres: ComparedCentre[] | undefined;
  loading: boolean;
}) {
  const say = useSay();
  return (
    <Box component="section" aria-labelledby="centres-heading">
      <Typography id="centres-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading && <LinearProgress aria-label={say("dashboard.loadingCentres")} />}
      {centres?.length === 0 && <Alert severity="info">{say("dashboard.noCentres")}</Alert>}
      <Grid container spacing={2}>
        {centres?.map((centre) => (
          <Grid key={centre.id} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card variant="outlined" component="article" aria-label={centre.name} sx={{ height: "100%" }}>
              <CardContent>
                <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                    {centre.name}
                  </Typography>
                  <Chip
                    size="small"
                    label={centre.is_active ? say("dashboard.active") : say("dashboard.inactive")}
                    color={centre.is_active ? "success" : "default"}
                  />
                </Stack>
                <Stack direction="row" spacing={3} sx={{ mt: 1.5 }}>
                  <Figure label={say("dashboard.students")} value={formatNumber(centre.student_count)} />
                  <Figure label={say("dashboard.staff")} value={formatNumber(centre.staff_count)} />
                  <Figure label={say("dashboard.classrooms")} value={formatNumber(centre.classroom_count)} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                  {say("dashboard.occupancy", { percent: centre.occupancy, capacity: formatNumber(centre.capacity) })}
                  {centre.rooms_out_of_ratio > 0
                    ? say("dashboard.outOfRatio", { count: centre.rooms_out_of_ratio })
                    : ""}
                </Typography>
              </CardContent>
              <CardActions>
                <Button component={RouterLink} to={`/center-director?centerId=${centre.id}`} size="small">
                  {say("dashboard.viewDetails")}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
