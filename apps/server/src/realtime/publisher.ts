import type { ServerToClientEvents } from "@sprout/shared/realtime/events";
import type { Server } from "socket.io";
import { rooms } from "./rooms.ts";

export interface ChildReaders {
  centerId: string;
  classroomId: string | null;
  familyUserIds: readonly string[];
}

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** How services send events. With the Redis adapter, every instance's sockets receive them. */
export interface RealtimePublisher {
  toCentreStaff<E extends EventName>(centerId: string, event: E, payload: Payload<E>): void;
  toCentreFamilies<E extends EventName>(centerId: string, event: E, payload: Payload<E>): void;
  toUsers<E extends EventName>(userIds: readonly string[], event: E, payload: Payload<E>): void;
  /**
   * Everyone who may read one child: its own guardians (their user rooms, looked up by the
   * caller), the teachers of its classroom and the centre's staff who read every child.
   */
  toChildReaders<E extends EventName>(child: ChildReaders, event: E, payload: Payload<E>): void;
}

export function createPublisher(io: Server<Record<string, never>, ServerToClientEvents>): RealtimePublisher {
  // The event map is checked by the public signature; socket.io's own overloads cannot follow a generic E.
  const emit = (target: string | string[], event: EventName, payload: unknown) =>
    (io.to(target) as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);
  return {
    toCentreStaff: (centerId, event, payload) => emit(rooms.centreStaff(centerId), event, payload),
    toCentreFamilies: (centerId, event, payload) => emit(rooms.centreFamilies(centerId), event, payload),
    // One emit to the union of rooms: a socket in several of them hears the event once.
    toChildReaders: (child, event, payload) =>
      emit(
        [
          rooms.centreChildReaders(child.centerId),
          ...(child.classroomId ? [rooms.classroomStaff(child.classroomId)] : []),
          ...child.familyUserIds.map(rooms.user),
        ],
        event,
        payload,
      ),
    toUsers: (userIds, event, payload) => {
      if (userIds.length > 0) emit(userIds.map(rooms.user), event, payload);
    },
  };
}
