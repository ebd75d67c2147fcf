import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock.ts";
import type { AccessLogWriter } from "./access-log.ts";
import { childRecord, registerRecordReads } from "./record-reads.ts";

/** The rule under test is about registering routes: no read is ever recorded here. */
const unusedWriter: AccessLogWriter = {
  record: () => {},
  flush: async () => {},
  close: async () => {},
};

describe("a route whose staff reads are logged", () => {
  it("cannot keep its answer, because a kept answer would go out unlogged", () => {
    const app = Fastify();
    registerRecordReads(app, unusedWriter, systemClock);
    expect(() =>
      app.get(
        "/children/:id/photos",
        { config: { childRecord: childRecord("photos", { param: "id" }), keptAnswer: true } },
        async () => ({}),
      ),
    ).toThrow("GET /children/:id/photos: a route whose reads are logged cannot keep its answer");
  });

  it("either one alone registers", async () => {
    const app = Fastify();
    registerRecordReads(app, unusedWriter, systemClock);
    app.get("/logged/:id", { config: { childRecord: childRecord("photos", { param: "id" }) } }, async () => ({}));
    app.get("/kept", { config: { keptAnswer: true } }, async () => ({}));
    await app.ready();
    await app.close();
  });
});
