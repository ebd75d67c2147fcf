import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import {
  type ClientToServerEvents,
  REALTIME_MESSAGES,
  REALTIME_PATH,
  type ServerToClientEvents,
} from "@sprout/shared/realtime/events";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { childrenReadBy, isFamily } from "../auth/access.ts";
import type { Caller, Scope } from "../auth/caller.ts";
import type { Database } from "../db/client.ts";
import { sessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import type { Clock } from "../lib/clock.ts";
import { HttpError } from "../lib/errors.ts";
import { closeRedis } from "../lib/redis-close.ts";
import { createPublisher, type RealtimePublisher } from "./publisher.ts";
import { rooms } from "./rooms.ts";

interface SocketData {
  caller: Caller;
  scope: Scope;
  /** The rooms of the caller's scope, worked out during the handshake. */
  rooms: string[];
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeDeps {
  db: Database;
  clock: Clock;
  /** The API's own check of a token and session token (auth/guard.ts). */
  authenticate(headers: Record<string, string>): Promise<Caller>;
  redisUrl?: string;
  /** How often live sockets' sessions are checked again; a revoked session's sockets are dropped. */
  sessionCheckMs?: number;
}

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  publisher: RealtimePublisher;
  /** Drops sockets whose session has ended; runs on a timer and can be called directly. */
  dropEndedSessions(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Socket.IO on the app's own HTTP server (same port and origin, path /socket.io). The handshake
 * is checked exactly like an API call; a socket joins only the rooms of its scope.
 */
export function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
  });
  const redis = deps.redisUrl ? new Redis(deps.redisUrl, { connectTimeout: 2000 }) : undefined;
  const subscriber = redis?.duplicate();
  if (redis && subscriber) io.adapter(createAdapter(redis, subscriber));

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as Record<string, unknown>;
    const token = typeof auth.token === "string" ? auth.token : "";
    const sessionToken = typeof auth.sessionToken === "string" ? auth.sessionToken : "";
    try {
      const caller = await deps.authenticate({ authorization: `Bearer ${token}`, "x-session-token": sessionToken });
      socket.data.caller = caller;
      socket.data.scope = await caller.scope();
      socket.data.rooms = await roomsOf(caller, socket.data.scope);
      next();
    } catch (error) {
      const refusal = new Error(error instanceof HttpError ? error.message : REALTIME_MESSAGES.session) as Error & {
        data?: unknown;
      };
      refusal.data = { code: error instanceof HttpError ? error.code : "UNAUTHORIZED" };
      next(refusal);
    }
  });

  io.on("connection", (socket: AppSocket) => {
    const { caller, scope } = socket.data;
    const centreRoom = isFamily(caller) ? rooms.centreFamilies : rooms.centreStaff;
    // Joined synchronously, before any packet from the client can be read: nothing sent after
    // the client sees "connect" can miss this socket.
    void socket.join(socket.data.rooms);

    const joinCentre = async (event: "join-center" | "subscribe-dashboard", centerId: unknown) => {
      if (typeof centerId !== "string" || !scope.centerIds.includes(centerId)) {
        socket.emit("error", { event, message: REALTIME_MESSAGES.centreRefused });
        return;
      }
      await socket.join(centreRoom(centerId));
      socket.emit("joined", { center_id: centerId });
    };
    socket.on("join-center", (centerId) => void joinCentre("join-center", centerId));
    socket.on("subscribe-dashboard", (payload) => void joinCentre("subscribe-dashboard", payload?.centerId));
  });

  /**
   * The user's own room and the centres of their scope; for staff, also the rooms of the children
   * they may read. A parent hears of a child only in their own user room (realtime/child-audience.ts).
   */
  async function roomsOf(caller: Caller, scope: Scope): Promise<string[]> {
    if (isFamily(caller)) return [rooms.user(caller.userId), ...scope.centerIds.map(rooms.centreFamilies)];
    const read = childrenReadBy(caller, scope);
    return [
      rooms.user(caller.userId),
      ...scope.centerIds.map(rooms.centreStaff),
      ...read.centerIds.map(rooms.centreChildReaders),
      ...read.classroomIds.map(rooms.classroomStaff),
    ];
  }

  async function dropEndedSessions(): Promise<number> {
    const local = [...io.of("/").sockets.values()];
    if (local.length === 0) return 0;
    const sessionIds = [...new Set(local.map((socket) => socket.data.caller.sessionId))];
    const now = deps.clock.now();
    const live = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += 1000) {
      const rows = await deps.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, sessionIds.slice(start, start + 1000)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            eq(users.isActive, true),
          ),
        );
      for (const row of rows) live.add(row.id);
    }
    let dropped = 0;
    for (const socket of local) {
      if (live.has(socket.data.caller.sessionId)) continue;
      socket.emit("error", { event: "session", message: REALTIME_MESSAGES.session });
      socket.disconnect(true);
      dropped++;
    }
    return dropped;
  }

  const timer = setInterval(() => {
    dropEndedSessions().catch(() => {
      // A failed check is retried on the next tick; the sockets stay until a check succeeds.
    });
  }, deps.sessionCheckMs ?? 5000);
  timer.unref();

  return {
    io,
    publisher: createPublisher(io as unknown as Server<Record<string, never>, ServerToClientEvents>),
    dropEndedSessions,
    async close() {
      clearInterval(timer);
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all([redis && closeRedis(redis), subscriber && closeRedis(subscriber)]);
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: Realtime;
  }
}
