// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (TypeScript, loaded through tsx) in this same process so signals reach it directly.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtPage = path.join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "packages/shared/src"];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const sourcesChanged = () =>
  Math.max(
    ...sources
      .map((source) => path.join(root, source))
      .filter(existsSync)
      .map(newestChange),
  );

if (!existsSync(builtPage) || sourcesChanged() > statSync(builtPage).mtimeMs) {
  console.log("Building the web app...");
  execSync("npm run build -w @sprout/web", { cwd: root, stdio: "inherit" });
}

register();
await import(path.join(root, "apps/server/src/main.ts"));
