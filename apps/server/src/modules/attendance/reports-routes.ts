import { type ReportAnswer, reportAnswer, reportQuery } from "@sprout/shared/schemas/attendance";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { reportCsv, reportXlsx } from "./report-files.ts";
import type { ReportsService } from "./reports.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Attendance reports as JSON for the screen, or as a .xlsx or CSV download. */
export function attendanceReportRoutes({ reports }: { reports: ReportsService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      "/attendance/reports",
      {
        config: { access: { action: "attendance.readReports" } },
        schema: {
          summary: "Daily attendance per classroom, monthly per child, or staff hours; as JSON, .xlsx or CSV",
          tags: ["attendance"],
          querystring: reportQuery,
          response: { 200: reportAnswer, 400: error, 401: error, 403: error, 404: error },
        },
      },
      async (request, reply) => {
        const report = await reports.report(request.caller, request.query);
        if (request.query.format === "json") return report;
        const name = `${report.title.replace(/\s+/g, "-").toLowerCase()}.${request.query.format}`;
        const file = request.query.format === "csv" ? reportCsv(report) : await reportXlsx(report);
        return (
          reply
            .type(request.query.format === "csv" ? "text/csv; charset=utf-8" : XLSX)
            .header("Content-Disposition", `attachment; filename="${name}"`)
            .header("Cache-Control", "no-store")
            // Fastify sends a Buffer as it is; the JSON response schema applies to the JSON answer only.
            .send(file as unknown as ReportAnswer)
        );
      },
    );
  };
}
