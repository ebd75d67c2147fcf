import { kioskMatches, kioskResult } from "@sprout/shared/schemas/attendance";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../api/client";

/** The kiosk's calls: names typed on the tablet, and actions confirmed with a person's own PIN. */
export const useKioskSearch = (q: string, centerId?: string) =>
  useQuery({
    queryKey: ["kiosk", "search", centerId ?? "own", q],
    queryFn: () => api.get("/attendance/kiosk/search", kioskMatches, { query: { q, center_id: centerId } }),
    enabled: q.trim().length >= 2,
    staleTime: 0,
  });

export function useKioskActions() {
  const queryClient = useQueryClient();
  // The next family must not see the statuses from before this change.
  const onSuccess = () => queryClient.removeQueries({ queryKey: ["kiosk", "search"] });
  return {
    child: useMutation({
      mutationFn: (input: { student_id: string; pin: string; action: "check_in" | "check_out" }) =>
        api.post("/attendance/kiosk/child", input, kioskResult),
      onSuccess,
    }),
    staff: useMutation({
      mutationFn: (input: { user_id: string; pin: string }) => api.post("/attendance/kiosk/staff", input, kioskResult),
      onSuccess,
    }),
    unlock: useMutation({
      mutationFn: (password: string) =>
        api.post("/attendance/kiosk/unlock", { password }, z.object({ unlocked: z.boolean() })),
    }),
  };
}

export const useSetPin = () =>
  useMutation({
    mutationFn: (pin: string) => api.put("/attendance/pin", { pin }, z.object({ has_pin: z.boolean() })),
  });
