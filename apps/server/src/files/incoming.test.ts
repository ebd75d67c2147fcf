import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { INCOMING, OWN_PREFIX, receiveToTemp, removeStaleIncoming } from "./incoming.ts";

describe("temporary upload files", () => {
  it("a part past its limit is read to its end, refused, and leaves no file", async () => {
    const before = new Set(existsSync(INCOMING) ? readdirSync(INCOMING) : []);
    const chunks = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 1));
    const source = Readable.from(chunks);
    await expect(
      receiveToTemp("big.bin", source, { limitFor: () => 1024 * 1024, tooLarge: () => new Error("too large") }),
    ).rejects.toThrow("too large");
    expect(source.readableEnded).toBe(true);
    // The other test worker may be receiving its own uploads meanwhile.
    const after = readdirSync(INCOMING).filter((name) => name.startsWith(OWN_PREFIX) && !before.has(name));
    expect(after).toEqual([]);
  });

  it("the sweep removes those an interrupted upload left an hour ago, not those being written", async () => {
    mkdirSync(INCOMING, { recursive: true });
    const stale = path.join(INCOMING, randomUUID());
    const fresh = path.join(INCOMING, randomUUID());
    writeFileSync(stale, "left by a crash");
    writeFileSync(fresh, "arriving now");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleIncoming(3_600_000)).toBeGreaterThanOrEqual(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    rmSync(fresh);
  });
});
