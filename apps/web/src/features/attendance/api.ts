import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import {
  type absentInput,
  attendanceRooms,
  type checkOutInput,
  type correctionInput,
  type Headcount,
  headcount,
  parentDay,
  type RosterChild,
  roster,
  staffOnDuty,
} from "@sprout/shared/schemas/attendance";
import { center } from "@sprout/shared/schemas/centers";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { z } from "zod";
import { api } from "../../api/client";
import { recordTap } from "../../offline/sendTaps";
import { useRealtime, useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["attendance"] as const;

/**
 * Attendance views refetch when the server says attendance changed at the centre (a tap on
 * another phone, a shift, a ratio setting), and when the socket comes back after a gap.
 */
function useLiveAttendance() {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: KEY }), [queryClient]);
  useRealtimeEvent("attendance-update", refetch);
  useRealtimeEvent("staff-status-update", refetch);
  useRealtimeEvent("emergency-alert", refetch);
  useRealtimeEvent("emergency-resolved", refetch);
  const { socket } = useRealtime();
  useEffect(() => {
    socket?.on("connect", refetch);
    return () => {
      socket?.off("connect", refetch);
    };
  }, [socket, refetch]);
}

/**
 * Centre-wide calls name the centre for those who reach several (`centerId`); without it the
 * server answers for the caller's own centre. `enabled` is false until such a caller has chosen.
 */
const centreQuery = (centerId: string | undefined) => (centerId ? { center_id: centerId } : undefined);

/** The centres an owner or the super admin may choose between (those in their reach). */
export const useAttendanceCentres = (enabled: boolean) =>
  useQuery({
    queryKey: ["centers"],
    queryFn: ({ signal }) => api.get("/centers", z.array(center), { signal }),
    staleTime: 60_000,
    enabled,
  });

export function useRooms(centerId?: string, enabled = true) {
  useLiveAttendance();
  return useQuery({
    queryKey: [...KEY, "rooms", centerId ?? "own"],
    queryFn: () => api.get("/attendance/rooms", attendanceRooms, { query: centreQuery(centerId) }),
    enabled,
  });
}

export const useRoster = (classroomId: string | null) =>
  useQuery({
    queryKey: [...KEY, "roster", classroomId],
    queryFn: () => api.get("/attendance/roster", roster, { query: { classroom_id: classroomId! } }),
    enabled: Boolean(classroomId),
  });

/** Who is in now per room; during an alert the accounted-for ticks rise live. */
export function useHeadcount(centerId?: string, enabled = true) {
  useLiveAttendance();
  return useQuery({
    queryKey: [...KEY, "headcount", centerId ?? "own"],
    queryFn: () => api.get("/attendance/headcount", headcount, { query: centreQuery(centerId) }),
    enabled,
  });
}

export function useHeadcountMark(centerId?: string) {
  const queryClient = useQueryClient();
  const key = [...KEY, "headcount", centerId ?? "own"];
  return useMutation({
    mutationFn: (input: { student_id: string; accounted: boolean }) => api.post("/attendance/headcount/mark", input),
    // The tick shows at once; the refetch after the answer (or a failure) brings the server's truth.
    onMutate: (input) =>
      queryClient.setQueryData<Headcount>(key, (current) => {
        if (!current) return current;
        const was = current.rooms.some((room) =>
          room.children.some((child) => child.student_id === input.student_id && child.accounted),
        );
        return {
          ...current,
          accounted: current.accounted + (input.accounted === was ? 0 : input.accounted ? 1 : -1),
          rooms: current.rooms.map((room) => ({
            ...room,
            children: room.children.map((child) =>
              child.student_id === input.student_id ? { ...child, accounted: input.accounted } : child,
            ),
          })),
        };
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useStaffOnDuty = (centerId?: string) =>
  useQuery({
    queryKey: [...KEY, "staff", centerId ?? "own"],
    queryFn: () => api.get("/attendance/staff", staffOnDuty, { query: centreQuery(centerId) }),
  });

/**
 * The parent's "Today". A parent hears no staff `attendance-update`; their own children's
 * arrivals, departures and absences come as `child-update` to their own room, and a reconnect
 * refetches (useLiveAttendance).
 */
export function useParentDay() {
  useLiveAttendance();
  const queryClient = useQueryClient();
  const refetch = useCallback(
    (event: ChildUpdateEvent) => {
      if (event.kind === "attendance") void queryClient.invalidateQueries({ queryKey: [...KEY, "parent-day"] });
    },
    [queryClient],
  );
  useRealtimeEvent("child-update", refetch);
  return useQuery({ queryKey: [...KEY, "parent-day"], queryFn: () => api.get("/parents/attendance/today", parentDay) });
}

const nameOf = (child: RosterChild) => `${child.first_name} ${child.last_name}`.trim();

/**
 * The roster's taps. Check-in, check-out and absent are recorded on the device when there is no
 * network (offline/sendTaps.ts): their mutations run offline too, and resolve "queued".
 */
export function useAttendanceActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    checkIn: useMutation({
      networkMode: "always",
      mutationFn: (child: RosterChild) =>
        recordTap(queryClient, {
          write: "POST /api/attendance/check-in",
          what: `Check-in · ${nameOf(child)}`,
          childIds: [child.student_id],
          body: (tapped_at) => ({ student_id: child.student_id, tapped_at }),
        }),
      onSuccess,
    }),
    checkOut: useMutation({
      networkMode: "always",
      mutationFn: ({ child, ...input }: Omit<z.input<typeof checkOutInput>, "student_id"> & { child: RosterChild }) =>
        recordTap(queryClient, {
          write: "POST /api/attendance/check-out",
          what: `Check-out · ${nameOf(child)}`,
          childIds: [child.student_id],
          body: (tapped_at) => ({ ...input, student_id: child.student_id, tapped_at }),
        }),
      onSuccess,
    }),
    absent: useMutation({
      networkMode: "always",
      mutationFn: ({ child, ...input }: Omit<z.input<typeof absentInput>, "student_id"> & { child: RosterChild }) =>
        recordTap(queryClient, {
          write: "POST /api/attendance/absent",
          what: `Absent · ${nameOf(child)}`,
          childIds: [child.student_id],
          body: (tapped_at) => ({ ...input, student_id: child.student_id, tapped_at }),
        }),
      onSuccess,
    }),
    undo: useMutation({
      mutationFn: (input: { student_id: string; action: "check_in" | "check_out" | "absent" }) =>
        api.post("/attendance/undo", input),
      onSuccess,
    }),
    correct: useMutation({
      mutationFn: ({ id, body }: { id: string; body: z.input<typeof correctionInput> }) =>
        api.put(`/attendance/stays/${id}`, body),
      onSuccess,
    }),
    clockIn: useMutation({ mutationFn: () => api.post("/attendance/clock-in"), onSuccess }),
    clockOut: useMutation({ mutationFn: () => api.post("/attendance/clock-out"), onSuccess }),
  };
}
