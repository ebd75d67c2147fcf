import {
  type ClientToServerEvents,
  CONNECT_TIMEOUT_MS,
  REALTIME_PATH,
  RECONNECT_DELAY_MAX_MS,
  RECONNECT_DELAY_MS,
  type ServerToClientEvents,
} from "@sprout/shared/realtime/events";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { io, type Socket } from "socket.io-client";
import { refreshSession } from "../api/refresh";
import { readTokens } from "../auth/session";

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** spec 2, section 4: disconnected, connected, error. */
export type RealtimeStatus = "disconnected" | "connected" | "error";

const RealtimeContext = createContext<{ socket: RealtimeSocket | null; status: RealtimeStatus }>({
  socket: null,
  status: "disconnected",
});

/**
 * One socket for the signed-in page, on the app's own origin. Each (re)connection reads the
 * current tokens; a handshake refused for an expired access token refreshes once and retries.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [socket, setSocket] = useState<RealtimeSocket | null>(null);
  const [status, setStatus] = useState<RealtimeStatus>("disconnected");

  useEffect(() => {
    const client: RealtimeSocket = io({
      path: REALTIME_PATH,
      // A WebSocket at once: opening with long-polling and then upgrading cost a phone four more
      // requests while the home loads. Polling stays the fallback for networks that refuse WebSockets.
      transports: ["websocket", "polling"],
      tryAllTransports: true,
      auth: (callback) => {
        const { token, sessionToken } = readTokens();
        callback({ token: token ?? "", sessionToken: sessionToken ?? "" });
      },
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
      timeout: CONNECT_TIMEOUT_MS,
    });
    let refreshed = false;
    client.on("connect", () => {
      refreshed = false;
      setStatus("connected");
    });
    client.on("disconnect", () => setStatus("disconnected"));
    client.on("connect_error", async (error) => {
      setStatus("error");
      // A refusal by the server stops Socket.IO's own retries; an expired token is worth one refresh.
      if (client.active || refreshed) return;
      refreshed = true;
      if (error.message.includes("expired") && (await refreshSession()) === "refreshed") client.connect();
    });
    setSocket(client);
    return () => {
      client.close();
      setSocket(null);
    };
  }, []);

  return <RealtimeContext.Provider value={{ socket, status }}>{children}</RealtimeContext.Provider>;
}

export const useRealtime = () => useContext(RealtimeContext);

/** Runs `handler` for each `event` while the component is mounted. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const { socket } = useRealtime();
  useEffect(() => {
    if (!socket) return;
    // The pair (event, handler) is checked by this hook's signature; socket.io's own overloads
    // cannot follow a generic E (as on the server's publisher).
    const listener = handler as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event, handler]);
}
