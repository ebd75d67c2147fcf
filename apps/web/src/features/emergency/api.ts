import {
  activeAlerts,
  alertsPage,
  areaOptions,
  type EmergencyAlertInput,
  staffAlert,
  triggerAnswer,
} from "@sprout/shared/schemas/emergency";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api } from "../../api/client";
import { useRealtime, useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["emergency"] as const;

/**
 * The caller's unresolved alerts. Socket events only say that something changed; the list is
 * fetched again through the API, which decides what this role may see.
 */
export function useActiveAlerts() {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("emergency-alert", refetch);
  useRealtimeEvent("emergency-notice", refetch);
  useRealtimeEvent("emergency-resolved", refetch);
  useRealtimeEvent("emergency-acknowledged", refetch);
  // Whatever happened while the socket was away is fetched when it comes back.
  const { socket } = useRealtime();
  useEffect(() => {
    socket?.on("connect", refetch);
    return () => {
      socket?.off("connect", refetch);
    };
  }, [socket, refetch]);
  return useQuery({ queryKey: [...KEY, "active"], queryFn: () => api.get("/emergency/active", activeAlerts) });
}

export const useAlerts = (status: "active" | "resolved", page: number) =>
  useQuery({
    queryKey: [...KEY, "list", status, page],
    queryFn: () => api.get("/emergency/alerts", alertsPage, { query: { status, page, limit: 10 } }),
  });

export const useAreas = (enabled: boolean) =>
  useQuery({ queryKey: [...KEY, "areas"], queryFn: () => api.get("/emergency/areas", areaOptions), enabled });

export function useEmergencyMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    trigger: useMutation({
      mutationFn: (input: EmergencyAlertInput) => api.post("/center-director/emergency/alert", input, triggerAnswer),
      onSuccess,
    }),
    acknowledge: useMutation({
      mutationFn: (id: string) => api.post(`/emergency/alerts/${id}/acknowledge`, undefined, staffAlert),
      onSuccess,
    }),
    resolve: useMutation({
      mutationFn: ({ id, notes }: { id: string; notes: string }) =>
        api.post(`/emergency/alerts/${id}/resolve`, { resolution_notes: notes }, staffAlert),
      onSuccess,
    }),
  };
}
