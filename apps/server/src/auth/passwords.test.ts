import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

const switchAsConfigured = process.env.TEST_FAST_PASSWORD_HASHING;
afterEach(() => {
  process.env.TEST_FAST_PASSWORD_HASHING = switchAsConfigured;
});

describe("password hashes", () => {
  it("use argon2id at 19 MiB and two passes unless a test run switches to its cheap profile", async () => {
    delete process.env.TEST_FAST_PASSWORD_HASHING;
    const strong = await hashPassword("Sprout@2026");
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    process.env.TEST_FAST_PASSWORD_HASHING = "1";
    const cheap = await hashPassword("Sprout@2026");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);

    // Each hash carries its own cost: both verify whichever profile is on now.
    for (const made of [strong, cheap]) {
      expect(await verifyPassword(made, "Sprout@2026")).toBe(true);
      expect(await verifyPassword(made, "Sprout@2025")).toBe(false);
    }
  });
});
