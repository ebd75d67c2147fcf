import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeApi, TYPES_FILE, typesOf } from "../openapi/generate.ts";

/**
 * npm run lint:api   the OpenAPI description, linted by Redocly CLI (redocly.yaml: recommended rules)
 * npm run api:types  rewrites the generated client types (apps/server/src/openapi/api-types.generated.ts)
 * tsx apps/server/src/cli/openapi.ts write FILE   writes the description to FILE
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

async function main() {
  const [command, file] = process.argv.slice(2);
  const document = await describeApi();
  if (command === "types") {
    writeFileSync(TYPES_FILE, await typesOf(document));
    console.log(`wrote ${path.relative(root, TYPES_FILE)}`);
    return 0;
  }
  if (command === "write" && file) {
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    return 0;
  }
  if (command === "lint") {
    const folder = mkdtempSync(path.join(tmpdir(), "sprout-openapi-"));
    try {
      const target = path.join(folder, "openapi.json");
      writeFileSync(target, JSON.stringify(document, null, 2));
      const redocly = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
      const run = spawnSync(
        process.execPath,
        [redocly, "lint", target, "--config", path.join(root, "redocly.yaml"), "--format", "summary"],
        { stdio: "inherit", cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
      );
      return run.status ?? 1;
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  console.error("Usage: tsx apps/server/src/cli/openapi.ts lint | types | write FILE");
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
