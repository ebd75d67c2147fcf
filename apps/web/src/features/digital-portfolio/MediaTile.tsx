import Favorite from "@mui/icons-material/Favorite";
import FavoriteBorder from "@mui/icons-material/FavoriteBorder";
import PlayCircle from "@mui/icons-material/PlayCircle";
import { Box, Card, CardActionArea, IconButton, Skeleton, Typography } from "@mui/material";
import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useMediaUrl } from "./api";

/** One gallery tile: the thumbnail first (the full file loads only when opened). */
export function MediaTile({
  item,
  onOpen,
  onFavourite,
}: {
  item: PortfolioItem;
  onOpen: () => void;
  /** Only teachers mark favourites; others see the mark. */
  onFavourite?: (value: boolean) => void;
}) {
  const say = useSay();
  const thumb = useMediaUrl(item.thumbnail_url);
  const label = item.title || item.file_name;
  return (
    <Card variant="outlined" sx={{ position: "relative" }}>
      <CardActionArea onClick={onOpen} aria-label={say("digitalPortfolio.openItem", { label })}>
        <Box sx={{ aspectRatio: "1 / 1", bgcolor: "grey.100", display: "grid", placeItems: "center" }}>
          {thumb.data ? (
            <Box
              component="img"
              src={thumb.data}
              alt={item.media_type === "video" ? say("digitalPortfolio.posterOf", { label }) : label}
              sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block", gridArea: "1 / 1" }}
            />
          ) : item.media_type === "video" && !item.thumbnail_url ? null : (
            <Skeleton variant="rectangular" width="100%" height="100%" sx={{ gridArea: "1 / 1" }} />
          )}
          {item.media_type === "video" && (
            <PlayCircle
              titleAccess={say("digitalPortfolio.video")}
              sx={{
                gridArea: "1 / 1",
                fontSize: thumb.data ? 48 : 56,
                color: thumb.data ? "common.white" : "primary.main",
                filter: thumb.data ? "drop-shadow(0 1px 3px rgba(0,0,0,.6))" : undefined,
              }}
            />
          )}
        </Box>
        <Box sx={{ p: 1, pr: 5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {label}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {item.child_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {formatDate(item.created_at)}
          </Typography>
        </Box>
      </CardActionArea>
      {onFavourite ? (
        <IconButton
          aria-label={say(item.is_favorite ? "digitalPortfolio.unmarkFavourite" : "digitalPortfolio.markFavourite", {
            label,
          })}
          aria-pressed={item.is_favorite}
          onClick={() => onFavourite(!item.is_favorite)}
          sx={{ position: "absolute", right: 4, bottom: 4 }}
        >
          {item.is_favorite ? <Favorite color="error" /> : <FavoriteBorder />}
        </IconButton>
      ) : (
        item.is_favorite && (
          <Favorite
            color="error"
            titleAccess={say("digitalPortfolio.favourite")}
            sx={{ position: "absolute", right: 12, bottom: 14 }}
          />
        )
      )}
    </Card>
  );
}
