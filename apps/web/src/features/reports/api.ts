import { center } from "@sprout/shared/schemas/centers";
import { REPORT_SCHEMAS, type ReportName, type ReportQuery, type Reports } from "@sprout/shared/schemas/reports";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiDownload, saveDownload } from "../../api/client";

/** Each report's answer schema, typed per name so that a report's hook returns that report. */
const SCHEMAS: { [K in ReportName]: z.ZodType<Reports[K]> } = REPORT_SCHEMAS;

const query = (filters: ReportQuery) => ({
  from: filters.from || undefined,
  to: filters.to || undefined,
  center_id: filters.center_id || undefined,
});

export function useReport<K extends ReportName>(name: K, filters: ReportQuery, enabled: boolean) {
  return useQuery({
    queryKey: ["reports", name, filters],
    queryFn: ({ signal }): Promise<Reports[K]> => {
      const schema: z.ZodType<Reports[K]> = SCHEMAS[name];
      return api.get(`/reports/${name}`, schema, { signal, query: query(filters) });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The centres the filter offers: those the caller sees. */
export const useCentres = () =>
  useQuery({ queryKey: ["centers"], queryFn: ({ signal }) => api.get("/centers", z.array(center), { signal }) });

export const useReportDownload = () =>
  useMutation({
    mutationFn: async ({ name, filters }: { name: ReportName; filters: ReportQuery }) =>
      saveDownload(await apiDownload(`/reports/${name}/export`, { query: query(filters) }), `${name}_report.xlsx`),
  });
