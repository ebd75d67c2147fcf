import { Alert, Box, LinearProgress, MenuItem, Pagination, Stack, TextField, Typography } from "@mui/material";
import { PORTFOLIO_MESSAGES, type PortfolioItem } from "@sprout/shared/schemas/digital-portfolio";
import { type ReactNode, useState } from "react";
import { DEFAULT_FILTERS, type GalleryFilters, usePortfolio, usePortfolioMutations } from "./api";
import { MediaTile } from "./MediaTile";
import { MediaViewer } from "./MediaViewer";

const select = (label: string, value: string, options: [string, string][], onChange: (value: string) => void) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    sx={{ minWidth: { xs: "calc(50% - 8px)", sm: 150 } }}
  >
    {options.map(([key, text]) => (
      <MenuItem key={key} value={key}>
        {text}
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
  const [filters, setFilters] = useState<GalleryFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<PortfolioItem | null>(null);
  const items = usePortfolio(scope, childId, filters, page);
  const { favourite } = usePortfolioMutations();
  const set = (next: Partial<GalleryFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  if (scope === "child" && !childId) return <Alert severity="info">{PORTFOLIO_MESSAGES.noChild}</Alert>;
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mb: 2 }}>
        {extraFilters?.(filters, set)}
        {select(
          "Type",
          filters.type,
          [
            ["", "All"],
            ["image", "Photos"],
            ["video", "Videos"],
          ],
          (value) => set({ type: value as GalleryFilters["type"] }),
        )}
        {select(
          "Favourite",
          filters.favorite,
          [
            ["", "All"],
            ["true", "Favourites"],
            ["false", "Not favourites"],
          ],
          (value) => set({ favorite: value as GalleryFilters["favorite"] }),
        )}
        {select(
          "Sort by",
          filters.sortBy,
          [
            ["created_at", "Upload date"],
            ["title", "Title"],
            ["is_favorite", "Favourite"],
          ],
          (value) => set({ sortBy: value as GalleryFilters["sortBy"] }),
        )}
        {select(
          "Order",
          filters.sortOrder,
          [
            ["desc", "Descending"],
            ["asc", "Ascending"],
          ],
          (value) => set({ sortOrder: value as GalleryFilters["sortOrder"] }),
        )}
      </Stack>
      {items.isFetching && <LinearProgress aria-label="Loading portfolio" sx={{ mb: 1 }} />}
      {items.isError && <Alert severity="error">{PORTFOLIO_MESSAGES.loadFailed}</Alert>}
      {favourite.isError && <Alert severity="error">{favourite.error.message}</Alert>}
      {items.data && items.data.items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: "center" }}>
          {PORTFOLIO_MESSAGES.empty}
        </Typography>
      )}
      {items.data && items.data.items.length > 0 && (
        <Box
          component="ul"
          aria-label="Portfolio items"
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
