import { REPORT_SCHEMAS, reportParams, reportQuery } from "@sprout/shared/schemas/reports";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageOf } from "../../i18n/intl.ts";
import type { createReportExport } from "./export.ts";
import type { ReportsService } from "./service.ts";

const error = z.looseObject({ error: z.string(), code: z.string() });
const refusals = { 400: error, 401: error, 403: error, 404: error };
const tags = ["reports"];
const anyReport = z.union(Object.values(REPORT_SCHEMAS));

interface Deps {
  reports: ReportsService;
  exports: ReturnType<typeof createReportExport>;
}

/** Reports & Analytics (/reports): each report as figures for the page and as an .xlsx download. */
export function reportsRoutes({ reports, exports }: Deps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      "/reports/:report",
      {
        config: { access: { action: "reports.read" } },
        schema: {
          summary: "One report (enrolment, attendance, revenue, dues, enquiries, centers) for a date range and centre",
          tags,
          params: reportParams,
          querystring: reportQuery,
          response: { 200: anyReport, ...refusals },
        },
      },
      async (request) => reports.report(request.caller, request.params.report, request.query),
    );

    api.get(
      "/reports/:report/export",
      {
        config: { access: { action: "reports.read" } },
        schema: {
          summary: "One report as an .xlsx workbook with the same figures, streamed",
          tags,
          params: reportParams,
          querystring: reportQuery,
          response: { 200: z.any().describe("The .xlsx workbook"), ...refusals },
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await exports.exportReport(
          request.caller,
          request.params.report,
          request.query,
          languageOf(request),
        );
        return reply
          .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
          .header("content-disposition", `attachment; filename="${fileName}"`)
          .header("cache-control", "private, no-store")
          .send(stream);
      },
    );
  };
}
