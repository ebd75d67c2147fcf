import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { Language } from "@sprout/shared/i18n/languages";
import {
  AGEING_BUCKETS,
  AGEING_LABEL_IDS,
  type AttendanceReport,
  type CentersReport,
  type DuesReport,
  type EnquiriesReport,
  type EnrolmentReport,
  REPORT_TITLE_IDS,
  type ReportName,
  type Reports,
  type RevenueReport,
} from "@sprout/shared/schemas/reports";
import { intlFor } from "../../i18n/intl.ts";

/** A report as one spreadsheet table: the same figures the page shows, column by column. */
export interface Sheet {
  title: string;
  columns: { header: string; key: string; width: number; kind?: "money" | "percent" | "date" }[];
  rows: Record<string, string | number | Date | null>[];
}

const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** A sheet as the presenter lays it out: each header a catalogue message, said in the reader's language. */
interface Layout {
  columns: (Omit<Sheet["columns"][number], "header"> & { header: MessageId })[];
  rows: Sheet["rows"];
}

const SHEETS: { [K in ReportName]: (report: Reports[K]) => Layout } = {
  enrolment: (report: EnrolmentReport) => ({
    columns: [
      { header: "reports.month", key: "month", width: 12 },
      { header: "reports.enrolled", key: "enrolled", width: 12 },
      { header: "reports.joined", key: "joined", width: 10 },
      { header: "reports.left", key: "left", width: 10 },
      { header: "reports.server.capacity", key: "capacity", width: 12 },
      { header: "reports.occupancyPercent", key: "occupancy", width: 14, kind: "percent" },
    ],
    rows: report.months.map((row) => ({ ...row, capacity: report.capacity })),
  }),
  attendance: (report: AttendanceReport) => ({
    columns: [
      { header: "reports.server.date", key: "date", width: 12, kind: "date" },
      { header: "reports.present", key: "present", width: 10 },
      { header: "reports.absent", key: "absent", width: 10 },
    ],
    rows: report.days.map((row) => ({ date: asDate(row.date), present: row.present, absent: row.absent })),
  }),
  revenue: (report: RevenueReport) => ({
    columns: [
      { header: "reports.month", key: "month", width: 12 },
      { header: "reports.invoices", key: "invoices", width: 10 },
      { header: "reports.invoiced", key: "invoiced", width: 16, kind: "money" },
      { header: "reports.payments", key: "payments", width: 10 },
      { header: "reports.received", key: "received", width: 16, kind: "money" },
      { header: "reports.server.collectionPercent", key: "collection_rate", width: 14, kind: "percent" },
    ],
    rows: report.months,
  }),
  dues: (report: DuesReport) => ({
    columns: [
      { header: "reports.center", key: "name", width: 28 },
      ...AGEING_BUCKETS.map((bucket) => ({
        header: AGEING_LABEL_IDS[bucket],
        key: bucket,
        width: 16,
        kind: "money" as const,
      })),
      { header: "reports.total", key: "total", width: 16, kind: "money" },
    ],
    rows: report.centers.map((centre) => ({
      name: centre.name,
      ...Object.fromEntries(AGEING_BUCKETS.map((bucket, index) => [bucket, centre.amounts[index] ?? 0])),
      total: centre.total,
    })),
  }),
  enquiries: (report: EnquiriesReport) => ({
    columns: [
      { header: "reports.source", key: "source", width: 24 },
      { header: "reports.enquiries", key: "enquiries", width: 12 },
      { header: "reports.converted", key: "converted", width: 12 },
      { header: "reports.server.conversionPercent", key: "conversion", width: 14, kind: "percent" },
    ],
    rows: report.sources,
  }),
  centers: (report: CentersReport) => {
    const money = report.centers.some((row) => row.invoiced !== undefined);
    return {
      columns: [
        { header: "reports.center", key: "name", width: 28 },
        { header: "reports.server.capacity", key: "capacity", width: 10 },
        { header: "reports.enrolled", key: "enrolled", width: 10 },
        { header: "reports.occupancyPercent", key: "occupancy", width: 14, kind: "percent" },
        { header: "reports.server.childDaysPresent", key: "present_days", width: 18 },
        { header: "reports.enquiries", key: "enquiries", width: 10 },
        { header: "reports.converted", key: "converted", width: 10 },
        ...(money
          ? ([
              { header: "reports.invoiced", key: "invoiced", width: 16, kind: "money" },
              { header: "reports.received", key: "received", width: 16, kind: "money" },
            ] satisfies Layout["columns"])
          : []),
      ],
      rows: report.centers.map(({ id: _id, ...row }) => row),
    };
  },
};

/** A report's sheet in one language (English unless the reader chose another). */
export function toSheet<K extends ReportName>(name: K, report: Reports[K], language: Language = "en"): Sheet {
  const intl = intlFor(language);
  const sheet: (typeof SHEETS)[K] = SHEETS[name];
  const { columns, rows } = sheet(report);
  return {
    title: intl.formatMessage({ id: REPORT_TITLE_IDS[name] }),
    columns: columns.map((column) => ({ ...column, header: intl.formatMessage({ id: column.header }) })),
    rows,
  };
}
