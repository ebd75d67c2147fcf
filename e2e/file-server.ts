import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { startServer } from "./server";

// Each test file gets its own server on its own copy of the demo data: a journey that changes
// data never meets another file's changes, and files can run side by side.
const { root, demoDataDir } = inject("e2e");
const dataDir = await mkdtemp(path.join(tmpdir(), "sprout-e2e-"));
await cp(demoDataDir, dataDir, { recursive: true });
const server = await startServer(root, dataDir);
process.env.SPROUT_E2E_BASE_URL = server.baseURL;

afterAll(async () => {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
});
