import type { SvgIconComponent } from "@mui/icons-material";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Bedtime from "@mui/icons-material/Bedtime";
import Campaign from "@mui/icons-material/Campaign";
import Chat from "@mui/icons-material/Chat";
import EventNote from "@mui/icons-material/EventNote";
import Favorite from "@mui/icons-material/Favorite";
import Grading from "@mui/icons-material/Grading";
import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import Receipt from "@mui/icons-material/Receipt";
import ReportProblem from "@mui/icons-material/ReportProblem";
import Restaurant from "@mui/icons-material/Restaurant";
import School from "@mui/icons-material/School";
import Star from "@mui/icons-material/Star";
import Visibility from "@mui/icons-material/Visibility";
import Wc from "@mui/icons-material/Wc";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { lazy, memo, Suspense, useCallback } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { InBackground } from "../../components/InBackground";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useAnnouncementsTile } from "../communication/api";
import { useProgressCardTile } from "../development/progress-card-api";
import { PlayAndLearn, usePlayAndLearnLine } from "../lesson-plans/TodaysPlans";
import { useChildDaySummary } from "./api";
import { useBillingLine, useDueAssignments, useIncidentsLine, useMediaLine, useMessagesLine } from "./home-lines";
import { TILE_IDS, TILE_TITLES, type TileId, tileLine } from "./tiles";

// A tile's detail (a date picker, the health forms) loads when a tile is opened, not with the home.
const TileDetail = lazy(async () => ({ default: (await import("./TileDetail")).TileDetail }));
// The day's timeline and its icons load after the tiles (a section of its own below them).
const ParentTimeline = lazy(async () => ({ default: (await import("./ParentTimeline")).ParentTimeline }));
// The evening e-mail switch and the health schemas it reads run in a task of their own, after the tiles.
const DigestSwitch = lazy(async () => ({ default: (await import("./DigestSwitch")).DigestSwitch }));

const ICONS: Record<TileId, SvgIconComponent> = {
  diary: EventNote,
  food: Restaurant,
  sleep: Bedtime,
  potty: Wc,
  star: Star,
  health: Favorite,
  observations: Visibility,
};

/** A view the tiles open in place of the grid. */
type Detail = TileId | "play";

// Each of the ten calls behind the lines re-renders the grid when it answers; rebuilding all the
// tiles each time made long tasks on a phone. A tile renders again only when its own line changes.
const Tile = memo(function Tile({
  icon: Icon,
  title,
  line,
  opens,
  onOpen,
  to,
}: {
  icon: SvgIconComponent;
  title: string;
  /** Today's fact; none when it cannot be known (never filler text). */
  line: string | null;
  /** The detail view the tile opens through `onOpen`, or else the page `to` links to. */
  opens?: Detail;
  onOpen?: (detail: Detail) => void;
  to?: string;
}) {
  const link = to ? { component: RouterLink, to } : {};
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardActionArea
        {...link}
        onClick={opens && onOpen ? () => onOpen(opens) : undefined}
        aria-label={title}
        sx={{
          p: 1.5,
          height: "100%",
          display: "flex",
          flexDirection: "column",
          alignItems: "flex-start",
          minHeight: 96,
        }}
      >
        <Box sx={{ color: "primary.main", display: "flex" }} aria-hidden>
          <Icon />
        </Box>
        <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{title}</Typography>
        {line && (
          <Typography variant="body2" color="text.secondary" data-testid={`tile-line-${title}`}>
            {line}
          </Typography>
        )}
      </CardActionArea>
    </Card>
  );
});

/**
 * The parent portal's tiles for one child (issue 13): today's one-line facts, each opening a
 * detail view. Play and Learn shows today's lesson plan of the child's classroom; Share Media opens
 * the child's digital portfolio.
 */
