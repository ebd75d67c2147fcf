import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeEach, inject } from "vitest";
import { closedPages, useServer } from "./helpers";
import { startServer } from "./server";

// Each test file gets its own server on its own copy of the demo data: a journey that changes
// data never meets another file's changes, and files can run side by side.
const { root, demoDataDir } = inject("e2e");
const dataDir = await mkdtemp(path.join(tmpdir(), "sprout-e2e-"));
// cp(1) copies the database's 1,700 files in a fifth of the time Node's fs.cp takes.
await promisify(execFile)("cp", ["-R", `${demoDataDir}/.`, dataDir]);
const server = await startServer(root, dataDir);
useServer(server.baseURL);

beforeEach(({ onTestFailed }) => {
  closedPages.length = 0;
  onTestFailed(() => {
    for (const shown of closedPages) console.error(`A page of the failed journey, when it was closed: ${shown}`);
  });
});

afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});
