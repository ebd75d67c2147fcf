import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestApp, DEMO_EMAILS, signIn } from "../../test/harness.ts";
import { connect, listen } from "../../test/realtime-support.ts";
import { mailOutbox } from "../db/schema/account.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const { app, database, clock } = await createTestApp({ metricsToken: TOKEN });

const scrape = (authorization?: string) =>
  app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The value of one sample of the scrape: the metric name and exactly these labels. */
function sample(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(",");
  for (const line of body.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(",").filter(Boolean).sort().join(",");
    if (present === wanted) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  it("refuses a missing, wrong or differently sent token with 401 in the app's error format", async () => {
    for (const authorization of [
      undefined,
      "Bearer not-the-token-at-all-000000",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const response = await scrape(authorization);
      expect(response.statusCode, `${authorization}: ${response.body}`).toBe(401);
      expect(response.json()).toEqual({ error: "A valid metrics token is required", code: "UNAUTHORIZED" });
      expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain("http_requests_total");
    }
  });

  it("counts requests and their latency by route pattern and status, never by raw URL", async () => {
    for (let call = 0; call < 3; call++) {
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
    const child = randomUUID();
    const refused = await app.inject({ method: "GET", url: `/api/child-health/${child}` });
    expect(refused.statusCode).toBe(401);
    const unknown = `no-such-call-${randomUUID()}`;
    expect((await app.inject({ method: "GET", url: `/api/${unknown}` })).statusCode).toBe(404);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    const body = response.body;

    const health = { method: "GET", route: "/api/health", status_code: "200" };
    expect(sample(body, "http_requests_total", health)).toBe(3);
    expect(sample(body, "http_request_duration_seconds_count", health)).toBe(3);
    expect(sample(body, "http_request_duration_seconds_bucket", { ...health, le: "+Inf" })).toBe(3);
    expect(sample(body, "http_request_duration_seconds_sum", health)).toBeGreaterThan(0);

    const pattern = { method: "GET", route: "/api/child-health/:childId", status_code: "401" };
    expect(sample(body, "http_requests_total", pattern)).toBe(1);
    expect(sample(body, "http_requests_total", { method: "GET", route: "unmatched", status_code: "404" })).toBe(1);
    expect(body).not.toContain(child);
    expect(body).not.toContain(unknown);
    // The refused scrapes of the test above are counted too, under the route's own pattern.
    expect(sample(body, "http_requests_total", { method: "GET", route: "/metrics", status_code: "401" })).toBe(6);
  });

  it("includes the process's event-loop delay among prom-client's default metrics", async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(sample(body, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(body, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(body, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("reports the database's connection use as the driver knows it", async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    if (database.kind === "postgres") {
      // The scrape itself ran one query (the outbox count): the pool has opened a connection.
      expect(sample(body, "sprout_db_pool_connections")).toBeGreaterThan(0);
      expect(sample(body, "sprout_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(sample(body, "sprout_db_pool_waiting_requests")).toBe(0);
      expect(body).not.toContain("sprout_db_queued_statements");
    } else {
      // PGlite has no pool: what it has is a queue of statements, empty between requests.
      expect(sample(body, "sprout_db_queued_statements")).toBe(0);
      expect(body).not.toContain("sprout_db_pool_connections");
    }
  });

  it("reports the mail not yet delivered, read at scrape time", async () => {
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, "sprout_mail_outbox_pending_messages");
    expect(before).toBeGreaterThanOrEqual(0);
    // Due tomorrow, so that no delivery run takes them while the test looks.
    const later = new Date(clock.now().getTime() + 86_400_000);
    const row = (status: "queued" | "sending" | "sent" | "failed") => ({
      to: `${status}@example.in`,
      subject: "Metrics",
      text: "Outbox depth",
      transport: "smtp" as const,
      status,
      nextAttemptAt: later,
      createdAt: clock.now(),
    });
    await database.db.insert(mailOutbox).values([row("queued"), row("sending"), row("sent"), row("failed")]);
    const after = sample((await scrape(`Bearer ${TOKEN}`)).body, "sprout_mail_outbox_pending_messages");
    expect(after).toBe(before! + 2);
  });

  it("reports the Socket.IO sockets connected to this instance", async () => {
    const url = await listen(app);
    const sockets = async () => sample((await scrape(`Bearer ${TOKEN}`)).body, "sprout_realtime_connected_sockets");
    expect(await sockets()).toBe(0);
    const socket = await connect(url, await signIn(app, DEMO_EMAILS.teacher));
    expect(await sockets()).toBe(1);
    socket.close();
    let count = await sockets();
    for (let tries = 0; tries < 50 && count !== 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      count = await sockets();
    }
    expect(count).toBe(0);
  });
});
