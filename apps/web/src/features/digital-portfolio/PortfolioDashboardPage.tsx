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
import { PORTFOLIO_ACTIVITY_DAYS, PORTFOLIO_MESSAGES, PORTFOLIO_TOP } from "@sprout/shared/schemas/digital-portfolio";
import { type ReactNode, useState } from "react";
import { formatDate } from "../../format";
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
  const stats = useCentreStats();
  const [showAll, setShowAll] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const data = stats.data;

  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Digital Portfolios
        </Typography>
        <Button variant="outlined" startIcon={<PhotoLibrary />} onClick={() => setShowAll(true)}>
          View all photos
        </Button>
      </Box>
      {stats.isPending && <LinearProgress aria-label="Loading portfolio statistics" />}
      {stats.isError && <Alert severity="error">{PORTFOLIO_MESSAGES.statsFailed}</Alert>}
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
            <Panel title={`Uploads in the last ${PORTFOLIO_ACTIVITY_DAYS} days`}>
              <UploadsByDay days={data.recentActivity} />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 2" } }}>
            <Panel title="Photos and videos">
              <PieChart
                height={200}
                series={[
                  {
                    innerRadius: 40,
                    data: [
                      { id: 0, value: data.overall.images, label: "Photos" },
                      { id: 1, value: data.overall.videos, label: "Videos" },
                    ],
                  },
                ]}
              />
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 3" } }}>
            <Panel title="Uploads per teacher">
              {data.teacherUploads.length === 0 ? (
                <Typography color="text.secondary">No uploads yet</Typography>
              ) : (
                <UploadsPerTeacher teachers={data.teacherUploads} />
              )}
            </Panel>
          </Box>
          <Box sx={{ gridColumn: { xs: "1 / -1", md: "span 3" } }}>
            <Panel title={`Most active children (top ${PORTFOLIO_TOP})`}>
              <List dense aria-label="Most active children">
                {data.topChildren.map((child) => (
                  <ListItem key={child.child_id} disableGutters>
                    <ListItemText
                      primary={child.child_name}
                      secondary={`${child.total_items} items · ${child.favorites} favourites`}
                    />
                  </ListItem>
                ))}
                {data.topChildren.length === 0 && <Typography color="text.secondary">No photos yet</Typography>}
              </List>
            </Panel>
          </Box>
          <Box sx={{ gridColumn: "1 / -1" }}>
            <Panel title={`Active teachers (top ${PORTFOLIO_TOP})`}>
              <List dense aria-label="Active teachers">
                {data.activeTeachers.map((teacher) => (
                  <ListItem key={teacher.teacher_id} disableGutters>
                    <ListItemText
                      primary={teacher.teacher_name}
                      secondary={`${teacher.total_uploads} uploads · ${teacher.favorites_marked} favourites marked${
                        teacher.latest_upload ? ` · latest ${formatDate(teacher.latest_upload)}` : ""
                      }`}
                    />
                  </ListItem>
                ))}
                {data.activeTeachers.length === 0 && <Typography color="text.secondary">No uploads yet</Typography>}
              </List>
            </Panel>
          </Box>
        </Box>
      )}
      <Dialog open={showAll} onClose={() => setShowAll(false)} fullScreen={phone} maxWidth="lg" fullWidth>
        <DialogTitle>All photos</DialogTitle>
        <DialogContent>
          {showAll && <PortfolioGallery scope="centre" childId={null} canFavourite={false} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShowAll(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
