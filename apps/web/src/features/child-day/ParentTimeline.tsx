import type { SvgIconComponent } from "@mui/icons-material";
import Bedtime from "@mui/icons-material/Bedtime";
import Favorite from "@mui/icons-material/Favorite";
import Home from "@mui/icons-material/Home";
import Login from "@mui/icons-material/Login";
import Medication from "@mui/icons-material/Medication";
import PhotoCamera from "@mui/icons-material/PhotoCamera";
import PlayCircle from "@mui/icons-material/PlayCircle";
import Restaurant from "@mui/icons-material/Restaurant";
import Star from "@mui/icons-material/Star";
import Visibility from "@mui/icons-material/Visibility";
import Wc from "@mui/icons-material/Wc";
import { Alert, Box, CardActionArea, LinearProgress, Skeleton, Typography } from "@mui/material";
import type { TimelineEntry, TimelineKind } from "@sprout/shared/schemas/child-day-timeline";
import { useIntl } from "react-intl";
import { Link as RouterLink } from "react-router";
import { formatClockTime } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useMediaUrl } from "../digital-portfolio/api";
import { useChildTimeline } from "./api";
import { timelineLine } from "./timeline-lines";

const ICONS: Record<TimelineKind, SvgIconComponent> = {
  arrival: Login,
  departure: Home,
  meal: Restaurant,
  nap: Bedtime,
  potty: Wc,
  star: Star,
  health: Favorite,
  dose: Medication,
  observation: Visibility,
  photo: PhotoCamera,
};

/**
 * Today for one child as one story (issue 30, point 10), in time order, below the tiles. It
 * follows the day live: the page's socket events refetch it.
 */
export function ParentTimeline({ childId, childName }: { childId: string; childName: string }) {
  const timeline = useChildTimeline(childId);
  const say = useSay();
  return (
    <Box component="section" aria-labelledby="timeline-heading" sx={{ mt: 3 }}>
      {/* The tiles' heading just above already names the child. */}
      <Typography id="timeline-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {say("timeline.heading")}
      </Typography>
      {timeline.isPending && <LinearProgress aria-label={say("timeline.loading")} />}
      {timeline.isError && <Alert severity="error">{say("timeline.loadFailed")}</Alert>}
      {timeline.data?.entries.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 1 }}>
          {say("timeline.empty")}
        </Typography>
      )}
      {timeline.data && timeline.data.entries.length > 0 && (
        <Box
          component="ol"
          aria-label={say("timeline.childsDay", { name: childName })}
          sx={{ listStyle: "none", m: 0, p: 0 }}
        >
          {timeline.data.entries.map((entry, index) => (
            <Step
              key={`${entry.kind}-${entry.id}`}
              entry={entry}
              childId={childId}
              say={say}
              last={index === timeline.data.entries.length - 1}
            />
          ))}
        </Box>
      )}
      {timeline.data?.truncated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {say("timeline.truncated")}
        </Typography>
      )}
    </Box>
  );
}

/** One moment of the day: its time, an icon on the day's line, and what happened. */
function Step({ entry, childId, last, say }: { entry: TimelineEntry; childId: string; last: boolean; say: Say }) {
  const Icon = ICONS[entry.kind];
  const { primary, secondary } = timelineLine(entry, say);
  return (
    <Box
      component="li"
      data-testid={`timeline-${entry.kind}`}
      sx={{ display: "grid", gridTemplateColumns: "4.75rem 2rem 1fr", columnGap: 1, alignItems: "start" }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ pt: 0.75, textAlign: "right", whiteSpace: "nowrap" }}>
        {entry.time ? formatClockTime(entry.time) : "—"}
      </Typography>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", alignSelf: "stretch" }} aria-hidden>
        <Box
          sx={{
            width: 32,
            height: 32,
            borderRadius: "50%",
            bgcolor: "primary.main",
            color: "primary.contrastText",
            display: "grid",
            placeItems: "center",
            flexShrink: 0,
          }}
        >
          <Icon sx={{ fontSize: 18 }} />
        </Box>
        {!last && <Box sx={{ flexGrow: 1, width: 2, bgcolor: "divider", minHeight: 12 }} />}
      </Box>
      <Box sx={{ pb: 2, pt: 0.5, minWidth: 0, overflowWrap: "anywhere" }}>
        <Typography sx={{ fontWeight: 600 }}>{primary}</Typography>
        {secondary && (
          <Typography variant="body2" color="text.secondary">
            {secondary}
          </Typography>
        )}
        {entry.kind === "photo" && <Thumbnail entry={entry} childId={childId} />}
      </Box>
    </Box>
  );
}

/** A photo inline, fetched through the portfolio's access-checked route; it opens the gallery. */
function Thumbnail({ entry, childId }: { entry: Extract<TimelineEntry, { kind: "photo" }>; childId: string }) {
  const thumb = useMediaUrl(entry.thumbnail_url);
  const intl = useIntl();
  const label =
    entry.title || intl.formatMessage({ id: entry.media_type === "video" ? "timeline.video" : "timeline.photo" });
  return (
    <CardActionArea
      component={RouterLink}
      to={`/digital-portfolio?child=${childId}`}
      aria-label={intl.formatMessage({ id: "timeline.openInGallery" }, { label })}
      sx={{ mt: 1, width: 160, borderRadius: 1, overflow: "hidden" }}
    >
      <Box sx={{ aspectRatio: "4 / 3", bgcolor: "grey.100", display: "grid", placeItems: "center" }}>
        {thumb.data ? (
          <Box
            component="img"
            src={thumb.data}
            alt={label}
            sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block", gridArea: "1 / 1" }}
          />
        ) : (
          entry.thumbnail_url && (
            <Skeleton variant="rectangular" width="100%" height="100%" sx={{ gridArea: "1 / 1" }} />
          )
        )}
        {entry.media_type === "video" && (
          <PlayCircle sx={{ gridArea: "1 / 1", fontSize: 40, color: thumb.data ? "common.white" : "primary.main" }} />
        )}
      </Box>
    </CardActionArea>
  );
}
