import { PassThrough } from "node:stream";
import type { Language } from "@sprout/shared/i18n/languages";
import type { ReportName } from "@sprout/shared/schemas/reports";
import type ExcelJS from "exceljs";
import type { Caller } from "../../auth/caller.ts";
import { intlFor } from "../../i18n/intl.ts";
import type { Clock } from "../../lib/clock.ts";
import { fileStamp } from "../../lib/file-stamp.ts";
import { loadExcel } from "../../lib/xlsx-stream.ts";
import { type Sheet, toSheet } from "./presenter.ts";
import type { ReportQueryInput, ReportsService } from "./service.ts";

const FORMATS = { money: '"₹"#,##0.00', percent: '0.0"%"', date: "dd/mm/yyyy" } as const;

/** Excel refuses sheet names longer than 31 characters or holding any of [ ] : * ? / \ . */
const sheetName = (title: string) => title.replaceAll(/[[\]:*?/\\]/g, " ").slice(0, 31);

function write(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: Sheet, subtitle: string) {
  const worksheet = workbook.addWorksheet(sheetName(sheet.title), { views: [{ state: "frozen", ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style: column.kind ? { numFmt: FORMATS[column.kind] } : {},
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  for (const row of sheet.rows) worksheet.addRow(row).commit();
  worksheet.addRow([]).commit();
  worksheet.addRow([subtitle]).commit();
  worksheet.commit();
}

/** Each report as an .xlsx download, streamed like the budget export (small: one row a month or day). */
export function createReportExport({ reports, clock }: { reports: ReportsService; clock: Clock }) {
  return {
    async exportReport<K extends ReportName>(
      caller: Caller,
      name: K,
      query: ReportQueryInput,
      language: Language = "en",
    ) {
      const intl = intlFor(language);
      const report = await reports.report(caller, name, query);
      // Named by the centre's clock, not UTC's (issue 30, point 8).
      const stamp = fileStamp(await reports.timeZone(caller, query), clock.now());
      const sheet = toSheet(name, report, language);
      const range =
        "as_of" in report
          ? intl.formatMessage({ id: "reports.server.asOf" }, { date: report.as_of })
          : intl.formatMessage({ id: "reports.server.fromTo" }, { from: report.from, to: report.to });
      const stream = new PassThrough();
      const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      workbook.creator = "Sprout";
      workbook.created = clock.now();
      write(workbook, sheet, range);
      workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
      return { stream, fileName: `${name}_report_${stamp}.xlsx` };
    },
  };
}
