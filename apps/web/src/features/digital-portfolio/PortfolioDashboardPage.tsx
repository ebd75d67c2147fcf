import PhotoLibrary from "@mui/icons-material/PhotoLibrary";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { PieChart } from "@mui/x-charts/PieChart";
import { PORTFOLIO_ACTIVITY_DAYS, PORTFOLIO_TOP } from "@sprout/shared/schemas/digital-portfolio";
import { type ReactNode, useState } from "react";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";
import { useCentreStats } from "./api";
import { CentreFigures } from "./CentreFigures";
import { UploadsByDay, UploadsPerTeacher } from "./PortfolioCharts";
import { PortfolioGallery } from "./PortfolioGallery";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The admin portfolio dashboard (spec 3 "/admin/portfolios"), figures from the caller's centres. */
export function PortfolioDashboardPage() {
  const say = useSay();
  const stats = useCentreStats();
  const [showAll, setShowAll] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const data = stats.data;

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {say("digitalPortfolio.dashboardTitle")}
        </Typography>
        <Button variant="outlined" startIcon={<PhotoLibrary />} onClick={() => setShowAll(true)}>
          {say("digitalPortfolio.viewAllPhotos")}
        </Button>
      </Box>
      {stats.isPending && <LinearProgress aria-label={say("digitalPortfolio.loadingStatistics")} />}
      {stats.isError && <Alert severity="error">{say("digitalPortfolio.statsFailed")}</Alert>}
      {data && (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(6, minmax(0, 1fr))" },
          }}
        >
          <Box sx={{ gridColumn: "1 / -1" }}>
            <CentreFigures overall={data.overall} />
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 4" } }}>
            <Panel title={say("digitalPortfolio.uploadsLastDays", { days: PORTFOLIO_ACTIVITY_DAYS })}>
              <UploadsByDay days={data.recentActivity} />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 2" } }}>
            <Panel title={say("digitalPortfolio.photosAndVideos")}>
              <PieChart
                height={200}
                series={[
                  {
                    innerRadius: 40,
                    data: [
                      { id: 0, value: data.overall.images, label: say("digitalPortfolio.figurePhotos") },
                      { id: 1, value: data.overall.videos, label: say("digitalPortfolio.figureVideos") },
                    ],
                  },
                ]}
              />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 3" } }}>
            <Panel title={say("digitalPortfolio.uploadsPerTeacher")}>
              {data.teacherUploads.length === 0 ? (
                <Typography color="text.secondary">{say("digitalPortfolio.noUploads")}</Typography>
              ) : (
                <UploadsPerTeacher teachers={data.teacherUploads} />
              )}
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 3" } }}>
            <Panel title={say("digitalPortfolio.mostActiveChildrenTop", { top: PORTFOLIO_TOP })}>
              <List dense aria-label={say("digitalPortfolio.mostActiveChildren")}>
                {data.topChildren.map((child) => (
                  <ListItem key={child.child_id} disableGutters>
                    <ListItemText
                      primary={child.child_name}
                      secondary={say("digitalPortfolio.childLine", {
                        items: child.total_items,
                        favourites: child.favorites,
                      })}
                    />
                  </ListItem>
                ))}
                {data.topChildren.length === 0 && (
                  <Typography color="text.secondary">{say("digitalPortfolio.noPhotos")}</Typography>
                )}
              </List>
            </Panel>
          </Box>
          <Box sx={{ gridColumn: "1 / -1" }}>
            <Panel title={say("digitalPortfolio.activeTeachersTop", { top: PORTFOLIO_TOP })}>
              <List dense aria-label={say("digitalPortfolio.activeTeachers")}>
                {data.activeTeachers.map((teacher) => (
                  <ListItem key={teacher.teacher_id} disableGutters>
                    <ListItemText
                      primary={teacher.teacher_name}
                      secondary={`${say("digitalPortfolio.teacherLine", {
                        uploads: teacher.total_uploads,
                        favourites: teacher.favorites_marked,
                      })}${
                        teacher.latest_upload
                          ? say("digitalPortfolio.latest", { date: formatDate(teacher.latest_upload) })
                          : ""
                      }`}
                    />
                  </ListItem>
                ))}
                {data.activeTeachers.length === 0 && (
                  <Typography color="text.secondary">{say("digitalPortfolio.noUploads")}</Typography>
                )}
              </List>
            </Panel>
          </Box>
        </Box>
      )}
      <Dialog open={showAll} onClose={() => setShowAll(false)} fullScreen={phone} maxWidth="lg" fullWidth>
        <DialogTitle>{say("digitalPortfolio.allPhotos")}</DialogTitle>
        <DialogContent>
          {showAll && <PortfolioGallery scope="centre" childId={null} canFavourite={false} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShowAll(false)}>{say("digitalPortfolio.close")}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
