import { ACCESS_TOKEN_TTL_SECONDS } from "@sprout/shared/constants";
import { describe, expect, it } from "vitest";
import { createAccessTokens } from "./tokens.ts";

const SECRET = "token-test-secret-".padEnd(48, "x");
const claims = { userId: "3b1f4c7e-0000-4000-8000-000000000001", sessionId: "3b1f4c7e-0000-4000-8000-000000000002" };

describe("access tokens", () => {
  it("a verified token is believed until it expires, and not a moment longer", async () => {
    const tokens = createAccessTokens(SECRET);
    const issued = new Date("2026-11-25T09:00:00Z");
    const token = await tokens.sign(claims, issued);
    expect(await tokens.verify(token, issued)).toEqual(claims);
    const justBefore = new Date(issued.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await tokens.verify(token, justBefore)).toEqual(claims);
    const expired = new Date(issued.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await tokens.verify(token, expired)).toBeNull();
    expect(await tokens.verify(token, issued)).toEqual(claims);
  });

  it("refuses a token changed by hand or signed with another secret", async () => {
    const tokens = createAccessTokens(SECRET);
    const now = new Date("2026-11-25T09:00:00Z");
    const token = await tokens.sign(claims, now);
    expect(await tokens.verify(token, now)).toEqual(claims);
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ sub: claims.userId, sid: "someone-else", exp: 9_999_999_999 }),
    ).toString("base64url");
    expect(await tokens.verify(`${header}.${forged}.${signature}`, now)).toBeNull();
    const foreign = await createAccessTokens("another-secret-".padEnd(48, "y")).sign(claims, now);
    expect(await tokens.verify(foreign, now)).toBeNull();
  });
});
