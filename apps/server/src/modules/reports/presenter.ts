import {
  AGEING_BUCKETS,
  AGEING_LABELS,
  type AttendanceReport,
  type CentersReport,
  type DuesReport,
  type EnquiriesReport,
  type EnrolmentReport,
  REPORT_TITLES,
  type ReportName,
  type Reports,
  type RevenueReport,
} from "@sprout/shared/schemas/reports";

/** A report as one spreadsheet table: the same figures the page shows, column by column. */
export interface Sheet {
  title: string;
  columns: { header: string; key: string; width: number; kind?: "money" | "percent" | "date" }[];
  rows: Record<string, string | number | Date | null>[];
}

const asDate = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

const SHEETS: { [K in ReportName]: (report: Reports[K]) => Omit<Sheet, "title"> } = {
  enrolment: (report: EnrolmentReport) => ({
    columns: [
      { header: "Month", key: "month", width: 12 },
      { header: "Enrolled", key: "enrolled", width: 12 },
      { header: "Joined", key: "joined", width: 10 },
      { header: "Left", key: "left", width: 10 },
      { header: "Capacity", key: "capacity", width: 12 },
      { header: "Occupancy %", key: "occupancy", width: 14, kind: "percent" },
    ],
    rows: report.months.map((row) => ({ ...row, capacity: report.capacity })),
  }),
  attendance: (report: AttendanceReport) => ({
    columns: [
      { header: "Date", key: "date", width: 12, kind: "date" },
      { header: "Present", key: "present", width: 10 },
      { header: "Absent", key: "absent", width: 10 },
    ],
    rows: report.days.map((row) => ({ date: asDate(row.date), present: row.present, absent: row.absent })),
  }),
  revenue: (report: RevenueReport) => ({
    columns: [
      { header: "Month", key: "month", width: 12 },
      { header: "Invoices", key: "invoices", width: 10 },
      { header: "Invoiced", key: "invoiced", width: 16, kind: "money" },
      { header: "Payments", key: "payments", width: 10 },
      { header: "Received", key: "received", width: 16, kind: "money" },
      { header: "Collection %", key: "collection_rate", width: 14, kind: "percent" },
    ],
    rows: report.months,
  }),
  dues: (report: DuesReport) => ({
    columns: [
      { header: "Center", key: "name", width: 28 },
      ...AGEING_BUCKETS.map((bucket) => ({
        header: AGEING_LABELS[bucket],
        key: bucket,
        width: 16,
        kind: "money" as const,
      })),
      { header: "Total", key: "total", width: 16, kind: "money" },
    ],
    rows: report.centers.map((centre) => ({
      name: centre.name,
      ...Object.fromEntries(AGEING_BUCKETS.map((bucket, index) => [bucket, centre.amounts[index] ?? 0])),
      total: centre.total,
    })),
  }),
  enquiries: (report: EnquiriesReport) => ({
    columns: [
      { header: "Source", key: "source", width: 24 },
      { header: "Enquiries", key: "enquiries", width: 12 },
      { header: "Converted", key: "converted", width: 12 },
      { header: "Conversion %", key: "conversion", width: 14, kind: "percent" },
    ],
    rows: report.sources,
  }),
  centers: (report: CentersReport) => {
    const money = report.centers.some((row) => row.invoiced !== undefined);
    return {
      columns: [
        { header: "Center", key: "name", width: 28 },
        { header: "Capacity", key: "capacity", width: 10 },
        { header: "Enrolled", key: "enrolled", width: 10 },
        { header: "Occupancy %", key: "occupancy", width: 14, kind: "percent" },
        { header: "Child-days Present", key: "present_days", width: 18 },
        { header: "Enquiries", key: "enquiries", width: 10 },
        { header: "Converted", key: "converted", width: 10 },
        ...(money
          ? [
              { header: "Invoiced", key: "invoiced", width: 16, kind: "money" as const },
              { header: "Received", key: "received", width: 16, kind: "money" as const },
            ]
          : []),
      ],
      rows: report.centers.map(({ id: _id, ...row }) => row),
    };
  },
};

export function toSheet<K extends ReportName>(name: K, report: Reports[K]): Sheet {
  const sheet: (typeof SHEETS)[K] = SHEETS[name];
  return { title: REPORT_TITLES[name], ...sheet(report) };
}
