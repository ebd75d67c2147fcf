import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../../test/source-files.ts";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A transaction opened on the database (`db.transaction(` or `transaction(db, …`). */
const OPENS_TRANSACTION = /\.transaction\(|\btransaction\(\s*[\w.]+\s*,/g;
/** An event sent: through the publisher, or a child audience's `tell`/`tellDay`. */
const SENDS_EVENT = /\brealtime\.to\w+\(|\.tell(?:Day)?\(/g;

/** Where the call whose name ends at `from` closes: the matching parenthesis. */
function closingParenthesis(text: string, from: number): number {
  let depth = 0;
  for (let at = text.indexOf("(", from); at < text.length; at++) {
    if (text[at] === "(") depth++;
    else if (text[at] === ")" && --depth === 0) return at;
  }
  return text.length;
}

/**
 * The lines of `text` that send an event from inside a transaction's callback. Such an event
 * would leave before the commit (and after a rollback): a transaction queues its events with
 * `afterCommit`, or the service sends them once `transaction` has returned.
 */
function sentInsideTransactions(text: string): number[] {
  const spans = [...text.matchAll(OPENS_TRANSACTION)].map(
    (open) => [open.index, closingParenthesis(text, open.index)] as const,
  );
  return [...text.matchAll(SENDS_EVENT)]
    .filter((send) => spans.some(([start, end]) => start < send.index && send.index < end))
    .map((send) => text.slice(0, send.index).split("\n").length);
}

describe("realtime events leave after the commit", () => {
  it("no source file sends an event from inside a transaction's callback", () => {
    const early = sourceFiles().flatMap((file) =>
      sentInsideTransactions(readFileSync(path.join(SRC, file), "utf8")).map((line) => `${file}:${line}`),
    );
    expect(early).toEqual([]);
  });

  it("the check finds an event sent inside a transaction, and not one sent after it", () => {
    const early = `await db.transaction(async (tx) => {\n  await tx.insert(x);\n  realtime.toUsers([id], "notification", { id, kind });\n});`;
    const late = `await db.transaction(async (tx) => {\n  await tx.insert(x);\n});\nrealtime.toUsers([id], "notification", { id, kind });`;
    expect(sentInsideTransactions(early)).toEqual([3]);
    expect(sentInsideTransactions(late)).toEqual([]);
  });
});
