import { type ReportName, type Reports, reportQuery } from "@sprout/shared/schemas/reports";
import type { z } from "zod";
import type { Caller } from "../../auth/caller.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { centersReport } from "./centers.ts";
import { duesReport, revenueReport } from "./finance.ts";
import { attendanceReport, enquiriesReport, enrolmentReport } from "./operations.ts";
import { assertMayRead, seesMoney } from "./policy.ts";
import { type ReportRange, resolveRange } from "./range.ts";

export type ReportQueryInput = z.input<typeof reportQuery>;

type Build = { [K in ReportName]: (db: Database, range: ReportRange, caller: Caller) => Promise<Reports[K]> };

const BUILD: Build = {
  enrolment: enrolmentReport,
  attendance: attendanceReport,
  revenue: revenueReport,
  dues: duesReport,
  enquiries: enquiriesReport,
  centers: (db, range, caller) => centersReport(db, range, seesMoney(caller)),
};

/** Reports & Analytics: each report for the caller's centres (or the chosen one) over a range. */
export function createReportsService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async report<K extends ReportName>(caller: Caller, name: K, raw: ReportQueryInput): Promise<Reports[K]> {
      assertMayRead(caller, name);
      const range = await resolveRange(db, clock, caller, reportQuery.parse(raw));
      const build: Build[K] = BUILD[name];
      return build(db, range, caller);
    },

    /** The time zone the caller's report is read in (its download is named by that clock). */
    async timeZone(caller: Caller, raw: ReportQueryInput): Promise<string> {
      return (await resolveRange(db, clock, caller, reportQuery.parse(raw))).timeZone;
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
