import type { ServerToClientEvents } from "@sprout/shared/realtime/events";
import type { Server } from "socket.io";
import { rooms } from "./rooms.ts";

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How services send events. With the Redis adapter, every instance's sockets receive them. */
export interface RealtimePublisher {
  toCentreStaff<E extends EventName>(centerId: string, event: E, payload: Payload<E>): void;
  toCentreFamilies<E extends EventName>(centerId: string, event: E, payload: Payload<E>): void;
  toUsers<E extends EventName>(userIds: readonly string[], event: E, payload: Payload<E>): void;
  /** The families of a classroom's children (parents join their children's classroom rooms). */
  toClassroom<E extends EventName>(classroomId: string, event: E, payload: Payload<E>): void;
}

export function createPublisher(io: Server<Record<string, never>, ServerToClientEvents>): RealtimePublisher {
  // The event map is checked by the public signature; socket.io's own overloads cannot follow a generic E.
  const emit = (target: string | string[], event: EventName, payload: unknown) =>
    (io.to(target) as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);
  return {
    toCentreStaff: (centerId, event, payload) => emit(rooms.centreStaff(centerId), event, payload),
    toCentreFamilies: (centerId, event, payload) => emit(rooms.centreFamilies(centerId), event, payload),
    toClassroom: (classroomId, event, payload) => emit(rooms.classroom(classroomId), event, payload),
    toUsers: (userIds, event, payload) => {
      if (userIds.length > 0) emit(userIds.map(rooms.user), event, payload);
    },
  };
}
