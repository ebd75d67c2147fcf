import { Box, Card, CardContent, Typography } from "@mui/material";
import { type CenterStats, formatStorage } from "@sprout/shared/schemas/digital-portfolio";
import { formatNumber } from "../../format";

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={`figure-${label}`}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The centre statistics' figures (spec 3 portfolio stats): shown on the admin dashboard and above
 * the leaders' centre view of the gallery. Two a row on a phone, three on a tablet, six on a desktop.
 */
export function CentreFigures({ overall }: { overall: CenterStats["overall"] }) {
  return (
    <Box
      role="group"
      aria-label="Centre statistics"
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: {
          xs: "repeat(2, minmax(0, 1fr))",
          sm: "repeat(3, minmax(0, 1fr))",
          md: "repeat(6, minmax(0, 1fr))",
        },
      }}
    >
      <Figure label="Total items" value={formatNumber(overall.total_items)} />
      <Figure label="Storage used" value={formatStorage(overall.total_size)} />
      <Figure label="Photos" value={formatNumber(overall.images)} />
      <Figure label="Videos" value={formatNumber(overall.videos)} />
      <Figure label="Children with portfolios" value={formatNumber(overall.children_with_portfolios)} />
      <Figure label="Active teachers" value={formatNumber(overall.active_teachers)} />
    </Box>
  );
}
