import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";

const { app } = await createTestApp({ seed: false });

describe("security headers", () => {
  it("are on every answer: a success, a refusal and an unknown route", async () => {
    for (const url of ["/api/health", "/api/auth/verify", "/api/no-such-route"]) {
      const response = await app.inject({ url });
      expect(response.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
      expect(response.headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(response.headers["content-security-policy"], url).not.toContain("upgrade-insecure-requests");
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(response.headers["strict-transport-security"], url).toContain("max-age=");
      expect(response.headers["x-powered-by"], url).toBeUndefined();
    }
  });
});
