import { Alert, Box, LinearProgress, MenuItem, Pagination, Stack, TextField, Typography } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { type ReactNode, useState } from "react";
import { type Say, useSay } from "../../i18n/useSay";
import { DEFAULT_FILTERS, type GalleryFilters, usePortfolio, usePortfolioMutations } from "./api";
import { MediaTile } from "./MediaTile";
import { MediaViewer } from "./MediaViewer";

const select = (
  say: Say,
  label: MessageId,
  value: string,
  options: [string, MessageId][],
  onChange: (value: string) => void,
) => (
  <TextField
    select
    size="small"
    label={say(label)}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    sx={{ minWidth: { xs: "calc(50% - 8px)", sm: 150 } }}
  >
    {options.map(([key, text]) => (
      <MenuItem key={key} value={key}>
        {say(text)}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * The portfolio gallery (spec 1): 12 a page with type, favourite, sort by and order filters;
 * `extraFilters` adds the centre view's child and teacher pickers.
 */
export function PortfolioGallery({
  scope,
  childId,
  canFavourite,
  extraFilters,
}: {
  scope: "child" | "centre";
  childId: string | null;
  canFavourite: boolean;
  extraFilters?: (filters: GalleryFilters, set: (next: Partial<GalleryFilters>) => void) => ReactNode;
}) {
  const say = useSay();
  const [filters, setFilters] = useState<GalleryFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<PortfolioItem | null>(null);
  const items = usePortfolio(scope, childId, filters, page);
  const { favourite } = usePortfolioMutations();
  const set = (next: Partial<GalleryFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  if (scope === "child" && !childId) return <Alert severity="info">{say("digitalPortfolio.noChild")}</Alert>;
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}>
        {extraFilters?.(filters, set)}
        {select(
          say,
          "digitalPortfolio.filterType",
          filters.type,
          [
            ["", "digitalPortfolio.filterAll"],
            ["image", "digitalPortfolio.filterPhotos"],
            ["video", "digitalPortfolio.filterVideos"],
          ],
          (value) => set({ type: value as GalleryFilters["type"] }),
        )}
        {select(
          say,
          "digitalPortfolio.filterFavourite",
          filters.favorite,
          [
            ["", "digitalPortfolio.filterAll"],
            ["true", "digitalPortfolio.filterFavourites"],
            ["false", "digitalPortfolio.filterNotFavourites"],
          ],
          (value) => set({ favorite: value as GalleryFilters["favorite"] }),
        )}
        {select(
          say,
          "digitalPortfolio.sortBy",
          filters.sortBy,
          [
            ["created_at", "digitalPortfolio.sortUploadDate"],
            ["title", "digitalPortfolio.sortTitle"],
            ["is_favorite", "digitalPortfolio.filterFavourite"],
          ],
          (value) => set({ sortBy: value as GalleryFilters["sortBy"] }),
        )}
        {select(
          say,
          "digitalPortfolio.order",
          filters.sortOrder,
          [
            ["desc", "digitalPortfolio.descending"],
            ["asc", "digitalPortfolio.ascending"],
          ],
          (value) => set({ sortOrder: value as GalleryFilters["sortOrder"] }),
        )}
      </Stack>
      {items.isFetching && <LinearProgress aria-label={say("digitalPortfolio.loadingPortfolio")} sx={{ mb: 1 }} />}
      {items.isError && <Alert severity="error">{say("digitalPortfolio.loadFailed")}</Alert>}
      {favourite.isError && <Alert severity="error">{favourite.error.message}</Alert>}
      {items.data && items.data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {say("digitalPortfolio.empty")}
        </Typography>
      )}
      {items.data && items.data.items.length > 0 && (
        <Box
          component="ul"
          aria-label={say("digitalPortfolio.portfolioItems")}
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 1.5,
            // minmax(0, 1fr): a long file name must not widen its column past the screen.
            gridTemplateColumns: {
              xs: "repeat(2, minmax(0, 1fr))",
              sm: "repeat(3, minmax(0, 1fr))",
              md: "repeat(4, minmax(0, 1fr))",
            },
          }}
        >
          {items.data.items.map((item) => (
            <li key={item.id}>
              <MediaTile
                item={item}
                onOpen={() => setOpen(item)}
                onFavourite={canFavourite ? (value) => favourite.mutate({ id: item.id, value }) : undefined}
              />
            </li>
          ))}
        </Box>
      )}
      {items.data && items.data.totalPages > 1 && (
        <Pagination
          sx={{ mt: 2, display: "flex", justifyContent: "center" }}
          count={items.data.totalPages}
          page={page}
          onChange={(_, next) => setPage(next)}
        />
      )}
      {open && <MediaViewer item={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
