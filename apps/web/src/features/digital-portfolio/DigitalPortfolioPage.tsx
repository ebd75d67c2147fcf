import { Alert, Box, LinearProgress, MenuItem, Stack, Tab, Tabs, TextField, Typography } from "@mui/material";
import type { ChildConsent } from "@sprout/shared/schemas/digital-portfolio";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../auth/useSession";
import { useSay } from "../../i18n/useSay";
import { useCentreStats, useChildStats, usePortfolioChildren } from "./api";
import { CentreFigures } from "./CentreFigures";
import { ConsentCard } from "./ConsentCard";
import { PortfolioGallery } from "./PortfolioGallery";
import { UploadPanel } from "./UploadPanel";

const CENTRE_VIEW = new Set(["super_admin", "owner", "admin"]);

function ChildPicker({
  options,
  value,
  onChange,
  label,
}: {
  options: ChildConsent[];
  value: string;
  onChange: (id: string) => void;
  /** A filter's label; without one the picker chooses the child on screen. */
  label?: string;
}) {
  const say = useSay();
  return (
    <TextField
      select
      size="small"
      label={label ?? say("digitalPortfolio.child")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 220, maxWidth: { sm: 360 } }}
    >
      {label !== undefined && <MenuItem value="">{say("digitalPortfolio.allChildren")}</MenuItem>}
      {options.map((child) => (
        <MenuItem key={child.child_id} value={child.child_id}>
          {child.child_name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ChildFigures({ childId }: { childId: string }) {
  const say = useSay();
  const stats = useChildStats(childId);
  if (!stats.data) return null;
  const { total_items, favorites, images, videos } = stats.data;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="child-stats">
      {say("digitalPortfolio.childFigures", { items: total_items, photos: images, videos, favourites: favorites })}
    </Typography>
  );
}

/** Leaders' centre view: the centre statistics, then every child's items with child and teacher filters. */
function CentreView({ options }: { options: ChildConsent[] }) {
  const say = useSay();
  const stats = useCentreStats();
  const teachers = stats.data?.teacherUploads ?? [];
  return (
    <Stack spacing={2}>
      {stats.isPending && <LinearProgress aria-label={say("digitalPortfolio.loadingCentreStatistics")} />}
      {stats.isError && <Alert severity="error">{say("digitalPortfolio.statsFailed")}</Alert>}
      {stats.data && <CentreFigures overall={stats.data.overall} />}
      <PortfolioGallery
        scope="centre"
        childId={null}
        canFavourite={false}
        extraFilters={(filters, set) => (
          <>
            <ChildPicker
              label={say("digitalPortfolio.filterByChild")}
              options={options}
              value={filters.childId ?? ""}
              onChange={(id) => set({ childId: id || undefined })}
            />
            <TextField
              select
              size="small"
              label={say("digitalPortfolio.filterByTeacher")}
              value={filters.uploadedBy ?? ""}
              onChange={(event) => set({ uploadedBy: event.target.value || undefined })}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{say("digitalPortfolio.allTeachers")}</MenuItem>
              {teachers.map((teacher) => (
                <MenuItem key={teacher.teacher_id} value={teacher.teacher_id}>
                  {teacher.teacher_name}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      />
    </Stack>
  );
}

/**
 * /digital-portfolio (spec 1 and 3): teachers see Upload and Gallery tabs, parents their own
 * child's items read-only (with their photo consent), leaders the centre view.
 */
export function DigitalPortfolioPage() {
  const say = useSay();
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const children = usePortfolioChildren();
  const list = children.data?.children ?? [];
  const centreView = CENTRE_VIEW.has(user.role);
  const asked = params.get("child");
  // The child in the address, else (none named, or not one of the caller's) the first one.
  const child = list.find((one) => one.child_id === asked) ?? list[0];
  const tab = params.get("tab") === "upload" ? "upload" : "gallery";
  const setParam = (key: string, value: string, options?: { replace: boolean }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      return next;
    }, options);
  // The address always names the child on screen, so a reload or a shared link shows the same
  // child, and Back returns to the one chosen before (each choice is a step in the history).
  const shownId = centreView ? undefined : child?.child_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setParam is a new function each render; the ids decide
  useEffect(() => {
    if (shownId && asked !== shownId) setParam("child", shownId, { replace: true });
  }, [shownId, asked]);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {say("digitalPortfolio.pageTitle")}
      </Typography>
      {children.isPending && <LinearProgress aria-label={say("digitalPortfolio.loadingChildren")} />}
      {children.isError && <Alert severity="error">{say("digitalPortfolio.loadFailed")}</Alert>}
      {children.data && centreView && <CentreView options={list} />}
      {children.data && !centreView && (
        <Stack spacing={2}>
          {(user.role === "teacher" || list.length > 1) && (
            <ChildPicker
              options={list}
              value={child?.child_id ?? ""}
              onChange={(id) => id !== child?.child_id && setParam("child", id)}
            />
          )}
          {child && <ChildFigures childId={child.child_id} />}
          {/*
            Only the chosen child's consent, and a new form for each child: nothing typed for one
            child can be saved for another. Keys are unique among this Stack's children (React
            matches keyed siblings by key alone: the gallery's key must not be the same string).
          */}
          {user.role === "parent" && child && <ConsentCard key={`consent-${child.child_id}`} child={child} />}
          {user.role === "teacher" && (
            <Tabs
              value={tab}
              onChange={(_, value) => setParam("tab", value)}
              aria-label={say("digitalPortfolio.tabsLabel")}
            >
              <Tab value="gallery" label={say("digitalPortfolio.tabGallery")} />
              <Tab value="upload" label={say("digitalPortfolio.tabUpload")} />
            </Tabs>
          )}
          {user.role === "teacher" && tab === "upload" ? (
            child ? (
              <UploadPanel options={list} childId={child.child_id} onDone={() => setParam("tab", "gallery")} />
            ) : (
              <Alert severity="info">{say("digitalPortfolio.noChild")}</Alert>
            )
          ) : (
            <PortfolioGallery
              key={`gallery-${child?.child_id ?? "none"}`}
              scope="child"
              childId={child?.child_id ?? null}
              canFavourite={user.role === "teacher"}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
