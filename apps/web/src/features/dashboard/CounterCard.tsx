import type { SvgIconComponent } from "@mui/icons-material";
import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { formatNumber } from "../../format";

interface Props {
  label: string;
  /** Undefined while loading (a skeleton) or after a failed load (a dash). */
  value: number | undefined;
  loading: boolean;
  to: string;
  icon: SvgIconComponent;
  color: string;
  /** How the value reads (money); a count by default. */
  format?: (value: number) => string;
  /** A second figure under the value (e.g. what was invoiced beside what was received). */
  caption?: string;
  /** The test id of the value; by default from the page it opens. */
  testId?: string;
}

/** A figure that opens the area it counts. */
export function CounterCard({
  label,
  value,
  loading,
  to,
  icon: Icon,
  color,
  format = formatNumber,
  caption,
  testId,
}: Props) {
  return (
    <Card sx={{ height: "100%" }}>
      <CardActionArea component={RouterLink} to={to} sx={{ height: "100%" }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                display: "grid",
                placeItems: "center",
                bgcolor: `${color}1a`,
                color,
                flexShrink: 0,
              }}
            >
              <Icon aria-hidden />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {label}
              </Typography>
              <Typography
                variant="h4"
                component="p"
                data-testid={testId ?? `counter-${to.slice(1).split("?")[0]}`}
                sx={{ overflowWrap: "anywhere" }}
              >
                {value !== undefined ? format(value) : loading ? <Skeleton width={56} /> : "—"}
              </Typography>
              {caption && (
                <Typography variant="caption" color="text.secondary">
                  {caption}
                </Typography>
              )}
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
