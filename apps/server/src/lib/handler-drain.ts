import type { FastifyInstance, RouteHandlerMethod } from "fastify";

/**
 * Closing the app waits for the route handlers still running, at most `deadlineMs`, before the
 * server stops and the onClose hooks end Redis, the mail run and (in main.ts) the database pool.
 * Fastify waits only for open connections: a request whose client gave up (a phone that lost its
 * signal, a deploy's load balancer) still runs its handler, which then found the pool ended and
 * stopped half way. Register it before any route.
 */
export function drainHandlersOnClose(app: FastifyInstance, deadlineMs: number) {
  const running = new Set<Promise<unknown>>();
  app.addHook("onRoute", (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (request, reply) {
      const result = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const settled: Promise<unknown> = result.then(
          () => running.delete(settled),
          () => running.delete(settled),
        );
        running.add(settled);
      }
      return result;
    };
  });
  app.addHook("preClose", async () => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deadlineMs);
    });
    while (running.size > 0) {
      const left = await Promise.race([Promise.all(running).then(() => "done" as const), deadline]);
      if (left !== "done") {
        app.log.warn({ handlers: running.size }, "closing with route handlers still running");
        break;
      }
    }
    clearTimeout(timer);
  });
}
