import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp, sendWebApp } from "./static.ts";

const script = "console.log('sprout');".repeat(50);
let dist: string;
const app = Fastify({ logger: { level: "error" } });

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "sprout-web-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  const asset = path.join(dist, "assets", "index-abc123.js");
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  await writeFile(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Sprout", start_url: "/" }));
  await writeFile(path.join(dist, "sw.js"), "self.addEventListener('push', () => {});");
  await registerWebApp(app, dist);
  app.setNotFoundHandler((_request, reply) => sendWebApp(reply.type("text/html")));
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe("the built web app", () => {
  it("serves the installable app's manifest as JSON and its service worker revalidated on every visit", async () => {
    const manifest = await app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: "Sprout" });
    const worker = await app.inject({ url: "/sw.js" });
    expect(worker.headers["content-type"]).toMatch(/javascript/);
    // A new release's worker must be fetched on the next visit, not after a year.
    expect(worker.headers["cache-control"]).toBe("no-cache");
  });

  it("sends hashed assets compressed and cached for a year", async () => {
    const brotli = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);

    const gzip = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const plain = await app.inject({ url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("makes the browser revalidate the page itself, on every client-side route", async () => {
    for (const url of ["/", "/index.html", "/children"]) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.body).toContain("<div id=root>");
    }
  });
});
