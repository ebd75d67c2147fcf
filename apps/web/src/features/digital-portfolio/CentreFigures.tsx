import { Box, Card, CardContent, Typography } from "@mui/material";
import { type CenterStats, formatStorage } from "@sprout/shared/schemas/digital-portfolio";
import { formatNumber } from "../../format";
import { useSay } from "../../i18n/useSay";

/** One figure; `name` keeps its test id the same in every language. */
function Figure({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" data-testid={`figure-${name}`}>
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
  const say = useSay();
  return (
    <Box
      role="group"
      aria-label={say("digitalPortfolio.centreStatistics")}
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
      <Figure
        name="Total items"
        label={say("digitalPortfolio.figureTotalItems")}
        value={formatNumber(overall.total_items)}
      />
      <Figure
        name="Storage used"
        label={say("digitalPortfolio.figureStorage")}
        value={formatStorage(overall.total_size)}
      />
      <Figure name="Photos" label={say("digitalPortfolio.figurePhotos")} value={formatNumber(overall.images)} />
      <Figure name="Videos" label={say("digitalPortfolio.figureVideos")} value={formatNumber(overall.videos)} />
      <Figure
        name="Children with portfolios"
        label={say("digitalPortfolio.figureChildren")}
        value={formatNumber(overall.children_with_portfolios)}
      />
      <Figure
        name="Active teachers"
        label={say("digitalPortfolio.figureTeachers")}
        value={formatNumber(overall.active_teachers)}
      />
    </Box>
  );
}
