import { Box } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { LineChart } from "@mui/x-charts/LineChart";
import type { CenterStats } from "@sprout/shared/schemas/digital-portfolio";
import { countAxis, useCategoryXAxis } from "../../components/charts/categoryAxis";
import { formatDate } from "../../format";
import { useSay } from "../../i18n/useSay";

/** Uploads on each of the last days: day and month only, since the days are the last few. */
export function UploadsByDay({ days }: { days: CenterStats["recentActivity"] }) {
  const say = useSay();
  const labels = days.map((day) => formatDate(day.upload_date).slice(0, 5));
  const { ref, axis, margin } = useCategoryXAxis(labels, { scale: "point" });
  return (
    <Box ref={ref}>
      <LineChart
        height={240}
        margin={margin}
        xAxis={[{ scaleType: "point", data: labels, ...axis }]}
        yAxis={[countAxis(days.map((day) => day.items_count))]}
        series={[
          { data: days.map((day) => day.items_count), label: say("digitalPortfolio.uploadsSeries"), area: true },
        ]}
      />
    </Box>
  );
}

/** The busiest teachers' uploads; a name that does not fit is slanted or shortened, whole in the tooltip. */
export function UploadsPerTeacher({ teachers }: { teachers: CenterStats["teacherUploads"] }) {
  const say = useSay();
  const labels = teachers.map((teacher) => teacher.teacher_name);
  const { ref, axis } = useCategoryXAxis(labels, { scale: "band" });
  return (
    <Box ref={ref}>
      <BarChart
        height={240}
        xAxis={[{ scaleType: "band", data: labels, ...axis }]}
        yAxis={[countAxis(teachers.map((teacher) => teacher.total_uploads))]}
        series={[
          { data: teachers.map((teacher) => teacher.total_uploads), label: say("digitalPortfolio.uploadsSeries") },
        ]}
      />
    </Box>
  );
}
