import {
  centerComparison,
  coordinatorHome,
  financialOverview,
  insightsResponse,
  teacherHome,
} from "@sprout/shared/schemas/analytics";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

const KEY = ["analytics"] as const;

export const useFinancialOverview = (enabled = true) =>
  useQuery({
    queryKey: [...KEY, "financial-overview"],
    queryFn: ({ signal }) => api.get("/analytics/financial-overview", financialOverview, { signal }),
    enabled,
  });

export const useCenterComparison = () =>
  useQuery({
    queryKey: [...KEY, "center-comparison"],
    queryFn: ({ signal }) => api.get("/analytics/center-comparison", centerComparison, { signal }),
  });

export const useInsights = () =>
  useQuery({
    queryKey: [...KEY, "insights"],
    queryFn: ({ signal }) => api.get("/analytics/insights", insightsResponse, { signal }),
  });

export const useTeacherHome = () =>
  useQuery({
    queryKey: [...KEY, "teacher-home"],
    queryFn: ({ signal }) => api.get("/analytics/teacher-home", teacherHome, { signal }),
  });

export const useCoordinatorHome = () =>
  useQuery({
    queryKey: [...KEY, "coordinator-home"],
    queryFn: ({ signal }) => api.get("/analytics/coordinator-home", coordinatorHome, { signal }),
  });
