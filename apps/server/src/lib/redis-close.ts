import type { Redis } from "ioredis";

/**
 * Closes a Redis client. Connected: QUIT, so replies still owed arrive first. Not connected (Redis
 * down or unreachable): QUIT would wait in the offline queue for a server that is not there and
 * the server's shutdown with it, so the connection attempts are simply stopped.
 */
export async function closeRedis(client: Pick<Redis, "status" | "quit" | "disconnect">): Promise<void> {
  if (client.status === "ready") await client.quit();
  else client.disconnect();
}