export function ParentTiles({ childId, childName }: { childId: string; childName: string }) {
  const [params, setParams] = useSearchParams();
  const say = useSay();
  const summary = useChildDaySummary(childId);
  const planLine = usePlayAndLearnLine(childId);
  const assignments = useDueAssignments(childId);
  const dueCount = assignments.due?.length ?? 0;
  const playLine = dueCount > 0 ? say("tiles.toHandIn", { line: planLine ?? "", count: dueCount }) : planLine;
  const mediaLine = useMediaLine(childId);
  const messagesLine = useMessagesLine();
  const billingLine = useBillingLine(childId);
  const incidentsLine = useIncidentsLine(childId);
  const announcements = useAnnouncementsTile(childId);
  const progressCard = useProgressCardTile(childId);
  const open = TILE_IDS.find((tile) => tile === params.get("tile"));
  const show = useCallback(
    (tile: Detail | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (tile) next.set("tile", tile);
        else next.delete("tile");
        return next;
      }),
    [setParams],
  );

  if (params.get("tile") === "play") {
    return (
      <Box component="section" aria-label={say("tiles.detailFor", { tile: say("tiles.play"), name: childName })}>
        <Button startIcon={<ArrowBack />} onClick={() => show(null)} sx={{ mb: 1, minHeight: 44 }}>
          {say("tiles.back")}
        </Button>
        <Card variant="outlined">
          <CardContent>
            <PlayAndLearn childId={childId} childName={childName} />
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ mt: 2 }}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {say("tiles.assignmentsToHandIn")}
            </Typography>
            {assignments.due === null && !assignments.failed && (
              <LinearProgress aria-label={say("tiles.loadingAssignments")} />
            )}
            {assignments.failed && <Alert severity="error">{say("tiles.assignmentsFailed")}</Alert>}
            {assignments.due?.length === 0 && (
              <Typography color="text.secondary">{say("tiles.nothingDue", { name: childName })}</Typography>
            )}
            {assignments.due && assignments.due.length > 0 && (
              <List dense disablePadding aria-label={say("tiles.assignmentsToHandIn")}>
                {assignments.due.map((assignment) => (
                  <ListItem key={assignment.id} disableGutters>
                    <ListItemText
                      primary={assignment.title}
                      secondary={say("tiles.assignmentDue", {
                        date: formatDate(assignment.due_date as string),
                        classroom: assignment.classroom_name,
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            <Button component={RouterLink} to="/assignments" sx={{ mt: 1, minHeight: 44 }}>
              {say("tiles.openAssignments")}
            </Button>
          </CardContent>
        </Card>
      </Box>
    );
  }
  if (open) {
    return (
      <Box component="section" aria-label={say("tiles.detailFor", { tile: say(TILE_TITLES[open]), name: childName })}>
        <Button startIcon={<ArrowBack />} onClick={() => show(null)} sx={{ mb: 1, minHeight: 44 }}>
          {say("tiles.back")}
        </Button>
        <Suspense fallback={<LinearProgress aria-label={say("tiles.loadingTile", { tile: say(TILE_TITLES[open]) })} />}>
          <TileDetail tile={open} childId={childId} childName={childName} summary={summary.data} />
        </Suspense>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="child-day-heading">
      <Typography id="child-day-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {say("tiles.childsDay", { name: childName })}
      </Typography>
      {summary.isPending && <LinearProgress aria-label={say("tiles.loadingSummary")} />}
      {summary.isError && <Alert severity="error">{say("childDay.loadFailed")}</Alert>}
      {/* The tiles stand while today's facts load, so that the sections below do not jump when they arrive. */}
      {!summary.isError && (
        <Box
          sx={{
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
          }}
        >
          {TILE_IDS.map((tile) => (
            <Tile
              key={tile}
              icon={ICONS[tile]}
              title={say(TILE_TITLES[tile])}
              line={summary.data ? tileLine(tile, summary.data, say) : null}
              opens={tile}
              onOpen={show}
            />
          ))}
          <Tile
            icon={PhotoLibrary}
            title={say("tiles.media")}
            line={mediaLine}
            to={`/digital-portfolio?child=${childId}`}
          />
          <Tile icon={School} title={say("tiles.play")} line={playLine} opens="play" onOpen={show} />
          <Tile icon={Chat} title={say("tiles.messages")} line={messagesLine} to="/messaging" />
          <Tile icon={Campaign} title={say("tiles.announcements")} line={announcements.line} to={announcements.to} />
          <Tile icon={Receipt} title={say("tiles.billing")} line={billingLine} to={`/billing?child=${childId}`} />
          <Tile icon={ReportProblem} title={say("tiles.incidents")} line={incidentsLine} to="/incidents" />
          {progressCard && (
            <Tile icon={Grading} title={say("development.cards.tile")} line={progressCard.line} to={progressCard.to} />
          )}
        </Box>
      )}
      <InBackground>
        <Suspense fallback={<LinearProgress aria-label={say("tiles.loadingTimeline")} sx={{ mt: 3 }} />}>
          <ParentTimeline childId={childId} childName={childName} />
        </Suspense>
      </InBackground>
      <Box sx={{ mt: 2 }}>
        {/* It shows nothing until its answer arrives, so its call waits for the grid's to be sent. */}
        <InBackground>
          <Suspense fallback={null}>
            <DigestSwitch />
          </Suspense>
        </InBackground>
      </Box>
    </Box>
  );
}
