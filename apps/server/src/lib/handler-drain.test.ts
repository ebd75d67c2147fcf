import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { drainHandlersOnClose } from "./handler-drain.ts";

/** A handler held until `release` is called, recording what it saw when it ran on. */
function heldApp(deadlineMs: number) {
  const app = Fastify();
  const events: string[] = [];
  let release = () => {};
  let started = () => {};
  const handlerStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  drainHandlersOnClose(app, deadlineMs);
  app.addHook("onClose", async () => void events.push("resources closed"));
  app.get("/slow", async () => {
    started();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    events.push("handler finished");
    return { ok: true };
  });
  app.get("/quick", () => ({ ok: true }));
  return { app, events, handlerStarted, release: () => release() };
}

describe("closing waits for the handlers still running", () => {
  it("a handler in progress finishes before the onClose hooks end what it uses", async () => {
    const { app, events, handlerStarted, release } = heldApp(5_000);
    const answer = app.inject({ method: "GET", url: "/slow" });
    await handlerStarted;
    const closed = app.close().then(() => events.push("app closed"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    await closed;
    expect(events).toEqual(["handler finished", "resources closed", "app closed"]);
    expect((await answer).json()).toEqual({ ok: true });
  });

  it("a handler that never ends holds the close only until the deadline", async () => {
    const { app, events, handlerStarted } = heldApp(100);
    void app.inject({ method: "GET", url: "/slow" });
    await handlerStarted;
    await app.close();
    expect(events).toEqual(["resources closed"]);
  });

  it("with nothing running, closing does not wait, and plain handlers still answer", async () => {
    const { app, events } = heldApp(60_000);
    expect((await app.inject({ method: "GET", url: "/quick" })).json()).toEqual({ ok: true });
    await app.close();
    expect(events).toEqual(["resources closed"]);
  });
});
