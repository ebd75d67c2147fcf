import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm start` resolves both builds from its own place (scripts/..): a copy of it in an empty
// folder is a checkout where nothing is built (docs/adr/0040-production-build.md).
const startScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../scripts/start.mjs");
let checkout: string;

beforeAll(() => {
  checkout = mkdtempSync(path.join(tmpdir(), "sprout-start-"));
  mkdirSync(path.join(checkout, "scripts"));
  copyFileSync(startScript, path.join(checkout, "scripts", "start.mjs"));
});

afterAll(() => rmSync(checkout, { recursive: true, force: true }));

function startInProduction() {
  return spawnSync(process.execPath, [path.join(checkout, "scripts", "start.mjs")], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_URL: "http://localhost:5055",
      VAPID_SUBJECT: "mailto:ops@sprout.test",
    },
    encoding: "utf8",
    timeout: 20_000,
  });
}

describe("a production start without a build", () => {
  it("refuses, names both builds and says to run npm run build", () => {
    const run = startInProduction();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Refusing to start with NODE_ENV=production");
    expect(run.stderr).toContain("the web app (apps/web/dist/index.html) and the server (apps/server/dist/main.js)");
    expect(run.stderr).toContain("Run `npm run build` first");
  });

  it("refuses when only the web app is built, and builds nothing itself", () => {
    mkdirSync(path.join(checkout, "apps/web/dist"), { recursive: true });
    writeFileSync(path.join(checkout, "apps/web/dist/index.html"), "<!doctype html>");
    const run = startInProduction();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the server (apps/server/dist/main.js) is not built");
    expect(run.stderr).not.toContain("the web app");
    expect(run.stdout).not.toContain("Building");
  });
});
