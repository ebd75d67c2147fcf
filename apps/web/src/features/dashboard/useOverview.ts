import { overviewResponse } from "@sprout/shared/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

export function useOverview() {
  return useQuery({
    queryKey: ["analytics", "overview"],
    queryFn: ({ signal }) => api.get("/analytics/overview", overviewResponse, { signal }),
  });
}
