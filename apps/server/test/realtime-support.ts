import type { ClientToServerEvents, ServerToClientEvents } from "@sprout/shared/realtime/events";
import type { FastifyInstance } from "fastify";
import { io, type Socket } from "socket.io-client";
import { afterAll } from "vitest";

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts the app on a free port so that real sockets can reach it; returns its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return address;
}

const opened: TestSocket[] = [];
afterAll(() => {
  for (const socket of opened) socket.close();
});

function open(url: string, auth: object): TestSocket {
  const socket: TestSocket = io(url, {
    path: "/socket.io",
    auth,
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  opened.push(socket);
  return socket;
}

/** A connected socket for a signed-in user. */
export function connect(url: string, session: { token: string; sessionToken: string }): Promise<TestSocket> {
  const socket = open(url, { token: session.token, sessionToken: session.sessionToken });
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", (error) => reject(error));
  });
}

/** The message a refused handshake answers with. */
export function refusal(url: string, auth: object): Promise<string> {
  const socket = open(url, auth);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the handshake was accepted")));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

/**
 * Records every event a socket receives, in order, so that a test can wait for one and check
 * what came before it.
 */
export function recorder(socket: TestSocket) {
  const seen: { event: string; payload: unknown }[] = [];
  const waiters: { match: (event: string, payload: unknown) => boolean; resolve: (payload: unknown) => void }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    seen.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.match(event, payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  return {
    seen,
    events: (name: string) => seen.filter((entry) => entry.event === name).map((entry) => entry.payload),
    /** Resolves with the first payload (already seen or still to come) that matches. */
    next<T = Record<string, unknown>>(event: string, where: (payload: T) => boolean = () => true): Promise<T> {
      const match = (name: string, payload: unknown) => name === event && where(payload as T);
      const earlier = seen.find((entry) => match(entry.event, entry.payload));
      if (earlier) return Promise.resolve(earlier.payload as T);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
        waiters.push({
          match,
          resolve: (payload) => {
            clearTimeout(timer);
            resolve(payload as T);
          },
        });
      });
    },
  };
}
